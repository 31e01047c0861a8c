import { redirect } from '@remix-run/node';
import { toastsForApiResult } from '#contract/toast';
import { commitSession, getSession, type AppSession } from './session.server';

type FlashToast = { type: 'success' | 'error' | 'info'; message: string };

/** Queue toasts for the next page the browser shows (a flash value in the session). */
export function flashToasts(session: AppSession, toasts: FlashToast[]) {
  if (toasts.length === 0) return;
  const queued = (session.get('toasts') as FlashToast[] | undefined) ?? [];
  session.flash('toasts', [...queued, ...toasts]);
}

/**
 * Spec section 8: an API answer's messages become success toasts (check icon), its errors
 * error toasts; calls whose path contains /list show none.
 */
export function apiToasts(path: string, result: { messages?: string[]; errors?: string[] }): FlashToast[] {
  return toastsForApiResult(path, result).map(({ type, message }) => ({ type, message }));
}

/** Redirect and show toasts there; commits the given session (or the request's). */
export async function redirectWithToasts(
  request: Request,
  to: string,
  toasts: FlashToast[],
  options: { session?: AppSession; headers?: HeadersInit } = {},
) {
  const session = options.session ?? (await getSession(request));
  flashToasts(session, toasts);
  const headers = new Headers(options.headers);
  headers.append('Set-Cookie', await commitSession(session));
  return redirect(to, { headers });
}
