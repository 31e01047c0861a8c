import { CLIENT_HEADERS } from '#contract/envelope';
import { apiCall, clientHeaders, type ApiCaller } from './api.server';
import type { AppSession } from './session.server';
import { isOlderVersion } from './version';

/** The latest version changes rarely: one helpers/check-version call per process every few minutes. */
export const VERSION_CACHE_MS = 5 * 60 * 1000;

let cached: { latest: string; at: number } | null = null;

export async function latestVersion(caller: ApiCaller, now = Date.now()): Promise<string | null> {
  if (cached && now - cached.at < VERSION_CACHE_MS) return cached.latest;
  const result = await apiCall<{ latest_version: string }>(caller, 'helpers/check-version');
  if (!result.ok || typeof result.data?.latest_version !== 'string') return cached?.latest ?? null;
  cached = { latest: result.data.latest_version, at: now };
  return cached.latest;
}

export function clearVersionCache() {
  cached = null;
}

export type UpdateNotice = { running: string; latest: string; native: boolean };

/**
 * The version-check dialog's data (spec section 2): shown when the running web app, or the
 * native shell's app version, is older than helpers/check-version's latest_version, until
 * the user dismisses that version (remembered in the session).
 */
export async function updateNotice(caller: ApiCaller, session: AppSession): Promise<UpdateNotice | null> {
  const latest = await latestVersion(caller);
  if (!latest || session.get('dismissedVersion') === latest) return null;
  const headerVersion = caller.request.headers.get(CLIENT_HEADERS.appVersion);
  const nativeVersion = headerVersion || clientHeaders(caller)[CLIENT_HEADERS.appVersion];
  const running = nativeVersion || __APP_VERSION__;
  if (!isOlderVersion(running, latest)) return null;
  return { running, latest, native: Boolean(nativeVersion) };
}
