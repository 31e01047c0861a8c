import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { eventNameLabel, isStepKey, phoneSettingsFormSchema, settingsFormSchema, STEP_SCHEMAS } from '#app/lib/systems';

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe('the system page forms', () => {
  it('reads ticked boxes as on and unticked (absent) boxes as off, and an empty transfer number as none', () => {
    const submission = parseWithZod(
      form({ text_back_template: 'Sorry we missed you.', record_calls: 'on', transfer_number: '' }),
      { schema: phoneSettingsFormSchema },
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      missed_call_text_back: false,
      text_back_template: 'Sorry we missed you.',
      voicemail_when_closed: false,
      sms_auto_reply: false,
      record_calls: true,
      transfer_number: null,
    });
  });

  it('refuses a transfer number that is not E.164 with the phone message', () => {
    const submission = parseWithZod(form({ text_back_template: 'Hi', transfer_number: '12345' }), {
      schema: phoneSettingsFormSchema,
    });
    expect(submission.status).toBe('error');
    expect(submission.reply().error?.transfer_number?.[0]).toMatch(/international format/);
  });

  it('splits the lead catcher’s allowed sites by line and checks each one', () => {
    const ok = parseWithZod(form({ form_name: 'Quote', allowed_origins: 'https://a.example\nhttps://b.example/' }), {
      schema: STEP_SCHEMAS.website,
    });
    expect(ok.status === 'success' && ok.value.allowed_origins).toEqual(['https://a.example', 'https://b.example']);
    const bad = parseWithZod(form({ form_name: 'Quote', allowed_origins: 'not a site' }), {
      schema: STEP_SCHEMAS.website,
    });
    expect(Object.values(bad.reply().error ?? {}).flat()).toContain(
      'Each allowed site must be a web address such as https://example.com.',
    );
    expect(settingsFormSchema('leadcatcher')).not.toBe(settingsFormSchema('telephony'));
  });

  it('knows the setup steps and names events readably', () => {
    expect(
      ['number', 'try_it', 'website', 'follow_up', 'install', 'mobile', 'forwarding', 'verify'].every(isStepKey),
    ).toBe(true);
    expect(isStepKey('constructor')).toBe(false);
    expect(eventNameLabel('voice.gather')).toBe('Voice gather');
    expect(eventNameLabel('make-a-call')).toBe('Make a call');
    expect(eventNameLabel('sms.text_back')).toBe('Sms text back');
  });
});
