import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { ApiBusinessListEntry, ApiUser } from '#contract/envelope';
import { hasPermission, PERMISSION_SUBJECT, type Permission } from '#contract/permissions';
import { permissionRefusal } from '#contract/messages';
import { setRequestPhoneCountry } from '#contract/phone-country.server';
import { isAlwaysOpen, isOnboardingPath, isOpenWhileOnboarding, matchDashboardRoute } from '#contract/routes';
import type { ApiCaller, ApiFail } from './api.server';
import { safeRedirect } from './safe-redirect';
import { commitSession, getSession, type AppSession } from './session.server';
import { v1, type V1Client } from './v1.server';

export type SignedIn = { token: string; user: ApiUser; session: AppSession; caller: ApiCaller };
export type DashboardState = SignedIn & {
  businesses: ApiBusinessListEntry[];
  business: ApiBusinessListEntry | null;
  wizardFinished: boolean;
};

export function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return `/login?redirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in user, or null when the session holds no valid token. */
export async function getSignedIn(request: Request, context: AppLoadContext): Promise<SignedIn | null> {
  const session = await getSession(request);
  const token = session.get('token');
  if (!token) return null;
  const caller: ApiCaller = { context, request, token, businessId: session.get('businessId') };
  const result = await v1(caller).users.get();
  if (!result.ok) {
    // An API outage is not a sign-out: only a refused token sends the user to login.
    if (result.status === 401) return null;
    throw data({ message: result.errors[0] }, { status: 503 });
  }
  return { token, user: result.data.user, session, caller };
}

/** Throws a redirect to /login?redirect=<full path> when signed out. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context);
  if (!signedIn) {
    const session = await getSession(request);
    session.unset('token');
    throw redirect(loginRedirect(request), { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  return signedIn;
}

// The layout and each child loader run in parallel for one request and share one load
// context: the guard's API calls are made once per request, not once per loader.
const states = new WeakMap<AppLoadContext, Promise<DashboardState>>();

/**
 * The dashboard guard in docs/product.md#guard, applied on the server for every dashboard loader:
 * no valid token → login with the full path; account settings and help → always open; no
 * business → mobile-submit step; wizard not finished → home (onboarding steps stay open); finished → the redirect query value when
 * present; and the route's permission from the contract's route table.
 */
export function requireDashboard(
  request: Request,
  context: AppLoadContext,
  options: { routeChecks?: boolean } = {},
): Promise<DashboardState> {
  let state = states.get(context);
  if (!state) {
    state = loadDashboard(request, context);
    states.set(context, state);
  }
  return state.then((value) => {
    if (options.routeChecks !== false) enforceRoute(request, value);
    return value;
  });
}

async function loadDashboard(request: Request, context: AppLoadContext): Promise<DashboardState> {
  const signedIn = await requireUser(request, context);
  const result = await v1(signedIn.caller).users.listBusinesses();
  if (!result.ok) throw data({ message: result.errors[0] }, { status: result.status || 503 });
  const businesses = result.data.businesses;
  const stored = signedIn.session.get('businessId');
  const business = businesses.find((b) => b._id === stored) ?? businesses[0] ?? null;
  signedIn.caller.businessId = business?._id ?? null;
  // The page's forms read national numbers, and its numbers are shown, in this business's country.
  setRequestPhoneCountry(business?.country);
  return { ...signedIn, businesses, business, wizardFinished: Boolean(business?.wizard_finished) };
}

function enforceRoute(request: Request, state: DashboardState) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/$/, '');
  // Account settings and help are the user's own, never the business's: open before any business exists.
  if (isAlwaysOpen(path)) return;
  if (!state.business) {
    if (!isOnboardingPath(path)) throw redirect('/dashboard/onboard/mobile-submit');
    return;
  }
  if (!state.wizardFinished) {
    if (path !== '/dashboard/home' && !isOnboardingPath(path) && !isOpenWhileOnboarding(path))
      throw redirect('/dashboard/home');
    return;
  }
  const wanted = url.searchParams.get('redirect');
  if (wanted) {
    const target = safeRedirect(wanted, path);
    if (target !== url.pathname + url.search) throw redirect(target);
  }
  const route = matchDashboardRoute(path);
  if (route?.permission) requirePermission(state, route.permission);
}

/** 403 with the spec's wording ("You do not have permission to view members"). */
export function requirePermission(state: DashboardState, permission: Permission) {
  if (hasPermission(state.business?.permissions, permission)) return;
  const subject = PERMISSION_SUBJECT[permission as keyof typeof PERMISSION_SUBJECT];
  throw data(
    { message: subject ? permissionRefusal(subject) : 'You do not have permission to do this.' },
    { status: 403 },
  );
}

/**
 * A support link straight to an entity (/dashboard/customers/{id}…) that is not in the
 * selected business: when one of the user's other businesses has it, that business is
 * selected and the same page reloads; otherwise the not-found page (never another
 * tenant's data). Only tried after a 404, one get per other business, for page loads:
 * `getFrom` makes the same get through another business's client.
 */
export async function entityLoadFailure(
  state: DashboardState,
  result: ApiFail,
  getFrom: (client: V1Client) => Promise<{ ok: boolean }>,
): Promise<never> {
  const request = state.caller.request;
  if (result.status === 404 && request.method === 'GET') {
    for (const other of state.businesses) {
      if (other._id === state.business?._id) continue;
      const found = await getFrom(
        v1({ context: state.caller.context, request, token: state.token, businessId: other._id }),
      );
      if (!found.ok) continue;
      state.session.set('businessId', other._id);
      const url = new URL(request.url);
      throw redirect(url.pathname + url.search, { headers: { 'Set-Cookie': await commitSession(state.session) } });
    }
  }
  throw data({ message: result.errors[0] }, { status: result.status || 503 });
}
