import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { apiCall, clientHeaders } from '#app/lib/api.server';
import { isNativeRequest, readDeviceCookie } from '#app/lib/native.server';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The web app's half of the native headers (spec section 7): the shell keeps its device
 * details in the app_device cookie; the v1 client (app/lib/api.server.ts) forwards them as
 * headers on every call, and the embedded v1 API records them with the token.
 */
let h: Harness;
// Vite defines the app's version at build time.
vi.stubGlobal('__APP_VERSION__', '9.9.9');
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const shellDevice = {
  mode: 'capacitor',
  'device-name': 'Pixel 8 Pro',
  'device-model': 'Pixel 8 Pro',
  'device-platform': 'android',
  'device-os-version': '15',
  'app-version': '2.3.0',
  'app-build': '230',
};
const cookieFor = (device: unknown) => `theme=light; app_device=${encodeURIComponent(JSON.stringify(device))}; other=1`;

function pageRequest(cookie?: string) {
  return new Request('http://app.test/dashboard/home', { headers: cookie ? { Cookie: cookie } : {} });
}

/** A loader's caller whose v1 calls go to the harness's embedded API in process, as in server.ts. */
function callerFor(request: Request, token: string) {
  const context = {
    apiFetch: (apiRequest: Request) => h.request(new URL(apiRequest.url).pathname.replace('/api/v1/', ''), apiRequest),
    clientIp: '203.0.113.9',
    requestId: 'req-native',
  } as unknown as AppLoadContext;
  return { context, request, token };
}

describe('the native shell device cookie', () => {
  it('becomes the client headers of every v1 call, and the API records them with the token', async () => {
    const account = await h.signUp();
    const request = pageRequest(cookieFor(shellDevice));
    const headers = clientHeaders(callerFor(request, account.token));
    expect(headers).toMatchObject({
      ...shellDevice,
      'package-version': '9.9.9',
      authorization: `Bearer ${account.token}`,
    });

    const result = await apiCall(callerFor(request, account.token), 'users/get');
    expect(result.ok).toBe(true);
    const listed = await h.call('users/devices', undefined, account.token);
    expect(listed.body.data.devices[0]).toMatchObject({
      current: true,
      mode: 'capacitor',
      device_name: 'Pixel 8 Pro',
      device_model: 'Pixel 8 Pro',
      device_platform: 'android',
      device_os_version: '15',
      app_version: '2.3.0',
      app_build: '230',
    });
  });

  it('a plain browser (no cookie) is mode web with no device details', async () => {
    const account = await h.signUp();
    const headers = clientHeaders(callerFor(pageRequest(), account.token));
    expect(headers.mode).toBe('web');
    expect(headers['platform-name']).toBe('web');
    expect(headers['device-name']).toBeUndefined();
    expect(isNativeRequest(pageRequest())).toBe(false);
    expect(isNativeRequest(pageRequest(cookieFor(shellDevice)))).toBe(true);
  });

  it('ignores what it must not forward: the business id, non-strings, non-Latin-1 text, broken JSON', async () => {
    expect(
      readDeviceCookie(
        pageRequest(
          cookieFor({ ...shellDevice, 'business-id': 'someone-elses', 'device-name': 'Pixel 📱', 'app-build': 230 }),
        ),
      ),
    ).toEqual({
      mode: 'capacitor',
      'device-model': 'Pixel 8 Pro',
      'device-platform': 'android',
      'device-os-version': '15',
      'app-version': '2.3.0',
    });
    expect(readDeviceCookie(pageRequest('app_device=%7Bnot-json'))).toEqual({});
    const long = readDeviceCookie(pageRequest(cookieFor({ mode: 'capacitor', 'device-name': 'x'.repeat(500) })));
    expect(long['device-name']).toHaveLength(200);
  });
});
