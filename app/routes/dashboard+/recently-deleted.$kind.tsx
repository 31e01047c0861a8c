import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { recentlyDeletedMessages } from '#contract/messages';
import { hasPermission } from '#contract/permissions';
import {
  DELETED_KIND_INFO,
  isDeletedPageKind,
  recentlyDeletedUrl,
  type DeletedKind,
  type DeletedPageKind,
} from '#contract/recently-deleted-kinds';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage } from '#app/lib/list-query';
import { SubmitButton } from '#app/components/forms';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1/index';
import { requireDashboard, requirePermission, type DashboardState } from '#app/lib/guard.server';
import { formatDateTime } from '#app/lib/timezone';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { httpError, loadFailure } from '#app/lib/invariant.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Recently deleted ${loaded?.plural ?? ''} · Business Assistant` },
];

const PAGE_SIZE = 25;

const BUSINESSES = { plural: 'businesses', listUrl: '/dashboard/businesses' };

function notFound(): never {
  httpError(404, 'Not found');
}

/** Each kind's declared restore call, through the client; the toasts name its declared path. */
function restoreCall(state: DashboardState, kind: DeletedKind) {
  const client = v1(state.caller);
  const calls = {
    customers: [client.customers.restore, v1Calls.customers.restore.path],
    notes: [client.notes.restore, v1Calls.notes.restore.path],
    calls: [client.calls.restore, v1Calls.calls.restore.path],
    sms: [client.smses.restore, v1Calls.smses.restore.path],
    forms: [client.forms.restore, v1Calls.forms.restore.path],
    services: [client.services.restore, v1Calls.services.restore.path],
    memories: [client.memories.restore, v1Calls.memories.restore.path],
    systems: [client.systems.restore, v1Calls.systems.restore.path],
    members: [client.members.restore, v1Calls.members.restore.path],
  } as const;
  const [restore, restorePath] = calls[kind];
  return { restore: (id: string) => restore(id), restorePath };
}

/**
 * What one kind's page needs: its list call, the restore call for a row, and whether the
 * member may restore. Businesses are the user's own (any deleted business they are an admin
 * of, whichever business is selected); every other kind is the selected business's, checked
 * with the live list's view permission (the API checks again).
 */
async function kindAccess(request: Request, context: LoaderFunctionArgs['context'], kind: DeletedPageKind) {
  if (kind === 'businesses') {
    // Open with no business left (the user's only one was deleted) and while one is unfinished:
    // contract/routes.ts ALWAYS_OPEN.
    const state = await requireDashboard(request, context);
    return {
      state,
      ...BUSINESSES,
      list: v1(state.caller).recentlyDeleted.businesses,
      restore: (id: string) => v1(state.caller, id).businesses.restore(),
      restorePath: v1Calls.businesses.restore.path,
      canRestore: true,
    };
  }
  const state = await requireDashboard(request, context);
  const info = DELETED_KIND_INFO[kind];
  requirePermission(state, info.view);
  if (!state.business) notFound();
  return {
    state,
    plural: info.plural,
    listUrl: info.listUrl,
    list: v1(state.caller).recentlyDeleted[kind],
    ...restoreCall(state, kind),
    canRestore: hasPermission(state.business?.permissions, info.edit),
  };
}

const timeZoneOf = (state: DashboardState) => state.business?.timezone || 'UTC';

/**
 * "Recently deleted" for one list (/dashboard/recently-deleted/{kind}): its deleted rows,
 * newest deletion first, each with a Restore button (a plain form POST, so it works without
 * JavaScript) for members who may edit that list. Deleted rows are never purged, so each
 * stays here until it is restored.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isDeletedPageKind(params.kind)) notFound();
  const kind = params.kind;
  const access = await kindAccess(request, context, kind);
  const page = readPage(new URL(request.url).searchParams);
  const result = await access.list({ page, limit: PAGE_SIZE });
  if (!result.ok) return loadFailure(result);
  return {
    kind,
    plural: access.plural,
    listUrl: access.listUrl,
    canRestore: access.canRestore,
    hasBusiness: access.state.businesses.length > 0,
    timeZone: timeZoneOf(access.state),
    ...result.data,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (!isDeletedPageKind(params.kind)) notFound();
  const access = await kindAccess(request, context, params.kind);
  const formData = await request.formData();
  const id = String(formData.get('id') ?? '');
  const page = String(formData.get('page') ?? '');
  if (formData.get('intent') !== 'restore' || !id) httpError(400, 'Choose a row to restore.');
  const result = await access.restore(id);
  const back = recentlyDeletedUrl(params.kind) + (/^[1-9]\d*$/.test(page) ? `?page=${page}` : '');
  return redirectWithToasts(request, back, apiToasts(access.restorePath, result));
}

export default function RecentlyDeletedRoute() {
  const loaded = useLoaderData<typeof loader>();
  const { kind, plural, listUrl, canRestore, deleted, total, page, limit, timeZone } = loaded;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={<>Recently deleted {plural}</>}
        actions={
          <>
            {kind !== 'businesses' || loaded.hasBusiness ? (
              <Link to={listUrl} className="text-sm font-medium text-brand-700 underline">
                Back to {plural}
              </Link>
            ) : (
              <Link to="/dashboard/business-create" className="text-sm font-medium text-brand-700 underline">
                Add a business
              </Link>
            )}
          </>
        }
      >
        <p className="text-sm text-slate-600">{recentlyDeletedMessages.keptUntilRestored}</p>
      </PageHeader>
      {!canRestore && deleted.length > 0 ? (
        <p className="text-sm text-slate-600">{recentlyDeletedMessages.cannotRestore}</p>
      ) : null}
      {deleted.length === 0 ? (
        <EmptyState title={`No deleted ${plural}.`} testId="recently-deleted-empty">
          {page > 0
            ? 'There is nothing on this page.'
            : `${plural[0].toUpperCase()}${plural.slice(1)} you delete show up here, so you can restore them.`}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="recently-deleted">
          {deleted.map((row) => (
            <Card
              key={row._id}
              data-testid="deleted-row"
              as="li"
              padding="sm"
              className="flex flex-wrap items-center gap-3"
            >
              <div className="min-w-0 flex-1">
                <p className="break-words font-medium">{row.title}</p>
                {row.detail ? <p className="break-words text-sm text-slate-600">{row.detail}</p> : null}
                <p className="text-sm text-slate-500">
                  Deleted <time dateTime={row.deleted_at}>{formatDateTime(row.deleted_at, timeZone)}</time>
                </p>
              </div>
              {canRestore ? (
                <Form method="post" aria-label={`Restore ${row.title}`}>
                  <input type="hidden" name="intent" value="restore" />
                  {page > 0 ? <input type="hidden" name="page" value={page} /> : null}
                  {/* The id rides on the button, so only the row being restored shows "Restoring…". */}
                  <SubmitButton variant="secondary" name="id" value={row._id} pendingText="Restoring…">
                    Restore
                  </SubmitButton>
                </Form>
              ) : null}
            </Card>
          ))}
        </ul>
      )}
      <Pager page={page} total={total} pageSize={limit} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
