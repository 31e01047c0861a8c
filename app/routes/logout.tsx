import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { apiCall } from '../lib/api.server';
import { destroySession, getSession } from '../lib/session.server';

/** Logout: tell the server (revokes the token), then clear the session. POST only. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request);
  const token = session.get('token');
  if (token) await apiCall({ context, request, token }, 'users/logout');
  return redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } });
}

export const loader = () => redirect('/dashboard/home');
