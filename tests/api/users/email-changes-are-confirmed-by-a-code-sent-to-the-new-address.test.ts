import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

/**
 * A user's email is the one they registered with or one they proved they read: a new address
 * only replaces the old one once the 6-digit code sent to it comes back, and the old address
 * is told. So an invitation bound to an email can only be accepted by whoever reads that
 * mailbox (the link is mailed there too).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const CODE_REJECTED = 'The code is not valid or has expired.';
const me = async (token: string) => (await h.call('users/get', undefined, token)).body.data.user;

/** An invitation to a business, emailed to `email`: the business and the link's token. */
async function invitationFor(email: string) {
  const owner = await h.signUpWithBusiness();
  const invited = await h.call(
    `businesses/users/${owner.business._id}/invite`,
    { email, permissions: ['customers/view'] },
    owner.token,
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const [mail] = await h.outboxFor(email, 'email');
  const token = mail.body.match(/\/invitations\/([A-Za-z0-9_-]+)/)![1];
  return { owner, businessId: owner.business._id as string, token };
}

describe('changing the email', () => {
  it('users/email-change mails a code to the new address; the email only changes with that code, and the old address is told', async () => {
    const account = await h.signUp();
    const next = uniqueEmail();
    const asked = await h.call('users/email-change', { email: next.toUpperCase() }, account.token);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toEqual({ email: next });
    expect(asked.body.messages).toEqual([
      `We have sent a 6-digit code to ${next}. Enter it to confirm your new email address.`,
    ]);
    // Nothing changed yet: signing in still uses the old address.
    expect(await me(account.token)).toMatchObject({ email: account.email });
    expect((await h.call('users/login', { email: account.email, password: PASSWORD })).status).toBe(200);

    const code = await h.latestCode(next, 'email');
    const confirmed = await h.call('users/email-change-verify', { email: next, code }, account.token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.messages).toEqual(['Your email address has been changed.']);
    expect(confirmed.body.data.user).toMatchObject({ id: account.user.id, email: next });
    expect(await me(account.token)).toMatchObject({ email: next });
    expect((await h.call('users/login', { email: next, password: PASSWORD })).status).toBe(200);
    expect((await h.call('users/login', { email: account.email, password: PASSWORD })).status).toBe(422);

    const [notice] = await h.outboxFor(account.email, 'email');
    expect(notice.subject).toBe('Your email address was changed');
    expect(notice.body).toContain(next);
    // The notice carries no code that would work for the new address.
    expect(notice.body).not.toContain(code);
    // The code works once.
    expectFieldError(
      await h.call('users/email-change-verify', { email: next, code }, account.token),
      'code',
      CODE_REJECTED,
    );
  });

  it('users/update with a new email starts the same confirmation and keeps the old email meanwhile', async () => {
    const account = await h.signUp();
    const next = uniqueEmail();
    const result = await h.call('users/update', { name: 'Renamed', email: next }, account.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.user).toMatchObject({ name: 'Renamed', email: account.email });
    expect(result.body.messages).toContain(
      `We have sent a 6-digit code to ${next}. Enter it to confirm your new email address.`,
    );
    const code = await h.latestCode(next, 'email');
    expect((await h.call('users/email-change-verify', { email: next, code }, account.token)).status).toBe(200);
    expect(await me(account.token)).toMatchObject({ name: 'Renamed', email: next });
  });

  it('refuses a wrong code, a code for another address, and after 5 wrong guesses the right one', async () => {
    const account = await h.signUp();
    const next = uniqueEmail();
    await h.call('users/email-change', { email: next }, account.token);
    const code = await h.latestCode(next, 'email');
    const wrong = code === '000000' ? '111111' : '000000';
    expectFieldError(
      await h.call('users/email-change-verify', { email: uniqueEmail(), code }, account.token),
      'code',
      CODE_REJECTED,
    );
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectFieldError(
        await h.call('users/email-change-verify', { email: next, code: wrong }, account.token),
        'code',
        CODE_REJECTED,
      );
    }
    expectFieldError(
      await h.call('users/email-change-verify', { email: next, code }, account.token),
      'code',
      CODE_REJECTED,
    );
    expect(await me(account.token)).toMatchObject({ email: account.email });
  });

  it("refuses another account's code and an expired code", async () => {
    const alice = await h.signUp();
    const bob = await h.signUp();
    const next = uniqueEmail();
    await h.call('users/email-change', { email: next }, alice.token);
    const code = await h.latestCode(next, 'email');
    expectFieldError(
      await h.call('users/email-change-verify', { email: next, code }, bob.token),
      'code',
      CODE_REJECTED,
    );
    h.clock.offsetMs += 15 * 60 * 1000 + 1000;
    try {
      expectFieldError(
        await h.call('users/email-change-verify', { email: next, code }, alice.token),
        'code',
        CODE_REJECTED,
      );
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await me(alice.token)).toMatchObject({ email: alice.email });
    expect(await me(bob.token)).toMatchObject({ email: bob.email });
  });

  it('validates: the address, its current one, one taken by another account (also when taken between code and confirmation)', async () => {
    const account = await h.signUp();
    const other = await h.signUp();
    expectFieldError(await h.call('users/email-change', {}, account.token), 'email', 'User email is required.');
    expectFieldError(
      await h.call('users/email-change', { email: 'nope' }, account.token),
      'email',
      'User e-mail is not valid.',
    );
    expectFieldError(
      await h.call('users/email-change', { email: account.email }, account.token),
      'email',
      'This is already your email address.',
    );
    expectFieldError(
      await h.call('users/email-change', { email: other.email }, account.token),
      'email',
      'An account with this email already exists.',
    );
    expectFieldError(
      await h.call('users/update', { email: other.email }, account.token),
      'email',
      'An account with this email already exists.',
    );
    expectFieldError(
      await h.call('users/email-change-verify', { email: uniqueEmail(), code: '12' }, account.token),
      'code',
      'The code must be 6 digits.',
    );

    const next = uniqueEmail();
    await h.call('users/email-change', { email: next }, account.token);
    const code = await h.latestCode(next, 'email');
    await h.signUp({ email: next });
    expectFieldError(
      await h.call('users/email-change-verify', { email: next, code }, account.token),
      'email',
      'An account with this email already exists.',
    );
    expect(await me(account.token)).toMatchObject({ email: account.email });
  });

  it('mails at most 5 codes an hour per account, so a code cannot be guessed by asking again and again', async () => {
    const account = await h.signUp();
    for (let i = 0; i < 5; i += 1)
      expect((await h.call('users/email-change', { email: uniqueEmail() }, account.token)).status).toBe(200);
    const refused = await h.call('users/email-change', { email: uniqueEmail() }, account.token);
    expectFailureEnvelope(refused, 429);
    expect(refused.body.errors).toEqual(['You have asked for too many email codes. Try again in an hour.']);
    expectFailureEnvelope(await h.call('users/update', { email: uniqueEmail() }, account.token), 429);
    h.clock.offsetMs += 61 * 60 * 1000;
    try {
      expect((await h.call('users/email-change', { email: uniqueEmail() }, account.token)).status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('both calls are in the OpenAPI document', async () => {
    const document = (await (await h.app.fetch(new Request('http://x/api/v1/openapi.json'))).json()) as {
      paths: Record<string, { post?: unknown }>;
    };
    expect(document.paths['/api/v1/users/email-change']).toHaveProperty('post');
    expect(document.paths['/api/v1/users/email-change-verify']).toHaveProperty('post');
  });

  it('needs a signed-in user', async () => {
    expectFailureEnvelope(await h.call('users/email-change', { email: uniqueEmail() }), 401);
    expectFailureEnvelope(await h.call('users/email-change-verify', { email: uniqueEmail(), code: '123456' }), 401);
  });
});

describe('an invitation is for whoever reads the invited mailbox', () => {
  it('taking the invited address without its code does not let an attacker accept a link sent to someone else', async () => {
    const invitedEmail = uniqueEmail();
    const { businessId, token } = await invitationFor(invitedEmail);
    const attacker = await h.signUp();
    for (const spelling of [invitedEmail, invitedEmail.toUpperCase(), `  ${invitedEmail}  `]) {
      await h.call('users/update', { email: spelling }, attacker.token);
      await h.call('users/email-change', { email: spelling }, attacker.token);
    }
    expect(await me(attacker.token)).toMatchObject({ email: attacker.email });
    const accepted = await h.call(`businesses/users/${businessId}/accept`, { token }, attacker.token);
    expectFailureEnvelope(accepted, 403);
    expect((await h.call('users/list-businesses', undefined, attacker.token)).body.data.businesses).toEqual([]);
  });

  it('the invited person proves the address with the code and then accepts', async () => {
    const invitedEmail = uniqueEmail();
    const { businessId, token } = await invitationFor(invitedEmail);
    const person = await h.signUp();
    await h.call('users/email-change', { email: invitedEmail }, person.token);
    const code = await h.latestCode(invitedEmail, 'email');
    expect((await h.call('users/email-change-verify', { email: invitedEmail, code }, person.token)).status).toBe(200);
    const accepted = await h.call(`businesses/users/${businessId}/accept`, { token }, person.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});
