import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const valid = () => ({ name: 'Ada Lovelace', email: uniqueEmail(), password: PASSWORD });

describe('users/create', () => {
  it('creates the account and answers a token with the user (id, email, mobile, name)', async () => {
    const input = valid();
    const result = await h.call('users/create', input);

    expect(result.status).toBe(200);
    expect(result.body.messages).toEqual(['Your account has been created.']);
    expect(typeof result.body.data.token).toBe('string');
    expect(result.body.data.token.length).toBeGreaterThanOrEqual(32);
    expect(result.body.data.user).toMatchObject({
      email: input.email,
      name: 'Ada Lovelace',
      mobile: null,
      mobile_verified: false,
    });
    expect(typeof result.body.data.user.id).toBe('string');
    expect(result.body.data.user).not.toHaveProperty('password');
    expect(result.body.data.user).not.toHaveProperty('password_hash');

    const me = await h.call('users/get', undefined, result.body.data.token);
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(result.body.data.user.id);
  });

  it('stores the email in lower case and trims the name', async () => {
    const email = uniqueEmail();
    const result = await h.call('users/create', {
      name: '  Grace Hopper  ',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(result.status).toBe(200);
    expect(result.body.data.user.email).toBe(email);
    expect(result.body.data.user.name).toBe('Grace Hopper');
  });

  it('answers 422 with the { errors, field_errors } envelope and every required message for an empty body', async () => {
    const result = await h.call('users/create', {});
    expectFailureEnvelope(result, 422);
    expect(result.body.field_errors).toEqual({
      name: ['Name is required.'],
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    expect(result.body.errors).toEqual(
      expect.arrayContaining(['Name is required.', 'Email is required.', 'Password is required.']),
    );
  });

  it('says "Name is required." for a blank name', async () => {
    expectFieldError(await h.call('users/create', { ...valid(), name: '   ' }), 'name', 'Name is required.');
  });

  it('says "Name must be less than 100 characters." above 100 characters, and accepts exactly 100', async () => {
    expectFieldError(
      await h.call('users/create', { ...valid(), name: 'a'.repeat(101) }),
      'name',
      'Name must be less than 100 characters.',
    );
    expect((await h.call('users/create', { ...valid(), name: 'a'.repeat(100) })).status).toBe(200);
  });

  it('says "Email is required." for an empty email', async () => {
    expectFieldError(await h.call('users/create', { ...valid(), email: '' }), 'email', 'Email is required.');
  });

  it('says "Email is not valid." for an email without the {email} shape', async () => {
    for (const email of ['not-an-email', 'a@b', '@example.com', 'two words@example.com']) {
      expectFieldError(await h.call('users/create', { ...valid(), email }), 'email', 'Email is not valid.');
    }
  });

  it('says "Email must be less than 100 characters." above 100 characters', async () => {
    const email = `${'a'.repeat(95)}@example.com`;
    const result = await h.call('users/create', { ...valid(), email });
    expectFieldError(result, 'email', 'Email must be less than 100 characters.');
    expect(result.body.field_errors?.email).toEqual(['Email must be less than 100 characters.']);
  });

  it('says "Password is required." for an empty password', async () => {
    const result = await h.call('users/create', { ...valid(), password: '' });
    expectFieldError(result, 'password', 'Password is required.');
    expect(result.body.field_errors?.password).toEqual(['Password is required.']);
  });

  it('says "Password must be at least 8 characters" below 8, and accepts exactly 8', async () => {
    expectFieldError(
      await h.call('users/create', { ...valid(), password: '1234567' }),
      'password',
      'Password must be at least 8 characters',
    );
    expect((await h.call('users/create', { ...valid(), password: '12345678' })).status).toBe(200);
  });

  it('says "Password must be less than 64 characters." above 64, and accepts exactly 64', async () => {
    expectFieldError(
      await h.call('users/create', { ...valid(), password: 'p'.repeat(65) }),
      'password',
      'Password must be less than 64 characters.',
    );
    expect((await h.call('users/create', { ...valid(), password: 'p'.repeat(64) })).status).toBe(200);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const first = await h.signUp();
    const again = await h.call('users/create', { ...valid(), email: first.email });
    expectFieldError(again, 'email', 'An account with this email already exists.');
    const shouted = await h.call('users/create', { ...valid(), email: first.email.toUpperCase() });
    expectFieldError(shouted, 'email', 'An account with this email already exists.');
  });

  it('never stores the password in clear', async () => {
    const account = await h.signUp();
    const { users } = await import('#api/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await h.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(row.passwordHash).not.toContain(PASSWORD);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});
