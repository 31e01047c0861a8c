import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import {
  ActionStatusBadge,
  DeleteActionConfirm,
  RunHistory,
  When,
} from '#app/routes/dashboard+/actions+/__action-bits';
import { ActionForm } from '#app/routes/dashboard+/actions+/__action-form.deferred';
import { actionDefaults, kindLabel, RUNS_PAGE_SIZE, whenText } from '#app/routes/dashboard+/actions+/__action-types';
import { DeleteConfirmPanel, DeleteDialog } from '#app/components/delete-restore';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage } from '#app/lib/list-query';
import { Facts } from '#app/components/facts';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import {
  actionFormAction,
  assigneeOptions,
  canEditActions,
  getAction,
  listRuns,
} from '#app/routes/dashboard+/actions+/__actions.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.action.name ?? 'Action'} · Business Assistant` },
];

/**
 * One action: what it does and when, the editor (for those who may edit), and its run
 * history (`page` pages it). ?confirm=delete shows the delete confirmation on the page
 * (the no-JavaScript path).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const url = new URL(request.url);
  const page = readPage(url.searchParams);
  const canEdit = canEditActions(state);
  const [record, history, assignees] = await Promise.all([
    getAction(state, id),
    listRuns(state, id, page),
    canEdit ? assigneeOptions(state) : Promise.resolve([]),
  ]);
  return {
    action: record,
    history,
    assignees,
    canEdit,
    confirmDelete: canEdit && url.searchParams.get('confirm') === 'delete',
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  };
}

/** Save and preview (the editor), delete (then the list offers the restore) and restore. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent !== 'delete' && intent !== 'restore') return actionFormAction(request, context, formData, { id });

  const state = await requireDashboard(request, context);
  requirePermission(state, 'actions/edit');
  const actions = v1(state.caller).actions;
  const result = intent === 'delete' ? await actions.delete(id) : await actions.restore(id);
  const toasts = apiToasts(v1Calls.actions[intent].path, result);
  if (!result.ok)
    return redirectWithToasts(request, intent === 'delete' ? `/dashboard/actions/${id}` : '/dashboard/actions', toasts);
  if (intent === 'delete')
    return redirectWithToasts(request, `/dashboard/actions?deleted=${encodeURIComponent(id)}`, toasts);
  return redirectWithToasts(request, `/dashboard/actions/${id}`, toasts);
}

export default function ActionRoute() {
  const { action: item, history, assignees, canEdit, confirmDelete, timeZone, now } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const self = `/dashboard/actions/${item._id}`;

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/actions" className="text-brand-600 underline">
          Actions
        </Link>
      </nav>

      <Card className="flex flex-col gap-4" aria-labelledby="action-name">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="action-name" className="text-2xl font-semibold">
            {item.name}
          </h1>
          <ActionStatusBadge status={item.status} />
          {canEdit ? (
            <div className="ml-auto text-sm">
              <DeleteDialog
                to={`${self}?confirm=delete`}
                noun="action"
                confirm={(cancel) => <DeleteActionConfirm action={item} cancel={cancel} />}
              >
                Delete action
              </DeleteDialog>
            </div>
          ) : null}
        </div>
        {confirmDelete ? (
          <DeleteConfirmPanel
            noun="action"
            cancelTo={self}
            confirm={(cancel) => <DeleteActionConfirm action={item} cancel={cancel} />}
          />
        ) : null}
        <div data-testid="action-details">
          <Facts
            rows={[
              ['When', whenText(item)],
              ['Does', kindLabel(item.kind)],
              ['Last run', <When key="last" at={item.last_run_at} timeZone={timeZone} now={now} none="Never" />],
              [
                'Next run',
                <When
                  key="next"
                  at={item.status === 'active' ? item.next_run_at : null}
                  timeZone={timeZone}
                  now={now}
                  none={item.status === 'active' ? 'Nothing due' : 'Paused'}
                />,
              ],
            ]}
          />
        </div>
      </Card>

      {canEdit ? (
        <Card className="flex flex-col gap-4" aria-labelledby="action-edit-title">
          <h2 id="action-edit-title" className="text-lg font-semibold">
            Edit
          </h2>
          <ActionForm
            id={`action-edit-${item._id}`}
            actionId={item._id}
            reply={reply}
            defaultValue={actionDefaults(item)}
            assignees={assignees}
            readyMade={Boolean(item.key)}
            submitLabel="Save action"
            pendingText="Saving…"
            cancel={null}
          />
        </Card>
      ) : item.template ? (
        <Card>
          <h2 className="text-lg font-semibold">Message</h2>
          <p className="mt-2 whitespace-pre-line text-slate-800">{item.template}</p>
        </Card>
      ) : null}

      <section className="flex flex-col gap-3" aria-labelledby="action-runs-title">
        <h2 id="action-runs-title" className="text-lg font-semibold">
          Run history
        </h2>
        {history.error ? <p className="text-sm text-red-700">{history.error}</p> : null}
        {history.runs.length === 0 && !history.error ? (
          <EmptyState title="No runs yet." testId="action-runs-empty">
            Each time this action runs for a customer, what it sent or did shows up here.
          </EmptyState>
        ) : history.runs.length > 0 ? (
          <>
            <RunHistory runs={history.runs} timeZone={timeZone} now={now} />
            <Pager page={history.page} total={history.total} pageSize={RUNS_PAGE_SIZE} />
          </>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
