import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, useLoaderData } from '@remix-run/react';
import { ACTION_STATUSES, ACTION_TRIGGERS } from '#contract/action-terms';
import {
  ActionStatusBadge,
  ActionToggle,
  RestoreActionBanner,
  When,
} from '#app/routes/dashboard+/actions+/__action-bits';
import { statusLabel, triggerLabel, whenText } from '#app/routes/dashboard+/actions+/__action-types';
import { ChoiceFilter, ListFilters, SearchFilter } from '#app/components/list-filters';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { LIST_PAGE_SIZE, readChoice, readPage, readSearch } from '#app/lib/list-query';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { canEditActions, setActionStatus } from '#app/routes/dashboard+/actions+/__actions.server';
import { v1 } from '#app/lib/v1.server';
import { loadFailure } from '#app/lib/customers.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { businessTimeZone } from '#app/lib/timeline.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Actions · Business Assistant' }];

const PAGE_SIZE = LIST_PAGE_SIZE;

/**
 * The assistant's follow-up actions: status, trigger, last and next run, and a Pause /
 * Enable button per row. The first list installs the ready-made ones (the API does it).
 * Filters are a GET form (search, status, trigger), so a result can be bookmarked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const q = readSearch(url.searchParams);
  const status = readChoice(url.searchParams, 'status', ACTION_STATUSES);
  const trigger = readChoice(url.searchParams, 'trigger', ACTION_TRIGGERS);
  const page = readPage(url.searchParams);
  const body = {
    page,
    limit: PAGE_SIZE,
    sort_by: 'created_at',
    sort_order: 'asc' as const,
    ...(q ? { search: q } : {}),
    ...(status ? { status } : {}),
    ...(trigger ? { trigger } : {}),
  };
  const result = await v1(state.caller).actions.list(body);
  if (!result.ok) loadFailure(result);
  return {
    actions: result.data.actions,
    total: result.data.total,
    page,
    q,
    status,
    trigger,
    canEdit: canEditActions(state),
    deleted: url.searchParams.get('deleted'),
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
    back: listBack(url),
  };
}

/** After a toggle the list comes back as it was, without the restore banner of an earlier delete. */
function listBack(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('deleted');
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The per-row Pause / Enable (intent toggle-{id}). */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'actions/edit');
  const formData = await request.formData();
  const id = String(formData.get('id') ?? '');
  const status = formData.get('status');
  if (!String(formData.get('intent') ?? '').startsWith('toggle') || !id || (status !== 'active' && status !== 'paused'))
    return data(null, { status: 400 });
  return setActionStatus(request, state, id, status, safeRedirect(formData.get('back'), '/dashboard/actions'));
}

export default function ActionsRoute() {
  const { actions, total, page, q, status, trigger, canEdit, deleted, timeZone, now, back } =
    useLoaderData<typeof loader>();
  const filtered = Boolean(q || status || trigger);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Actions"
        actions={
          canEdit ? (
            <Link to="/dashboard/actions/new" className={buttonClass()}>
              New action
            </Link>
          ) : null
        }
      >
        <p className="text-sm text-slate-600">
          Follow-ups the assistant runs for you: texts, emails, tasks and status changes.
        </p>
        <p className="text-sm text-slate-600" data-testid="actions-total">
          {total === 1 ? '1 action' : `${total} actions`}
          {filtered ? ' found' : ''}
        </p>
      </PageHeader>

      {deleted && canEdit ? <RestoreActionBanner id={deleted} /> : null}

      <ListFilters filtered={filtered} clearTo="/dashboard/actions">
        <SearchFilter id="action-search" value={q} placeholder="Name or message" width="w-56" />
        <ChoiceFilter
          id="action-status-filter"
          name="status"
          label="Status"
          allLabel="All statuses"
          value={status}
          choices={ACTION_STATUSES}
          labelOf={statusLabel}
        />
        <ChoiceFilter
          id="action-trigger-filter"
          name="trigger"
          label="Trigger"
          allLabel="All triggers"
          value={trigger}
          choices={ACTION_TRIGGERS}
          labelOf={triggerLabel}
        />
      </ListFilters>

      {actions.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No actions match these filters."
            testId="actions-empty"
            showAll={{ to: '/dashboard/actions', label: 'Show all actions' }}
          />
        ) : (
          <EmptyState title="No actions yet." testId="actions-empty">
            Actions text back missed calls, follow up leads and remind customers, on a schedule.
            {canEdit ? ' Start with “New action”.' : ''}
          </EmptyState>
        )
      ) : (
        <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="action-list">
          {actions.map((item) => (
            <li
              key={item._id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
              data-testid="action-row"
              data-id={item._id}
              data-key={item.key ?? undefined}
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/dashboard/actions/${item._id}`} className="font-medium text-slate-900 hover:underline">
                    {item.name}
                  </Link>
                  <ActionStatusBadge status={item.status} />
                </div>
                <span className="text-sm text-slate-600" data-testid="action-when">
                  {whenText(item)}
                </span>
              </div>
              <dl className="grid grid-cols-[max-content_max-content] gap-x-2 text-xs text-slate-600">
                <dt>Last run</dt>
                <dd data-testid="action-last-run">
                  <When at={item.last_run_at} timeZone={timeZone} now={now} none="Never" />
                </dd>
                <dt>Next run</dt>
                <dd data-testid="action-next-run">
                  <When
                    at={item.status === 'active' ? item.next_run_at : null}
                    timeZone={timeZone}
                    now={now}
                    none={item.status === 'active' ? 'Nothing due' : 'Paused'}
                  />
                </dd>
              </dl>
              {canEdit ? <ActionToggle action={item} back={back} /> : null}
            </li>
          ))}
        </Card>
      )}

      <Pager page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
