import { createCookieSessionStorage, type Session } from '@remix-run/node';
import { getEnv } from './env.server';

/**
 * The session is a signed, HttpOnly, SameSite=Lax cookie holding the bearer token and the
 * selected business id (docs/decisions/004-token-in-session-cookie.md). SESSION_SECRET may
 * list several secrets, comma-separated: the first signs, all verify (rotation).
 */
type SessionData = {
  token: string;
  businessId: string;
  /** The latest version whose update notice the user dismissed. */ dismissedVersion: string;
};

export const SESSION_COOKIE = '__session';
export const SECURE_SESSION_COOKIE = '__Host-session';

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;

/** What every cookie of the app shares: the signing secrets and whether it must be Secure. */
export function cookieBasics() {
  const env = getEnv();
  const secrets = (env.SESSION_SECRET ?? 'development-only-secret')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const secure = env.PUBLIC_URL?.startsWith('https://') ?? false;
  return { secrets, secure };
}

function getStorage() {
  if (!storage) {
    const { secrets, secure } = cookieBasics();
    storage = createCookieSessionStorage<SessionData>({
      cookie: {
        // On https the __Host- prefix makes the browser refuse the cookie unless it is Secure,
        // host-only and on / : a sibling subdomain cannot plant or overwrite it.
        name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets,
        maxAge: 30 * 24 * 60 * 60,
      },
    });
  }
  return storage;
}

export type AppSession = Session<SessionData>;

export const getSession = (request: Request) => getStorage().getSession(request.headers.get('Cookie'));
export const commitSession = (session: AppSession) => getStorage().commitSession(session);
export const destroySession = (session: AppSession) => getStorage().destroySession(session);
