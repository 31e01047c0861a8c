import { createCookieSessionStorage, redirect } from '@remix-run/node';
import { toastsForApiResult } from '#contract/toast';
import { cookieBasics } from './session.server';

export type FlashToast = { type: 'success' | 'error' | 'info'; message: string };

export const TOAST_COOKIE = '__toast';
export const SECURE_TOAST_COOKIE = '__Host-toast';

/**
 * Toasts ride their own signed, HttpOnly flash cookie, apart from the session: queuing one never
 * needs (or rewrites) the signed-in session, and a route that changes the session commits it itself.
 * No lifetime: a toast is for the next page only.
 */
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toasts: FlashToast[] }>> | undefined;

function getStorage() {
  if (!storage) {
    const { secrets, secure } = cookieBasics();
    storage = createCookieSessionStorage<Record<string, never>, { toasts: FlashToast[] }>({
      cookie: {
        name: secure ? SECURE_TOAST_COOKIE : TOAST_COOKIE,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets,
      },
    });
  }
  return storage;
}

/**
 * An API answer's messages become success toasts (check icon), its errors error toasts; calls
 * whose path contains /list show none (docs/product.md#toasts).
 */
export function apiToasts(path: string, result: { messages?: string[]; errors?: string[] }): FlashToast[] {
  return toastsForApiResult(path, result).map(({ type, message }) => ({ type, message }));
}

/** The Set-Cookie value that queues these toasts (after any still queued) for the next page the browser shows. */
export async function toastCookie(request: Request, toasts: FlashToast[]): Promise<string> {
  const cookie = await getStorage().getSession(request.headers.get('Cookie'));
  const queued = cookie.get('toasts') ?? [];
  cookie.flash('toasts', [...queued, ...toasts]);
  return getStorage().commitSession(cookie);
}

/** Redirect and show toasts there; `headers` carries any other cookie the route sets (e.g. the session). */
export async function redirectWithToasts(
  request: Request,
  to: string,
  toasts: FlashToast[],
  options: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(options.headers);
  if (toasts.length) headers.append('Set-Cookie', await toastCookie(request, toasts));
  return redirect(to, { headers });
}

/** The queued toasts, consumed: `setCookie` deletes the cookie and is null when there were none. */
export async function takeToasts(request: Request): Promise<{ toasts: FlashToast[]; setCookie: string | null }> {
  const cookie = await getStorage().getSession(request.headers.get('Cookie'));
  const toasts = cookie.get('toasts') ?? [];
  return { toasts, setCookie: toasts.length ? await getStorage().destroySession(cookie) : null };
}
