import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requireUser } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { commitSession } from '#app/lib/session.server';

/**
 * "Later" on the version-check dialog: remember that this latest version was seen, for the
 * rest of the session. A resource route, so the form works without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { session } = await requireUser(request, context);
  const formData = await request.formData();
  const version = String(formData.get('version') ?? '').slice(0, 50);
  if (version) session.set('dismissedVersion', version);
  const headers = { 'Set-Cookie': await commitSession(session) };
  // Through a fetcher nothing needs to move; a plain form goes back to its page.
  return redirect(safeRedirect(formData.get('redirect_to')), { headers });
}

export const loader = () => redirect('/dashboard/home');
