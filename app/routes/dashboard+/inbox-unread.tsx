import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireDashboard } from '#app/lib/guard.server';
import { loadInboxUnread } from '#app/lib/inbox.server';

/**
 * The member's unread inbox total, for the navigation badge to refresh itself after a live
 * update or a move to another page (the layout's loader gives the first figure, also
 * without JavaScript). A GET: it changes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context, { routeChecks: false });
  return Response.json({ unread: await loadInboxUnread(state) }, { headers: { 'cache-control': 'no-store' } });
}
