import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { safeRedirect } from '#app/lib/safe-redirect';
import { destroySession, getSession } from '#app/lib/session.server';
import { v1 } from '#app/lib/v1.server';

/**
 * Logout: tell the server (revokes the token), then clear the session. POST only. A
 * `redirect` field (a same-site path, e.g. an invitation page) says where to go after.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => null);
  const to = safeRedirect(formData?.get('redirect'), '/login');
  const session = await getSession(request);
  const token = session.get('token');
  if (token) await v1({ context, request, token }).users.logout();
  return redirect(to, { headers: { 'Set-Cookie': await destroySession(session) } });
}

export const loader = () => redirect('/dashboard/home');
