import { describe, expect, it } from 'vitest';
import { renderFormPage } from '#api/features/leadcatcher/page';
import { leadcatcherSnippets } from '#api/features/systems/setup';
import { LEAD_FIELDS, validateLead } from '#api/features/systems/lead-form';

/**
 * The copy-paste HTML form (setup step "Install") and the hosted form page ask for the same
 * things: only the name is required, email, phone and message are marked "(optional)" and
 * have the same limits (issue 22, item 23: the pasted form made the message required).
 */
type FieldMarkup = { required: boolean; optional: boolean; maxLength: string | null };

function fieldsOf(html: string): Record<string, FieldMarkup> {
  const fields: Record<string, FieldMarkup> = {};
  // From one <label to the next: the label's text and its control, wrapped or after it (for=).
  const labelled = html.split('<label').slice(1);
  for (const name of LEAD_FIELDS) {
    const chunk = labelled.find((part) => part.includes(`name="${name}"`)) ?? '';
    const at = chunk.search(/<(input|textarea)\b/);
    const control = /^<(?:input|textarea)\b[^>]*>/.exec(chunk.slice(at))?.[0] ?? '';
    expect(control, `${name} has a labelled control`).toContain(`name="${name}"`);
    fields[name] = {
      required: /\brequired\b/.test(control),
      optional: chunk.slice(0, at).includes('(optional)'),
      maxLength: /maxlength="(\d+)"/.exec(control)?.[1] ?? null,
    };
  }
  return fields;
}

describe('the copy-paste HTML form', () => {
  const snippet = leadcatcherSnippets({ publicUrl: 'https://app.example.com' }, 'sys_123', 'Quote request').html_form;
  const hosted = renderFormPage({
    formName: 'Quote request',
    businessName: 'Ada Plumbing',
    action: '/submit',
    formPath: '/form',
  });

  it('requires, marks optional and limits each field as the hosted form does', () => {
    const pasted = fieldsOf(snippet);
    expect(pasted).toEqual(fieldsOf(hosted));
    expect(pasted.message).toEqual({ required: false, optional: true, maxLength: '5000' });
    expect(pasted.name.required).toBe(true);
  });

  it('says that an email or a phone number is needed, as the server answers when both are missing', () => {
    expect(snippet).toContain('Leave an email or a phone number so we can reply.');
    // And a lead with no message is accepted by the server, as the form now lets it be sent.
    expect(
      validateLead({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '', message: '' }).fieldErrors,
    ).toEqual({});
  });
});
