import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const phone = {
  mode: 'capacitor',
  'platform-name': 'ios',
  'platform-type': 'mobile',
  'package-version': '1.4.0',
  'device-name': 'Ada iPhone',
  'device-model': 'iPhone15,2',
  'device-platform': 'ios',
  'device-os-version': '17.5',
  'app-version': '1.4.0',
  'app-build': '42',
};

describe('users/devices: signed-in devices per token', () => {
  it('lists each token with the latest device headers seen with it; the current one is marked', async () => {
    const account = await h.signUp();
    const login = await h.call('users/login', { email: account.email, password: PASSWORD }, undefined, phone);
    const phoneToken = login.body.data.token as string;
    await h.call('users/get', undefined, account.token, { mode: 'web', 'platform-name': 'web' });

    const listed = await h.call('users/devices', undefined, account.token);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const devices = listed.body.data.devices as Array<Record<string, unknown>>;
    expect(devices).toHaveLength(2);
    const current = devices.find((device) => device.current);
    const other = devices.find((device) => !device.current);
    expect(current).toMatchObject({ mode: 'web', platform_name: 'web', device_model: null });
    expect(other).toMatchObject({
      mode: 'capacitor',
      platform_name: 'ios',
      platform_type: 'mobile',
      package_version: '1.4.0',
      device_name: 'Ada iPhone',
      device_model: 'iPhone15,2',
      device_platform: 'ios',
      device_os_version: '17.5',
      app_version: '1.4.0',
      app_build: '42',
    });

    // The latest headers win (an app update).
    await h.call('users/get', undefined, phoneToken, { ...phone, 'app-version': '1.5.0', 'app-build': '50' });
    const again = (await h.call('users/devices', undefined, phoneToken)).body.data.devices as Array<
      Record<string, unknown>
    >;
    expect(again.find((device) => device.current)).toMatchObject({
      app_version: '1.5.0',
      app_build: '50',
      device_model: 'iPhone15,2',
    });
  });

  it('revokes one device: its token stops working, the others stay signed in', async () => {
    const account = await h.signUp();
    const phoneToken = (await h.call('users/login', { email: account.email, password: PASSWORD }, undefined, phone))
      .body.data.token as string;
    const devices = (await h.call('users/devices', undefined, account.token)).body.data.devices as Array<{
      _id: string;
      current: boolean;
    }>;
    const phoneDevice = devices.find((device) => !device.current)!;

    const revoked = await h.call(`users/devices/${phoneDevice._id}/revoke`, undefined, account.token);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.messages).toEqual(['The device has been signed out.']);
    expectFailureEnvelope(await h.call('users/get', undefined, phoneToken), 401);
    expect((await h.call('users/get', undefined, account.token)).status).toBe(200);
    expect((await h.call('users/devices', undefined, account.token)).body.data.devices).toHaveLength(1);

    // Twice, or another user's device: not found.
    expectFailureEnvelope(await h.call(`users/devices/${phoneDevice._id}/revoke`, undefined, account.token), 404);
    const stranger = await h.signUp();
    const strangerDevice = (await h.call('users/devices', undefined, stranger.token)).body.data.devices[0]
      ._id as string;
    expectFailureEnvelope(await h.call(`users/devices/${strangerDevice}/revoke`, undefined, account.token), 404);
    expect((await h.call('users/get', undefined, stranger.token)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expectFailureEnvelope(await h.call('users/devices'), 401);
  });
});
