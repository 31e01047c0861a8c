import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_URL_INVALID, WEB_URL_NOT_PUBLIC } from '#contract/fields';
import { systemMessages } from '#contract/schemas/system';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { insertLeadcatcher, submitForm } from '#tests/support/leadcatcher';
import { addSystem, systemsPath } from '#tests/support/system-fixtures';

/**
 * A stored URL is later a link someone clicks (a memory's source, the lead catcher's
 * redirect): only http: and https: are accepted, whatever the case, padding or escapes of
 * the scheme. The lead catcher's redirect_url sends every visitor's browser somewhere, so it
 * may not name this machine or a private network either.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const NOT_WEB = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example.com/a',
  '//example.com/page',
  '/relative/page',
  'example.com',
  'http://',
];

describe('memory source_url', () => {
  it('create and update answer 422 with a clear message for anything but an http(s) URL; http(s) is kept', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    for (const source_url of NOT_WEB) {
      const created = await h.call(
        `businesses/memories/${b}/create`,
        { type: 'text', status: 'active', content: 'We open at nine.', source_url },
        owner.token,
      );
      expectFieldError(created, 'source_url', WEB_URL_INVALID);
    }
    const ok = await h.call(
      `businesses/memories/${b}/create`,
      { type: 'text', status: 'active', content: 'We open at nine.', source_url: 'https://example.com/hours' },
      owner.token,
    );
    expect(ok.status).toBe(200);
    const id = ok.body.data.memory._id;
    for (const source_url of NOT_WEB)
      expectFieldError(
        await h.call(`businesses/memories/${b}/update/${id}`, { source_url }, owner.token),
        'source_url',
        WEB_URL_INVALID,
      );
    // Clearing still works, and an http URL is fine.
    const cleared = await h.call(`businesses/memories/${b}/update/${id}`, { source_url: null }, owner.token);
    expect(cleared.body.data.memory.source_url).toBeNull();
    const http = await h.call(
      `businesses/memories/${b}/update/${id}`,
      { source_url: 'http://example.com/old' },
      owner.token,
    );
    expect(http.body.data.memory.source_url).toBe('http://example.com/old');
  });
});

describe('lead catcher redirect_url', () => {
  it('accepts only a public http(s) address', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const leads = await addSystem(h, b, owner.token, 'leadcatcher');
    const set = (redirect_url: string) =>
      h.call(
        systemsPath(b, `settings/${leads._id}/set`),
        { configurations: { data: { settings: { redirect_url } } } },
        owner.token,
      );
    for (const url of NOT_WEB) expectFieldError(await set(url), 'redirect_url', systemMessages.urlInvalid);
    for (const url of [
      'http://127.0.0.1/admin',
      'http://localhost:3000/',
      'http://LOCALHOST./',
      'http://app.localhost/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://192.168.1.1/router',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://intranet/',
      'http://printer.local/',
    ]) {
      expectFieldError(await set(url), 'redirect_url', WEB_URL_NOT_PUBLIC);
    }
    const ok = await set('https://shop.example.com/thanks');
    expect(ok.status).toBe(200);
  });

  it('a form post never follows a redirect_url stored before these rules: it lands on the thank-you page', async () => {
    const owner = await h.signUpWithBusiness();
    for (const redirect_url of ['javascript:alert(1)', 'http://127.0.0.1:8080/admin']) {
      const system = await insertLeadcatcher(h, owner.business._id, { redirect_url });
      const response = await submitForm(h, system.id, { name: 'Bo', email: 'bo@example.com', message: 'Hello' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/api/v1/leadcatcher/${system.id}/form?sent=1`);
    }
  });
});
