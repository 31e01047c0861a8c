import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_CODE_TTL_MS } from '#contract/constants';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  E164_MESSAGE,
  expectFailureEnvelope,
  expectFieldError,
  expectFieldErrorStartingWith,
  otherCode,
  randomMobile,
} from '#tests/support/expect-envelope';

const REJECTED = 'The code is not valid or has expired.';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  h.clock.offsetMs = 0;
});
afterAll(() => h.close());

describe('users/mobile-submit', () => {
  it('texts a 6-digit code to the mobile through the telephony sandbox (outbox, channel sms)', async () => {
    const account = await h.signUp();
    const mobile = randomMobile();
    const result = await h.call('users/mobile-submit', { mobile }, account.token);

    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ mobile });
    expect(result.body.messages).toEqual([`We have sent a 6-digit code to ${mobile}.`]);
    const sent = await h.outboxFor(mobile);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'sms', to: mobile, provider: 'sandbox' });
    expect(sent[0].body).toMatch(/\b\d{6}\b/);
  });

  it('says the E.164 message for a number not in international format', async () => {
    const account = await h.signUp();
    // No business yet: a national number cannot be read; spaced international ones can.
    for (const mobile of ['07700900123', '+', '+1234567890123456', '+44 12', 'phone']) {
      const result = await h.call('users/mobile-submit', { mobile }, account.token);
      expectFieldErrorStartingWith(result, 'mobile', E164_MESSAGE);
      expect(result.body.field_errors?.mobile?.[0]).toMatch(/\(e\.g\. \+\d+\)/);
    }
  });

  it('says "This field is required." without a mobile, and 401 without a token', async () => {
    const account = await h.signUp();
    expectFieldError(await h.call('users/mobile-submit', {}, account.token), 'mobile', 'This field is required.');
    expectFailureEnvelope(await h.call('users/mobile-submit', { mobile: randomMobile() }), 401);
  });
});

describe('users/mobile-verify', () => {
  it('takes the mobile and the code and marks the mobile verified', async () => {
    const account = await h.signUp();
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, account.token);
    const code = await h.latestCode(mobile, 'sms');

    const result = await h.call('users/mobile-verify', { mobile, code }, account.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Your mobile number is verified.']);
    expect(result.body.data.user).toMatchObject({ id: account.user.id, mobile, mobile_verified: true });

    const me = await h.call('users/get', undefined, account.token);
    expect(me.body.data.user).toMatchObject({ mobile, mobile_verified: true });
  });

  it("shows as done in a business's onboarding state once verified", async () => {
    const account = await h.signUpWithBusiness({ finished: false });
    const before = await h.call(`businesses/onboard/${account.business._id}`, undefined, account.token);
    expect(before.body.data.business.onboarding.mobile_verified).toBe(false);
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, account.token);
    await h.call('users/mobile-verify', { mobile, code: await h.latestCode(mobile, 'sms') }, account.token);
    const after = await h.call(`businesses/onboard/${account.business._id}`, undefined, account.token);
    expect(after.body.data.business.onboarding.mobile_verified).toBe(true);
  });

  it('refuses a wrong code and leaves the mobile unverified', async () => {
    const account = await h.signUp();
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, account.token);
    const code = await h.latestCode(mobile, 'sms');

    expectFieldError(
      await h.call('users/mobile-verify', { mobile, code: otherCode(code) }, account.token),
      'code',
      REJECTED,
    );
    expect((await h.call('users/get', undefined, account.token)).body.data.user.mobile_verified).toBe(false);
    expect((await h.call('users/mobile-verify', { mobile, code }, account.token)).status).toBe(200);
  });

  it('refuses the code for another mobile than the one it was sent to', async () => {
    const account = await h.signUp();
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, account.token);
    const code = await h.latestCode(mobile, 'sms');
    expectFieldError(
      await h.call('users/mobile-verify', { mobile: randomMobile(), code }, account.token),
      'code',
      REJECTED,
    );
  });

  it("refuses another user's code", async () => {
    const alice = await h.signUp();
    const bob = await h.signUp();
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, alice.token);
    const code = await h.latestCode(mobile, 'sms');
    expectFieldError(await h.call('users/mobile-verify', { mobile, code }, bob.token), 'code', REJECTED);
  });

  it('works once, and expires after 15 minutes', async () => {
    const account = await h.signUp();
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, account.token);
    const code = await h.latestCode(mobile, 'sms');
    expect((await h.call('users/mobile-verify', { mobile, code }, account.token)).status).toBe(200);
    expectFieldError(await h.call('users/mobile-verify', { mobile, code }, account.token), 'code', REJECTED);

    const later = randomMobile();
    await h.call('users/mobile-submit', { mobile: later }, account.token);
    const laterCode = await h.latestCode(later, 'sms');
    h.clock.offsetMs = MOBILE_CODE_TTL_MS + 1000;
    expectFieldError(
      await h.call('users/mobile-verify', { mobile: later, code: laterCode }, account.token),
      'code',
      REJECTED,
    );
  });

  it('validates the mobile and the code', async () => {
    const account = await h.signUp();
    const empty = await h.call('users/mobile-verify', {}, account.token);
    expect(empty.status).toBe(422);
    expect(empty.body.field_errors).toEqual({ mobile: ['This field is required.'], code: ['This field is required.'] });
    expectFieldErrorStartingWith(
      await h.call('users/mobile-verify', { mobile: '0770', code: '123456' }, account.token),
      'mobile',
      E164_MESSAGE,
    );
    expectFieldError(
      await h.call('users/mobile-verify', { mobile: randomMobile(), code: '12345' }, account.token),
      'code',
      'The code must be 6 digits.',
    );
    expectFailureEnvelope(await h.call('users/mobile-verify', { mobile: randomMobile(), code: '123456' }), 401);
  });
});
