import type { AppLoadContext } from '@remix-run/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearVersionCache, updateNotice } from '../../app/lib/version.server';
import type { AppSession } from '../../app/lib/session.server';

/**
 * LATEST_APP_VERSION is the store app's version (helpers/check-version). Only the native shell
 * can be behind it: a plain browser always runs the server's own web build and has no store
 * app to update, so it never sees "A new version is available" (issue 22, item 20).
 */
// Vite defines the web build's version at build time; here it is older than the store's.
vi.stubGlobal('__APP_VERSION__', '1.0.0');
const STORE_VERSION = '2.0.0';

function callerFor(cookie?: string) {
  const apiFetch = async () => Response.json({ data: { latest_version: STORE_VERSION }, messages: [] });
  const context = { apiFetch, clientIp: '203.0.113.9', requestId: 'req-version' } as unknown as AppLoadContext;
  return {
    context,
    request: new Request('http://app.test/dashboard/home', { headers: cookie ? { Cookie: cookie } : {} }),
    token: 'token',
  };
}
const session = (dismissed?: string) =>
  ({ get: (key: string) => (key === 'dismissedVersion' ? dismissed : undefined) }) as unknown as AppSession;
const shellCookie = (appVersion: string) =>
  `app_device=${encodeURIComponent(JSON.stringify({ mode: 'capacitor', 'app-version': appVersion }))}`;

beforeEach(() => clearVersionCache());

describe('updateNotice', () => {
  it('is never shown in a plain browser, however old the web build is beside the store version', async () => {
    expect(await updateNotice(callerFor(), session())).toBeNull();
    // A browser's cookie that says nothing about the shell is a browser too.
    expect(await updateNotice(callerFor('theme=light'), session())).toBeNull();
  });

  it('compares the native shell with the store version until that version is dismissed', async () => {
    expect(await updateNotice(callerFor(shellCookie('1.4.0')), session())).toEqual({
      running: '1.4.0',
      latest: STORE_VERSION,
    });
    expect(await updateNotice(callerFor(shellCookie('1.4.0')), session(STORE_VERSION))).toBeNull();
    expect(await updateNotice(callerFor(shellCookie('2.0.0')), session())).toBeNull();
  });
});
