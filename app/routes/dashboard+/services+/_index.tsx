import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, useLoaderData } from '@remix-run/react';
import { SERVICE_STATUSES, SERVICE_STATUS_LABELS } from '#contract/service-terms';
import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { LIST_PAGE_SIZE, readChoice, readPage, readSearch } from '#app/lib/list-query';
import { ServiceFormDialog } from '#app/routes/dashboard+/services+/__service-form.deferred';
import {
  RestoreServiceBanner,
  ServiceStatusBadge,
  frequencyLabel,
  serviceDefaults,
  statusLabel,
} from '#app/routes/dashboard+/services+/__service-bits';
import { loadFailure } from '#app/lib/customers.server';
import { requireDashboard } from '#app/lib/guard.server';
import { canEditServices } from '#app/routes/dashboard+/services+/__services.server';
import { v1 } from '#app/lib/v1.server';
import { ChoiceFilter, ListFilters, SearchFilter } from '#app/components/list-filters';
import { RecentlyDeletedLink } from '#app/components/recently-deleted';
import { Card } from '#app/components/ui/card';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';

export const meta: MetaFunction = () => [{ title: 'Services · Business Assistant' }];

const PAGE_SIZE = LIST_PAGE_SIZE;

/** The orders the sort menu offers: value → the list call's sort_by and sort_order. */
const SORTS = {
  newest: { label: 'Newest first', sort_by: 'created_at', sort_order: 'desc' },
  oldest: { label: 'Oldest first', sort_by: 'created_at', sort_order: 'asc' },
  name: { label: 'Name A–Z', sort_by: 'name', sort_order: 'asc' },
  name_desc: { label: 'Name Z–A', sort_by: 'name', sort_order: 'desc' },
  updated: { label: 'Recently changed', sort_by: 'updated_at', sort_order: 'desc' },
  frequency: { label: 'Most frequent', sort_by: 'frequency', sort_order: 'asc' },
} as const;
type Sort = keyof typeof SORTS;

/**
 * Services: search (name, description, price), a status filter and an order, as a GET
 * form so a result can be bookmarked; newest first by default, 50 a page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const q = readSearch(url.searchParams);
  const status = readChoice(url.searchParams, 'status', SERVICE_STATUSES);
  const sortParam = url.searchParams.get('sort') ?? '';
  const sort: Sort = sortParam in SORTS ? (sortParam as Sort) : 'newest';
  const page = readPage(url.searchParams);
  const { sort_by, sort_order } = SORTS[sort];
  const body = {
    page,
    limit: PAGE_SIZE,
    sort_by,
    sort_order,
    ...(q ? { search: q } : {}),
    ...(status ? { status } : {}),
  };
  const result = await v1(state.caller).services.list(body);
  if (!result.ok) loadFailure(result);
  return {
    services: result.data.services,
    total: result.data.total,
    page,
    q,
    status,
    sort,
    canEdit: canEditServices(state),
    deleted: url.searchParams.get('deleted'),
  };
}

export default function ServicesRoute() {
  const { services, total, page, q, status, sort, canEdit, deleted } = useLoaderData<typeof loader>();
  const filtered = Boolean(q || status);
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
      ...(sort !== 'newest' ? { sort } : {}),
      ...changes,
    });
    for (const [key, value] of [...params]) if (!value) params.delete(key);
    const text = params.toString();
    return text ? `?${text}` : '/dashboard/services';
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Services"
        actions={
          canEdit ? (
            <DialogLink
              to="/dashboard/services/new"
              title="New service"
              className={buttonClass()}
              content={(close) => (
                <ServiceFormDialog
                  id="service-create-dialog"
                  action="/dashboard/services/new"
                  defaultValue={serviceDefaults()}
                  submitLabel="Create service"
                  pendingText="Creating…"
                  close={close}
                />
              )}
            >
              New service
            </DialogLink>
          ) : null
        }
      >
        <p className="text-sm text-slate-600" data-testid="services-total">
          {total === 1 ? '1 service' : `${total} services`}
          {filtered ? ' found' : ''}
        </p>
        <RecentlyDeletedLink kind="services" />
      </PageHeader>

      {deleted && canEdit ? <RestoreServiceBanner id={deleted} /> : null}

      <ListFilters filtered={filtered} clearTo={query({ q: '', status: '' })}>
        <SearchFilter id="service-search" value={q} placeholder="Name, description or price" />
        <ChoiceFilter
          id="service-status-filter"
          name="status"
          label="Status"
          allLabel="All statuses"
          value={status}
          choices={SERVICE_STATUSES}
          labelOf={(value) => SERVICE_STATUS_LABELS[value]}
        />
        <ChoiceFilter
          id="service-sort"
          name="sort"
          label="Order"
          value={sort}
          choices={Object.keys(SORTS) as Sort[]}
          labelOf={(value) => SORTS[value].label}
        />
      </ListFilters>

      {services.length === 0 ? (
        filtered ? (
          <EmptyState
            title={`No services match${q ? ` “${q}”` : ''}${status ? ` with status ${statusLabel(status)}` : ''}.`}
            testId="services-empty"
            showAll={{ to: query({ q: '', status: '' }), label: 'Show all services' }}
          />
        ) : (
          <EmptyState title="No services yet." testId="services-empty">
            List what you offer, how often and at what price: the assistant quotes them to callers.
            {canEdit ? ' Start with “New service”.' : ''}
          </EmptyState>
        )
      ) : (
        <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="service-list">
          {services.map((service) => (
            <li
              key={service._id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
              data-testid="service-row"
              data-id={service._id}
            >
              <Link to={`/dashboard/services/${service._id}`} className="font-medium text-slate-900 hover:underline">
                {service.name}
              </Link>
              <ServiceStatusBadge status={service.status} />
              <span className="text-sm text-slate-600">
                {frequencyLabel(service.frequency, service.frequency_unit)}
              </span>
              {service.price ? <span className="ml-auto text-sm text-slate-900">{service.price}</span> : null}
            </li>
          ))}
        </Card>
      )}

      <Pager page={page} total={total} pageSize={PAGE_SIZE} labels={[`Previous ${PAGE_SIZE}`, `Next ${PAGE_SIZE}`]} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
