import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { v1Calls } from '#contract/v1/index';
import { requireDashboard } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

/**
 * Open a notification: mark it read (v1 update with read_at) and go where it points. A
 * posted form rather than a link with a side effect, so no GET changes data and it works
 * without JavaScript. Marking is best effort: a failure still takes the member to the page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const state = await requireDashboard(request, context, { routeChecks: false });
  const to = safeRedirect(formData.get('to'));
  const id = String(formData.get('id') ?? '');
  if (!state.business || !id) return redirect(to);
  const result = await v1(state.caller).notifications.update(id, { read_at: new Date().toISOString() });
  if (result.ok) return redirect(to);
  return redirectWithToasts(
    request,
    to,
    apiToasts(v1Calls.notifications.update.path, result).filter((toast) => toast.type === 'error'),
  );
}

export const loader = () => redirect('/dashboard/home');
