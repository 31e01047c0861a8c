import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, useLoaderData } from '@remix-run/react';
import { ORDER_STATUSES } from '#contract/order-statuses';
import { ChoiceFilter, ListFilters } from '#app/components/list-filters';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { LIST_PAGE_SIZE, readChoice, readPage } from '#app/lib/list-query';
import { RestoreOrderBanner } from '#app/components/orders/order-bits';
import { OrderList } from '#app/components/orders/order-list';
import { orderStatusLabel } from '#app/lib/orders';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { requireDashboard } from '#app/lib/guard.server';
import { CONTACT_QUERY, ContactPicker } from '#app/components/contact-picker';
import { canEditOrders, customerOptions, listOrders } from '#app/lib/orders.server';
import { businessTimeZone } from '#app/lib/timeline.server';

export const meta: MetaFunction = () => [{ title: 'Orders · Business Assistant' }];

const PAGE_SIZE = LIST_PAGE_SIZE;

/**
 * Orders, newest first, filtered by status and customer through a GET form (so a result
 * can be bookmarked; the contact page links here with its customer chosen).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const status = readChoice(url.searchParams, 'status', ORDER_STATUSES);
  const customerId = (url.searchParams.get('customer_id') ?? '').trim().slice(0, 100);
  const page = readPage(url.searchParams);
  const findQuery = url.searchParams.get(CONTACT_QUERY)?.trim().slice(0, 100) ?? '';
  const [listed, customers] = await Promise.all([
    listOrders(state, { page, limit: PAGE_SIZE, status, customer_id: customerId }),
    customerOptions(state, customerId || null, findQuery),
  ]);
  return {
    orders: listed.orders,
    total: listed.total,
    page,
    status,
    customerId,
    findQuery,
    customers,
    canEdit: canEditOrders(state),
    deleted: url.searchParams.get('deleted'),
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  };
}

export default function OrdersRoute() {
  const { orders, total, page, status, customerId, customers, canEdit, deleted, timeZone, now, findQuery } =
    useLoaderData<typeof loader>();
  const filtered = Boolean(status || customerId);
  const customerName = customers.find((customer) => customer._id === customerId)?.name;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Orders"
        actions={
          canEdit ? (
            <Link
              to={
                customerId
                  ? `/dashboard/orders/new?customer_id=${encodeURIComponent(customerId)}`
                  : '/dashboard/orders/new'
              }
              className={buttonClass()}
            >
              New order
            </Link>
          ) : null
        }
      >
        <p className="text-sm text-slate-600" data-testid="orders-total">
          {total === 1 ? '1 order' : `${total} orders`}
          {filtered ? ' found' : ''}
        </p>
      </PageHeader>

      {deleted && canEdit ? <RestoreOrderBanner id={deleted} /> : null}

      <ListFilters filtered={filtered} clearTo="/dashboard/orders">
        <ChoiceFilter
          id="order-status-filter"
          name="status"
          label="Status"
          allLabel="All statuses"
          value={status}
          choices={ORDER_STATUSES}
          labelOf={orderStatusLabel}
        />
        {customers.length > 0 || findQuery || customerId ? (
          <ContactPicker
            name="customer_id"
            label="Customer"
            emptyLabel="All customers"
            options={customers}
            defaultValue={customerId}
            findQuery={findQuery}
          />
        ) : null}
      </ListFilters>

      {orders.length === 0 ? (
        filtered ? (
          <EmptyState
            title={`No ${status ? `${orderStatusLabel(status).toLowerCase()} ` : ''}orders${customerName ? ` for ${customerName}` : ''}.`}
            testId="orders-empty"
            showAll={{ to: '/dashboard/orders', label: 'Show all orders' }}
          />
        ) : (
          <EmptyState title="No orders yet." testId="orders-empty">
            Orders the assistant takes on calls, SMS and chats land here, and so do the ones you enter.
            {canEdit ? ' Start with “New order”.' : ''}
          </EmptyState>
        )
      ) : (
        <OrderList orders={orders} timeZone={timeZone} now={now} />
      )}

      <Pager page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
