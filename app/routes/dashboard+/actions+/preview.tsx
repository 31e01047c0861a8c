import type { LoaderFunctionArgs } from '@remix-run/node';
import { ACTION_KINDS } from '#contract/action-terms';
import { previewAction } from '#app/routes/dashboard+/actions+/__actions.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';

/**
 * The editor's live preview (a resource route, GET: it changes nothing): the template as
 * typed, rendered for a sample customer by the v1 preview call. Without JavaScript the
 * editor's Preview button asks its own page instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'actions/edit');
  const url = new URL(request.url);
  const kind = url.searchParams.get('kind') ?? '';
  const preview = await previewAction(state, {
    template: (url.searchParams.get('template') ?? '').slice(0, 1600),
    kind: (ACTION_KINDS as readonly string[]).includes(kind) ? kind : null,
    customerId: url.searchParams.get('customer_id'),
    actionId: url.searchParams.get('action_id'),
  });
  return { preview };
}
