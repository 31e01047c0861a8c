import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tokens } from '#api/db/schema';
import { sha256 } from '#api/lib/crypto';
import { TOKEN_TTL_MS } from '#contract/constants';
import { createHarness, PASSWORD, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

const DAY = 24 * 60 * 60 * 1000;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  h.clock.offsetMs = 0;
});
afterAll(() => h.close());

async function login(email: string, password = PASSWORD): Promise<string> {
  const result = await h.call('users/login', { email, password });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.token;
}

describe('users/get and the bearer token', () => {
  it('answers data.user for a valid token', async () => {
    const account = await h.signUp();
    const result = await h.call('users/get', undefined, account.token);
    expect(result.status).toBe(200);
    expect(result.body.data.user).toMatchObject({ id: account.user.id, email: account.email, name: account.name });
    expect(result.body.data.user).toHaveProperty('created_at');
    expect(result.body.data.user).toHaveProperty('updated_at');
    expect(result.body.data.user).toHaveProperty('onesignal_user_id', null);
  });

  it('answers 401 with the envelope without a token', async () => {
    const result = await h.call('users/get');
    expectFailureEnvelope(result, 401);
  });

  it('answers 401 for an unknown token and for a malformed Authorization header', async () => {
    expectFailureEnvelope(await h.call('users/get', undefined, 'not-a-real-token'), 401);
    expectFailureEnvelope(await h.call('users/get', undefined, undefined, { authorization: 'Basic abc' }), 401);
    expectFailureEnvelope(await h.call('users/get', undefined, undefined, { authorization: 'Bearer' }), 401);
  });

  it('stores only a hash of the token', async () => {
    const account = await h.signUp();
    const byClear = await h.database.db.select().from(tokens).where(eq(tokens.tokenHash, account.token));
    const byHash = await h.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, sha256(account.token)));
    expect(byClear).toHaveLength(0);
    expect(byHash).toHaveLength(1);
  });

  it("records the spec's client headers with the token", async () => {
    const account = await h.signUp();
    const headers = { mode: 'capacitor', 'platform-name': 'ios', 'device-model': 'iPhone15,2' };
    expect((await h.call('users/get', undefined, account.token, headers)).status).toBe(200);
    const [row] = await h.database.db
      .select()
      .from(tokens)
      .where(eq(tokens.tokenHash, sha256(account.token)));
    expect(row.client).toMatchObject(headers);
  });
});

describe('users/logout', () => {
  it('revokes the token it is called with: the next call answers 401, other sessions stay', async () => {
    const account = await h.signUp();
    const other = await login(account.email);

    const result = await h.call('users/logout', undefined, account.token);
    expect(result.status).toBe(200);
    expect(result.body.messages).toEqual(['You have been signed out.']);

    expectFailureEnvelope(await h.call('users/get', undefined, account.token), 401);
    expectFailureEnvelope(await h.call('users/logout', undefined, account.token), 401);
    expect((await h.call('users/get', undefined, other)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectFailureEnvelope(await h.call('users/logout'), 401);
  });
});

describe('token expiry', () => {
  it('expires a token unused for 30 days', async () => {
    const account = await h.signUp();
    h.clock.offsetMs = TOKEN_TTL_MS + 60_000;
    expectFailureEnvelope(await h.call('users/get', undefined, account.token), 401);
  });

  it('is still valid just before 30 days', async () => {
    const account = await h.signUp();
    h.clock.offsetMs = TOKEN_TTL_MS - 60_000;
    expect((await h.call('users/get', undefined, account.token)).status).toBe(200);
  });

  it('slides: a token used within 30 days lives 30 days from that use', async () => {
    const account = await h.signUp();
    h.clock.offsetMs = 20 * DAY;
    expect((await h.call('users/get', undefined, account.token)).status).toBe(200);
    // Without the renewal the token would have died on day 30.
    h.clock.offsetMs = 45 * DAY;
    expect((await h.call('users/get', undefined, account.token)).status).toBe(200);
    h.clock.offsetMs = 74 * DAY;
    expect((await h.call('users/get', undefined, account.token)).status).toBe(200);
    // Unused from day 74 on: gone 30 days later.
    h.clock.offsetMs = 105 * DAY;
    expectFailureEnvelope(await h.call('users/get', undefined, account.token), 401);
  });
});

describe('revocation by password reset and account deletion', () => {
  it('a password reset revokes every token of the user', async () => {
    const account = await h.signUp();
    const second = await login(account.email);
    expect((await h.call('users/forgot-password', { email: account.email })).status).toBe(200);
    const code = await h.latestCode(account.email, 'email');
    const reset = await h.call('users/verify-password-code', {
      email: account.email,
      code,
      password: 'a brand new password',
    });
    expect(reset.status).toBe(200);

    expectFailureEnvelope(await h.call('users/get', undefined, account.token), 401);
    expectFailureEnvelope(await h.call('users/get', undefined, second), 401);
  });

  it('account deletion revokes every token, and the deleted user cannot log in', async () => {
    const account = await h.signUpWithBusiness();
    const second = await login(account.email);

    const deleted = await h.call('users/delete', undefined, account.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages).toEqual(['Your account has been deleted.']);

    expectFailureEnvelope(await h.call('users/get', undefined, account.token), 401);
    expectFailureEnvelope(await h.call('users/get', undefined, second), 401);
    const again = await h.call('users/login', { email: account.email, password: PASSWORD });
    expectFailureEnvelope(again, 422);
    expect(again.body.errors).toEqual(['These credentials do not match our records.']);
  });

  it('users/delete answers 401 without a token', async () => {
    expectFailureEnvelope(await h.call('users/delete'), 401);
  });
});
