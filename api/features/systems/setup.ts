import { forwardingCodes } from '#contract/schemas/system';
import type { ApiSetupStep } from '#contract/v1/systems';
import type { ApiDeps } from '#api/deps';
import { leadMessages } from './lead-form';
import type { systems } from '#api/db/schema';

/**
 * Each kind's setup steps (setup/{id} → data.setup_steps). A step is done when what it
 * asks for is stored (the number bought, the website saved, the test call seen); a system
 * is active once its required steps are done. Progress marks live in systems.setup.
 */
type Row = typeof systems.$inferSelect;
export type SetupMarks = {
  website_at?: string;
  follow_up_at?: string;
  first_submission_at?: string;
  first_call_at?: string;
  /** The owner marked "try it" done (setup/{id}/submit try_it) without a call having arrived. */
  tried_at?: string;
  /** The owner marked the form installed (setup/{id}/submit install) before its first submission. */
  installed_at?: string;
  forwarding_at?: string;
  test_call_started_at?: string;
  /** The provider's id of the test call placed to the mobile (its status callbacks are the test's, not a call's). */
  placed_test_call_sid?: string;
  verified_at?: string;
};

export function leadcatcherUrls(deps: Pick<ApiDeps, 'publicUrl'>, systemId: string) {
  const base = `${(deps.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '')}/api/v1/leadcatcher/${encodeURIComponent(systemId)}`;
  return { form: `${base}/form`, script: `${base}/embed.js`, submit: `${base}/submit`, chat: `${base}/chat` };
}

/** The plain HTML form a site can paste: it posts without JavaScript; `website` is the honeypot. */
export function leadcatcherSnippets(deps: Pick<ApiDeps, 'publicUrl'>, systemId: string, formName: string) {
  const urls = leadcatcherUrls(deps, systemId);
  const scriptTag = `<div data-leadcatcher="${systemId}"></div>\n<script src="${urls.script}" async></script>`;
  const htmlForm = [
    `<form action="${urls.submit}" method="post" aria-label="${formName.replace(/"/g, '&quot;')}">`,
    // The same fields, limits and "(optional)" marks as the hosted form (api/features/leadcatcher/page.ts):
    // only the name is required, and the server asks for an email or a phone number.
    '  <label>Name <input name="name" autocomplete="name" maxlength="100" required></label>',
    '  <label>Email (optional) <input name="email" type="email" autocomplete="email" maxlength="100"></label>',
    '  <label>Phone (optional) <input name="phone" type="tel" autocomplete="tel" maxlength="30"></label>',
    '  <label>Message (optional) <textarea name="message" rows="5" maxlength="5000"></textarea></label>',
    `  <p>${leadMessages.contactRequired}</p>`,
    '  <div style="position:absolute;left:-10000px" aria-hidden="true"><label>Leave this empty <input name="website" tabindex="-1" autocomplete="off"></label></div>',
    '  <button type="submit">Send</button>',
    '</form>',
  ].join('\n');
  // Website chat (docs/inbox.md#website-chat): the hosted chat page, framed on the owner's site.
  const chatIframe = `<iframe src="${urls.chat}" title="Chat with us" style="width:100%;max-width:400px;height:560px;border:0"></iframe>`;
  return { ...urls, script_tag: scriptTag, html_form: htmlForm, chat_iframe: chatIframe };
}

const step = (
  key: string,
  title: string,
  description: string,
  done: boolean,
  required: boolean,
  data: Record<string, unknown> = {},
): ApiSetupStep => ({
  key,
  title,
  description,
  status: done ? 'done' : 'todo',
  required,
  data,
});

export function setupSteps(deps: Pick<ApiDeps, 'publicUrl'>, row: Row): ApiSetupStep[] {
  const marks = row.setup as SetupMarks;
  const settings = row.settings as Record<string, unknown>;
  switch (row.name) {
    case 'telephony':
      return [
        step(
          'number',
          'Choose your number',
          'Pick a number by country and area code; it is live as soon as you choose it.',
          Boolean(row.phoneNumber),
          true,
          { phone_number: row.phoneNumber },
        ),
        step(
          'try_it',
          'Try it',
          'Call the number, or use the simulator below, and hear the assistant answer.',
          Boolean(marks.first_call_at || marks.tried_at),
          false,
          { first_call_at: marks.first_call_at ?? null },
        ),
      ];
    case 'leadcatcher': {
      const formName = typeof settings.form_name === 'string' ? settings.form_name : 'Contact form';
      return [
        step(
          'website',
          'Your website',
          'The sites allowed to send the form (leave empty to allow any) and the form’s name.',
          Boolean(marks.website_at),
          true,
          {
            allowed_origins: Array.isArray(settings.allowed_origins) ? settings.allowed_origins : [],
            form_name: formName,
          },
        ),
        step(
          'follow_up',
          'Follow-up',
          'Whether the assistant replies to each lead by SMS or email, and what it says.',
          Boolean(marks.follow_up_at),
          false,
        ),
        step(
          'install',
          'Add the form to your site',
          'Paste the script tag, or the plain HTML form that works without JavaScript.',
          Boolean(marks.first_submission_at || marks.installed_at),
          false,
          {
            ...leadcatcherSnippets(deps, row.id, formName),
            first_submission_at: marks.first_submission_at ?? null,
          },
        ),
      ];
    }
    case 'mobile': {
      const mobile = typeof settings.mobile_number === 'string' ? settings.mobile_number : null;
      return [
        step(
          'mobile',
          'Your mobile number',
          'The mobile whose unanswered calls the assistant takes.',
          Boolean(mobile),
          true,
          { mobile_number: mobile },
        ),
        step(
          'number',
          'The assistant’s number',
          'Calls you do not take are forwarded to this number.',
          Boolean(row.phoneNumber),
          true,
          { phone_number: row.phoneNumber },
        ),
        step(
          'forwarding',
          'Turn on forwarding',
          'Dial each code on your mobile (it answers with a confirmation).',
          Boolean(marks.forwarding_at),
          true,
          {
            codes: row.phoneNumber ? forwardingCodes(row.phoneNumber) : [],
          },
        ),
        step(
          'verify',
          'Test call',
          'We call your mobile; let it ring. When the call reaches the assistant, forwarding works.',
          Boolean(marks.verified_at),
          true,
          {
            test_call_started_at: marks.test_call_started_at ?? null,
            verified_at: marks.verified_at ?? null,
          },
        ),
      ];
    }
  }
}

/** active once every required step is done. */
export function statusFor(deps: Pick<ApiDeps, 'publicUrl'>, row: Row): 'active' | 'requires_setup' {
  return setupSteps(deps, row).every((item) => !item.required || item.status === 'done') ? 'active' : 'requires_setup';
}
