import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS } from '#contract/constants';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError, otherCode } from '#tests/support/expect-envelope';

const NEW_PASSWORD = 'a completely new secret';
const REJECTED = 'The code is not valid or has expired.';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  h.clock.offsetMs = 0;
});
afterAll(() => h.close());

async function requestCode(email: string): Promise<string> {
  const result = await h.call('users/forgot-password', { email });
  expect(result.status).toBe(200);
  return h.latestCode(email, 'email');
}

const verify = (email: string, code: string, password = NEW_PASSWORD) =>
  h.call('users/verify-password-code', { email, code, password });

describe('users/forgot-password', () => {
  it('answers the same whether or not the email has an account', async () => {
    const account = await h.signUp();
    const known = await h.call('users/forgot-password', { email: account.email });
    const unknown = await h.call('users/forgot-password', { email: uniqueEmail() });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.messages?.[0]).toMatch(/6-digit code/);
  });

  it('emails a 6-digit code to an existing account, and nothing to an unknown address', async () => {
    const account = await h.signUp();
    const stranger = uniqueEmail();
    await h.call('users/forgot-password', { email: account.email });
    await h.call('users/forgot-password', { email: stranger });

    const sent = await h.outboxFor(account.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].channel).toBe('email');
    expect(sent[0].subject).toMatch(/\b\d{6}\b/);
    expect(sent[0].body).toMatch(/\b\d{6}\b/);
    expect(sent[0].body).toMatch(/15 minutes/);
    expect(await h.outboxFor(stranger)).toHaveLength(0);
  });

  it('validates the email: required, shape, at most 100 characters', async () => {
    expectFieldError(await h.call('users/forgot-password', {}), 'email', 'Email is required.');
    expectFieldError(await h.call('users/forgot-password', { email: '' }), 'email', 'Email is required.');
    expectFieldError(await h.call('users/forgot-password', { email: 'nope' }), 'email', 'Email is not valid.');
    expectFieldError(
      await h.call('users/forgot-password', { email: `${'a'.repeat(95)}@example.com` }),
      'email',
      'Email must be less than 100 characters.',
    );
  });
});

describe('users/verify-password-code', () => {
  it('sets the new password: login with it works, the old one no longer does', async () => {
    const account = await h.signUp();
    const code = await requestCode(account.email);
    const result = await verify(account.email, code);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Your password has been reset. Sign in with your new password.']);

    expect((await h.call('users/login', { email: account.email, password: NEW_PASSWORD })).status).toBe(200);
    const old = await h.call('users/login', { email: account.email, password: PASSWORD });
    expectFailureEnvelope(old, 422);
  });

  it('the code works once: a second use is refused', async () => {
    const account = await h.signUp();
    const code = await requestCode(account.email);
    expect((await verify(account.email, code)).status).toBe(200);
    expectFieldError(await verify(account.email, code, 'yet another password'), 'code', REJECTED);
    expect((await h.call('users/login', { email: account.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('the code expires after 15 minutes', async () => {
    const account = await h.signUp();
    const code = await requestCode(account.email);
    h.clock.offsetMs = RESET_CODE_TTL_MS + 1000;
    expectFieldError(await verify(account.email, code), 'code', REJECTED);
    h.clock.offsetMs = 0;
    expect((await h.call('users/login', { email: account.email, password: PASSWORD })).status).toBe(200);
  });

  it('the code still works just before 15 minutes', async () => {
    const account = await h.signUp();
    const code = await requestCode(account.email);
    h.clock.offsetMs = RESET_CODE_TTL_MS - 60_000;
    expect((await verify(account.email, code)).status).toBe(200);
  });

  it('a wrong code is refused, and the right one still works within the attempts allowed', async () => {
    const account = await h.signUp();
    const code = await requestCode(account.email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++)
      expectFieldError(await verify(account.email, otherCode(code)), 'code', REJECTED);
    expect((await verify(account.email, code)).status).toBe(200);
  });

  it(`${CODE_MAX_ATTEMPTS} wrong codes burn it: the right code is refused afterwards`, async () => {
    const account = await h.signUp();
    const code = await requestCode(account.email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      expectFieldError(await verify(account.email, otherCode(code)), 'code', REJECTED);
    expectFieldError(await verify(account.email, code), 'code', REJECTED);
    expect((await h.call('users/login', { email: account.email, password: PASSWORD })).status).toBe(200);
  });

  it('only the latest code sent works', async () => {
    const account = await h.signUp();
    const first = await requestCode(account.email);
    const second = await requestCode(account.email);
    if (first !== second) expectFieldError(await verify(account.email, first), 'code', REJECTED);
    expect((await verify(account.email, second)).status).toBe(200);
  });

  it('refuses a code for another account, and an unknown email, with the same message', async () => {
    const alice = await h.signUp();
    const bob = await h.signUp();
    const code = await requestCode(alice.email);
    expectFieldError(await verify(bob.email, code), 'code', REJECTED);
    expectFieldError(await verify(uniqueEmail(), code), 'code', REJECTED);
    expect((await verify(alice.email, code)).status).toBe(200);
  });

  it('validates email, code and password with the exact messages', async () => {
    const empty = await h.call('users/verify-password-code', {});
    expect(empty.status).toBe(422);
    expect(empty.body.field_errors).toEqual({
      email: ['Email is required.'],
      code: ['This field is required.'],
      password: ['Password is required.'],
    });
    expectFieldError(await verify('nope', '123456'), 'email', 'Email is not valid.');
    expectFieldError(await verify(uniqueEmail(), 'abc'), 'code', 'The code must be 6 digits.');
    expectFieldError(
      await verify(uniqueEmail(), '123456', 'short'),
      'password',
      'Password must be at least 8 characters',
    );
    expectFieldError(
      await verify(uniqueEmail(), '123456', 'x'.repeat(65)),
      'password',
      'Password must be less than 64 characters.',
    );
  });
});
