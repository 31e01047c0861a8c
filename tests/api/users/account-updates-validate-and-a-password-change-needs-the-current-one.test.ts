import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { createHarness, PASSWORD, uniqueEmail, type Harness } from '#tests/support/api-harness';
import {
  E164_MESSAGE,
  expectFailureEnvelope,
  expectFieldError,
  expectFieldErrorStartingWith,
  randomMobile,
} from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('users/update', () => {
  it('updates name and mobile at once and the email once the code sent to it comes back', async () => {
    const account = await h.signUp();
    const email = uniqueEmail();
    const mobile = randomMobile();
    const result = await h.call(
      'users/update',
      { name: 'New Name', email: email.toUpperCase(), mobile },
      account.token,
    );

    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual([
      'Your account has been updated.',
      `We have sent a 6-digit code to ${email}. Enter it to confirm your new email address.`,
    ]);
    expect(result.body.data.user).toMatchObject({
      id: account.user.id,
      name: 'New Name',
      email: account.email,
      mobile,
      mobile_verified: false,
    });

    const confirmed = await h.call(
      'users/email-change-verify',
      { email, code: await h.latestCode(email, 'email') },
      account.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const me = await h.call('users/get', undefined, account.token);
    expect(me.body.data.user).toMatchObject({ name: 'New Name', email, mobile });
    expect((await h.call('users/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('leaves fields that are not sent unchanged', async () => {
    const account = await h.signUp();
    const result = await h.call('users/update', { name: 'Only The Name' }, account.token);
    expect(result.status).toBe(200);
    expect(result.body.data.user).toMatchObject({ name: 'Only The Name', email: account.email });
  });

  it('says "User email is required." and "User e-mail is not valid."', async () => {
    const account = await h.signUp();
    expectFieldError(await h.call('users/update', { email: '' }, account.token), 'email', 'User email is required.');
    expectFieldError(
      await h.call('users/update', { email: 'not-an-email' }, account.token),
      'email',
      'User e-mail is not valid.',
    );
  });

  it('validates the name and the mobile', async () => {
    const account = await h.signUp();
    expectFieldError(await h.call('users/update', { name: ' ' }, account.token), 'name', 'Name is required.');
    expectFieldError(
      await h.call('users/update', { name: 'n'.repeat(101) }, account.token),
      'name',
      'Name must be less than 100 characters.',
    );
    expectFieldErrorStartingWith(
      await h.call('users/update', { mobile: '07700 900123' }, account.token),
      'mobile',
      E164_MESSAGE,
    );
    const me = await h.call('users/get', undefined, account.token);
    expect(me.body.data.user).toMatchObject({ name: account.name, email: account.email, mobile: null });
  });

  it('clears the mobile when it is sent empty', async () => {
    const account = await h.signUp();
    await h.call('users/update', { mobile: randomMobile() }, account.token);
    const cleared = await h.call('users/update', { mobile: '' }, account.token);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.user).toMatchObject({ mobile: null, mobile_verified: false });
  });

  it("refuses another account's email", async () => {
    const alice = await h.signUp();
    const bob = await h.signUp();
    expectFieldError(
      await h.call('users/update', { email: bob.email }, alice.token),
      'email',
      'An account with this email already exists.',
    );
  });

  it('a new mobile has to be verified again', async () => {
    const account = await h.signUp();
    const mobile = randomMobile();
    await h.call('users/mobile-submit', { mobile }, account.token);
    const verified = await h.call(
      'users/mobile-verify',
      { mobile, code: await h.latestCode(mobile, 'sms') },
      account.token,
    );
    expect(verified.body.data.user.mobile_verified).toBe(true);

    const same = await h.call('users/update', { mobile }, account.token);
    expect(same.body.data.user.mobile_verified).toBe(true);
    const changed = await h.call('users/update', { mobile: randomMobile() }, account.token);
    expect(changed.body.data.user.mobile_verified).toBe(false);
  });

  it('changes the password only with the current one; other sessions end, this one stays', async () => {
    const account = await h.signUp();
    const other = (await h.call('users/login', { email: account.email, password: PASSWORD })).body.data.token as string;
    const next = 'my next password';

    expectFieldError(
      await h.call('users/update', { password: next }, account.token),
      'current_password',
      'Password is required.',
    );
    expectFieldError(
      await h.call('users/update', { current_password: 'wrong password', password: next }, account.token),
      'current_password',
      'The current password is not correct.',
    );
    expectFieldError(
      await h.call('users/update', { current_password: PASSWORD, password: 'short' }, account.token),
      'password',
      'Password must be at least 8 characters',
    );
    expectFieldError(
      await h.call('users/update', { current_password: PASSWORD }, account.token),
      'password',
      'Password is required.',
    );
    // Nothing changed so far.
    expect((await h.call('users/login', { email: account.email, password: PASSWORD })).status).toBe(200);

    const changed = await h.call('users/update', { current_password: PASSWORD, password: next }, account.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.messages).toEqual(['Your password has been changed.']);

    expect((await h.call('users/login', { email: account.email, password: next })).status).toBe(200);
    expectFailureEnvelope(await h.call('users/login', { email: account.email, password: PASSWORD }), 422);
    expect((await h.call('users/get', undefined, account.token)).status).toBe(200);
    expectFailureEnvelope(await h.call('users/get', undefined, other), 401);
  });

  it('answers 401 without a token', async () => {
    expectFailureEnvelope(await h.call('users/update', { name: 'x' }), 401);
  });
});

describe('user/updateUser', () => {
  it('saves the push-service id (onesignal_user_id), and null clears it', async () => {
    const account = await h.signUp();
    const saved = await h.call('user/updateUser', { onesignal_user_id: 'os-1234-abcd' }, account.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data.user).toMatchObject({ id: account.user.id, onesignal_user_id: 'os-1234-abcd' });
    expect((await h.call('users/get', undefined, account.token)).body.data.user.onesignal_user_id).toBe('os-1234-abcd');

    const cleared = await h.call('user/updateUser', { onesignal_user_id: null }, account.token);
    expect(cleared.body.data.user.onesignal_user_id).toBeNull();
  });

  it('says "This field is required." for an empty id, and 401 without a token', async () => {
    const account = await h.signUp();
    expectFieldError(
      await h.call('user/updateUser', { onesignal_user_id: '' }, account.token),
      'onesignal_user_id',
      'This field is required.',
    );
    expectFailureEnvelope(await h.call('user/updateUser', { onesignal_user_id: 'x' }), 401);
  });

  it('refuses a push id from a client that says it is the web (mode: web) with a clear 403, and saves it from the app', async () => {
    const account = await h.signUp();
    const refused = await h.call('user/updateUser', { onesignal_user_id: 'os-from-a-browser' }, account.token, {
      mode: 'web',
    });
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual([messages.push.nativeOnly]);
    expect((await h.call('users/get', undefined, account.token)).body.data.user.onesignal_user_id).toBeNull();
    // Clearing the id is allowed from anywhere; the app (mode: capacitor) saves one.
    expect((await h.call('user/updateUser', { onesignal_user_id: null }, account.token, { mode: 'web' })).status).toBe(
      200,
    );
    const saved = await h.call('user/updateUser', { onesignal_user_id: 'os-from-the-app' }, account.token, {
      mode: 'capacitor',
    });
    expect(saved.body.data.user.onesignal_user_id).toBe('os-from-the-app');
  });
});
