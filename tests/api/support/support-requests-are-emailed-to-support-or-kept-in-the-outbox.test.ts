import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
let withSupport: Harness;
const SUPPORT = uniqueEmail();
beforeAll(async () => {
  h = await createHarness();
  withSupport = await createHarness({ supportEmail: SUPPORT });
});
afterAll(async () => {
  await h.close();
  await withSupport.close();
});

describe('helpers/support', () => {
  it('emails SUPPORT_EMAIL with the subject, message, page and who sent it', async () => {
    const user = await withSupport.signUp();
    const result = await withSupport.call(
      'helpers/support',
      { subject: 'Cannot invite', message: 'The invite button does nothing.', page: '/dashboard/users' },
      user.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toEqual({ data: {}, messages: ['Your message has been sent.'] });
    const [mail] = await withSupport.outboxFor(SUPPORT, 'email');
    expect(mail.subject).toBe('Support: Cannot invite');
    expect(mail.body).toContain('The invite button does nothing.');
    expect(mail.body).toContain('Page: /dashboard/users');
    expect(mail.body).toContain(`${user.name} <${user.email}>`);
  });

  it('replies go to the email given, and without SUPPORT_EMAIL the request stays in the outbox', async () => {
    const user = await h.signUp();
    const replyTo = uniqueEmail();
    const result = await h.call(
      'helpers/support',
      { subject: 'Hello', message: 'Please call me.', email: replyTo },
      user.token,
    );
    expect(result.status).toBe(200);
    const [entry] = await h.outboxFor('support', 'email');
    expect(entry.body).toContain(`<${replyTo}>`);
    expect(entry.delivered).toBe(false);
  });

  it('validates subject, message and email, and needs a signed-in user', async () => {
    const user = await h.signUp();
    expectFieldError(
      await h.call('helpers/support', { message: 'x' }, user.token),
      'subject',
      'This field is required.',
    );
    expectFieldError(
      await h.call('helpers/support', { subject: 'x', message: '   ' }, user.token),
      'message',
      'This field is required.',
    );
    expectFieldError(
      await h.call('helpers/support', { subject: 'x', message: 'y', email: 'nope' }, user.token),
      'email',
      'Email is not valid.',
    );
    expectFailureEnvelope(await h.call('helpers/support', { subject: 'x', message: 'y' }), 401);
  });
});
