import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('users/login', () => {
  it('answers a token and the user (id, email, mobile) for the right credentials', async () => {
    const account = await h.signUp();
    const result = await h.call('users/login', { email: account.email, password: PASSWORD });

    expect(result.status).toBe(200);
    expect(typeof result.body.data.token).toBe('string');
    expect(result.body.data.token).not.toBe(account.token);
    expect(result.body.data.user).toMatchObject({ id: account.user.id, email: account.email, mobile: null });

    const me = await h.call('users/get', undefined, result.body.data.token);
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(account.user.id);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const account = await h.signUp();
    const result = await h.call('users/login', { email: `  ${account.email.toUpperCase()} `, password: PASSWORD });
    expect(result.status).toBe(200);
  });

  it('gives the same generic failure for an unknown email and for a wrong password', async () => {
    const account = await h.signUp();
    const unknown = await h.call('users/login', { email: uniqueEmail(), password: PASSWORD });
    const wrong = await h.call('users/login', { email: account.email, password: 'not the password' });

    expectFailureEnvelope(unknown, 422);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.body.errors).toEqual(['These credentials do not match our records.']);
    expect(JSON.stringify(unknown.body)).not.toMatch(/exist|unknown|no account/i);
  });

  it('says "Email is required." and "Password is required." for an empty body', async () => {
    const result = await h.call('users/login', {});
    expect(result.status).toBe(422);
    expect(result.body.field_errors).toEqual({ email: ['Email is required.'], password: ['Password is required.'] });
  });

  it('says "Email is not valid." for a malformed email', async () => {
    expectFieldError(
      await h.call('users/login', { email: 'nope', password: PASSWORD }),
      'email',
      'Email is not valid.',
    );
  });

  it('says "Password must be at least 8 characters" and "Password must be less than 64 characters."', async () => {
    expectFieldError(
      await h.call('users/login', { email: uniqueEmail(), password: 'short' }),
      'password',
      'Password must be at least 8 characters',
    );
    expectFieldError(
      await h.call('users/login', { email: uniqueEmail(), password: 'x'.repeat(65) }),
      'password',
      'Password must be less than 64 characters.',
    );
  });
});
