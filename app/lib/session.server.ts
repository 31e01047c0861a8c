import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { getEnv } from './env.server';

/**
 * The session is a signed, HttpOnly, SameSite=Lax cookie holding the bearer token and the
 * selected business id (docs/decisions/004-token-in-session-cookie.md). SESSION_SECRET may
 * list several secrets, comma-separated: the first signs, all verify (rotation).
 */
type SessionData = { token: string; businessId: string; /** The latest version whose update notice the user dismissed. */ dismissedVersion: string };
type FlashData = { toasts: { type: 'success' | 'error' | 'info'; message: string }[] };

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;

function getStorage() {
  if (!storage) {
    const env = getEnv();
    const secrets = (env.SESSION_SECRET ?? 'development-only-secret').split(',').map((s) => s.trim()).filter(Boolean);
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: '__session',
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: env.PUBLIC_URL?.startsWith('https://') ?? false,
        secrets,
        maxAge: 30 * 24 * 60 * 60,
      },
    });
  }
  return storage;
}

export type AppSession = Session<SessionData, FlashData>;

export const getSession = (request: Request) => getStorage().getSession(request.headers.get('Cookie'));
export const commitSession = (session: AppSession) => getStorage().commitSession(session);
export const destroySession = (session: AppSession) => getStorage().destroySession(session);

/** A session with no data, e.g. to flash a toast after the account is gone. */
export const newSession = () => getStorage().getSession();
