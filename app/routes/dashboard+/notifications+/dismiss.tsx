import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { v1Calls } from '#contract/v1/index';
import { requireDashboard } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

/** Only a group's worth at once: a crafted form cannot make the server loop for long. */
const MAX_IDS = 200;

/**
 * Dismiss one notification or a whole customer group (every `id` field), then go back to
 * the page the drawer was on. A resource route (no page), so the forms work without
 * JavaScript. Each dismissal is the v1 update with dismissed_at; the API only touches the
 * caller's own notifications.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  // Not a page: the wizard lock does not apply to tidying one's notifications.
  const state = await requireDashboard(request, context, { routeChecks: false });
  const back = safeRedirect(formData.get('redirect_to'));
  const ids = [...new Set(formData.getAll('id').map(String).filter(Boolean))].slice(0, MAX_IDS);
  if (!state.business || ids.length === 0) return redirect(back);
  const dismissedAt = new Date().toISOString();
  const notifications = v1(state.caller).notifications;
  const results = await Promise.all(
    ids.map(async (id) =>
      apiToasts(v1Calls.notifications.update.path, await notifications.update(id, { dismissed_at: dismissedAt })),
    ),
  );
  // A group of five says "dismissed" once, not five times.
  const seen = new Set<string>();
  const toasts = results
    .flat()
    .filter((toast) => !seen.has(`${toast.type}:${toast.message}`) && seen.add(`${toast.type}:${toast.message}`));
  return redirectWithToasts(request, back, toasts);
}

export const loader = () => redirect('/dashboard/home');
