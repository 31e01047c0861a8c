import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { TOOLBAR_CONTROL } from '#app/components/ui/toolbar';
import { PageHeader } from '#app/components/ui/page-header';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ORDER_STATUSES } from '#contract/order-statuses';
import { FilterDrawer } from '#app/components/drawer';
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

      <FilterDrawer>
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          <div className="flex flex-col gap-1">
            <label htmlFor="order-status-filter" className="text-sm font-medium text-slate-700">
              Status
            </label>
            <select
              id="order-status-filter"
              name="status"
              defaultValue={status}
              key={status}
              className={TOOLBAR_CONTROL}
            >
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {orderStatusLabel(value)}
                </option>
              ))}
            </select>
          </div>
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
          <button type="submit" className={buttonClass('toolbar')}>
            Apply
          </button>
          {filtered ? (
            <Link to="/dashboard/orders" className="px-2 py-2 text-sm text-slate-700 underline">
              Clear
            </Link>
          ) : null}
        </Form>
      </FilterDrawer>

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
