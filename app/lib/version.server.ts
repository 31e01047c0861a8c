import { CLIENT_HEADERS } from '#contract/envelope';
import { clientHeaders, type ApiCaller } from './api.server';
import { isNativeRequest } from './native.server';
import type { AppSession } from './session.server';
import { v1 } from './v1.server';
import { isOlderVersion } from './version';

/** The latest version changes rarely: one helpers/check-version call per process every few minutes. */
export const VERSION_CACHE_MS = 5 * 60 * 1000;

let cached: { latest: string; at: number } | null = null;

export async function latestVersion(caller: ApiCaller, now = Date.now()): Promise<string | null> {
  if (cached && now - cached.at < VERSION_CACHE_MS) return cached.latest;
  const result = await v1(caller).helpers.checkVersion();
  if (!result.ok || typeof result.data?.latest_version !== 'string') return cached?.latest ?? null;
  cached = { latest: result.data.latest_version, at: now };
  return cached.latest;
}

export function clearVersionCache() {
  cached = null;
}

export type UpdateNotice = { running: string; latest: string };

/**
 * The version-check dialog's data (docs/product.md#routes): shown only inside the native shell, when
 * its app version (the app-version header, or the shell's app_device cookie) is older than
 * helpers/check-version's latest_version, until the user dismisses that version (remembered in
 * the session). LATEST_APP_VERSION is the store app's version: a plain browser always runs the
 * server's own web build and has no store app to update, so it is never compared with it.
 */
export async function updateNotice(caller: ApiCaller, session: AppSession): Promise<UpdateNotice | null> {
  const headers = caller.request.headers;
  const native = headers.get(CLIENT_HEADERS.mode) === 'capacitor' || isNativeRequest(caller.request);
  if (!native) return null;
  const running = headers.get(CLIENT_HEADERS.appVersion) || clientHeaders(caller)[CLIENT_HEADERS.appVersion];
  if (!running) return null;
  const latest = await latestVersion(caller);
  if (!latest || session.get('dismissedVersion') === latest) return null;
  if (!isOlderVersion(running, latest)) return null;
  return { running, latest };
}
