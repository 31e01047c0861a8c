import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { COLLECTION_PAGE_SIZE } from '#contract/constants';
import { CUSTOMER_STATUSES, type CustomerStatus } from '#contract/customer-statuses';
import { statusLabel } from '#app/routes/dashboard+/customers+/__customer-bits';
import { UndoDeleteBanner } from '#app/routes/dashboard+/customers+/__customer-delete';
import { CustomerFormDialog } from '#app/routes/dashboard+/customers+/__customer-form.deferred';
import { customerDefaults } from '#app/lib/customers';
import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage, readSearch } from '#app/lib/list-query';
import { v1Calls } from '#contract/v1/index';
import { v1 } from '#app/lib/v1.server';
import { canEditCustomers, getCrmOrder, loadFailure } from '#app/lib/customers.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { CustomerBoard } from '#app/routes/dashboard+/customers+/__board';
import { CustomerList } from '#app/routes/dashboard+/customers+/__list';
import { contactRow } from '#app/routes/dashboard+/customers+/__contact-row';
import { ChoiceFilter, ListFilters, SearchFilter } from '#app/components/list-filters';
import { RecentlyDeletedLink } from '#app/components/recently-deleted';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { usePhoneFormat } from '#app/lib/phone-labels';

export const meta: MetaFunction = () => [{ title: 'Contacts · Business Assistant' }];

const isStatus = (value: unknown): value is CustomerStatus => (CUSTOMER_STATUSES as readonly unknown[]).includes(value);

/**
 * Contacts: search (name, email, phone) and a status filter as a GET form, so a result can
 * be bookmarked and shared; a list, or a board with one column per status in the
 * business's CRM order. Pages of 500 (docs/product.md#limits), newest change first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const q = readSearch(url.searchParams);
  const statusParam = url.searchParams.get('status');
  const status: CustomerStatus | '' = isStatus(statusParam) ? statusParam : '';
  const view = url.searchParams.get('view') === 'board' ? 'board' : 'list';
  const page = readPage(url.searchParams);
  const body = { page, limit: COLLECTION_PAGE_SIZE, ...(q ? { search: q } : {}), ...(status ? { status } : {}) };
  const [result, statuses] = await Promise.all([v1(state.caller).customers.list(body), getCrmOrder(state)]);
  if (!result.ok) loadFailure(result);
  return withPhoneLabels({
    customers: result.data.customers.map(contactRow),
    total: result.data.total,
    page,
    q,
    status,
    view,
    statuses,
    canEdit: canEditCustomers(state),
    deleted: url.searchParams.get('deleted'),
  });
}

/**
 * The board's own writes: move a contact to another status, and reorder the columns
 * (businesses/crm-order set / clear). Each lands back on the same board with the toasts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'customers/edit');
  const formData = await request.formData();
  const back = safeRedirect(formData.get('back'), '/dashboard/customers?view=board');
  const intent = formData.get('intent');

  if (intent === 'status') {
    const id = String(formData.get('customer_id') ?? '');
    const status = formData.get('status');
    if (!id || !isStatus(status)) return data({ error: 'Choose a status.' }, { status: 400 });
    const result = await v1(state.caller).customers.update(id, { status });
    return redirectWithToasts(request, back, apiToasts(v1Calls.customers.update.path, result));
  }

  if (intent === 'order' || intent === 'order-reset') {
    const crmOrder = v1(state.caller).crmOrder;
    if (intent === 'order-reset')
      return redirectWithToasts(request, back, apiToasts(v1Calls.crmOrder.clear.path, await crmOrder.clear()));
    const order = await getCrmOrder(state);
    const [status, direction] = String(formData.get('move') ?? '').split(':');
    const from = order.indexOf(status as CustomerStatus);
    const to = from + (direction === 'left' ? -1 : 1);
    if (from < 0 || to < 0 || to >= order.length) return redirectWithToasts(request, back, []);
    [order[from], order[to]] = [order[to], order[from]];
    const result = await crmOrder.set({ crm_order: order });
    return redirectWithToasts(request, back, apiToasts(v1Calls.crmOrder.set.path, result));
  }
  return data({ error: 'Unknown action.' }, { status: 400 });
}

export default function CustomersRoute() {
  const phone = usePhoneFormat();
  const { customers, total, page, q, status, view, statuses, canEdit, deleted } = useLoaderData<typeof loader>();
  const location = useLocation();
  // Where edits and moves come back to: this page, without the undo banner.
  const params = new URLSearchParams(location.search);
  params.delete('deleted');
  const here = location.pathname + (params.toString() ? `?${params}` : '');
  const filtered = Boolean(q || status);
  const query = (changes: Record<string, string>) => {
    const params = new URLSearchParams({
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
      ...(view === 'board' ? { view } : {}),
      ...changes,
    });
    for (const [key, value] of [...params]) if (!value) params.delete(key);
    const text = params.toString();
    return text ? `?${text}` : '/dashboard/customers';
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Contacts"
        actions={
          canEdit ? (
            <DialogLink
              to={status ? `/dashboard/customers/new?status=${status}` : '/dashboard/customers/new'}
              title="New contact"
              className={buttonClass()}
              content={(close) => (
                <CustomerFormDialog
                  id="customer-create-dialog"
                  action="/dashboard/customers/new"
                  defaultValue={customerDefaults(phone, null, status || statuses[0])}
                  statuses={statuses}
                  submitLabel="Create contact"
                  pendingText="Creating…"
                  close={close}
                />
              )}
            >
              New contact
            </DialogLink>
          ) : null
        }
      >
        <p className="text-sm text-slate-600" data-testid="customers-total">
          {total === 1 ? '1 contact' : `${total} contacts`}
          {filtered ? ' found' : ''}
        </p>
        <RecentlyDeletedLink kind="customers" />
      </PageHeader>

      {deleted && canEdit ? <UndoDeleteBanner id={deleted} /> : null}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <ListFilters filtered={filtered} clearTo={query({ q: '', status: '' })} submitLabel="Search">
          {view === 'board' ? <input type="hidden" name="view" value="board" /> : null}
          <SearchFilter id="customer-search" value={q} placeholder="Name, email or phone" />
          <ChoiceFilter
            id="customer-status-filter"
            name="status"
            label="Status"
            allLabel="All statuses"
            value={status}
            choices={statuses}
            labelOf={statusLabel}
          />
        </ListFilters>
        <nav aria-label="View" className="flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
          {(['list', 'board'] as const).map((option) => (
            <Link
              key={option}
              to={query({ view: option === 'board' ? 'board' : '' })}
              aria-current={view === option ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 ${view === option ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-50'}`}
            >
              {option === 'list' ? 'List' : 'Board'}
            </Link>
          ))}
        </nav>
      </div>

      {customers.length === 0 ? (
        filtered ? (
          <EmptyState
            title={`No contacts match${q ? ` “${q}”` : ''}${status ? ` with status ${statusLabel(status)}` : ''}.`}
            testId="customers-empty"
            showAll={{ to: query({ q: '', status: '' }), label: 'Show all contacts' }}
          />
        ) : (
          <EmptyState title="No contacts yet." testId="customers-empty">
            People who call, text or fill in a form appear here by themselves.
            {canEdit ? ' You can also add one yourself with “New contact”.' : ''}
          </EmptyState>
        )
      ) : view === 'board' ? (
        <CustomerBoard
          customers={customers}
          statuses={status ? [status as CustomerStatus] : statuses}
          allStatuses={statuses}
          canEdit={canEdit}
          back={here}
        />
      ) : (
        <CustomerList customers={customers} statuses={statuses} canEdit={canEdit} back={here} />
      )}

      <Pager
        page={page}
        total={total}
        pageSize={COLLECTION_PAGE_SIZE}
        labels={[`Previous ${COLLECTION_PAGE_SIZE}`, `Next ${COLLECTION_PAGE_SIZE}`]}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
