import { Link } from '@remix-run/react';
import { buttonClass } from '#app/components/ui/button';
import type { ApiOrder } from '#contract/v1/orders';
import { OrderList } from './order-list';

/**
 * A contact's orders on their page (members with orders/view): the newest few, a link to
 * all of them on the orders list, and "New order" with the contact already chosen.
 */
export function CustomerOrders({
  customer,
  orders,
  canEdit,
  timeZone,
  now,
}: {
  customer: { _id: string; first_name: string };
  orders: { orders: ApiOrder[]; total: number };
  canEdit: boolean;
  timeZone: string;
  now: string;
}) {
  const forCustomer = `customer_id=${encodeURIComponent(customer._id)}`;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="customer-orders-title" data-testid="customer-orders">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="customer-orders-title" className="text-lg font-semibold">
          Orders
        </h2>
        <div className="flex items-center gap-3 text-sm">
          {orders.total > orders.orders.length ? (
            <Link to={`/dashboard/orders?${forCustomer}`} className="font-medium text-brand-600 underline">
              All {orders.total} orders
            </Link>
          ) : null}
          {canEdit ? (
            <Link to={`/dashboard/orders/new?${forCustomer}`} className={buttonClass('secondary')}>
              New order
            </Link>
          ) : null}
        </div>
      </div>
      {orders.orders.length === 0 ? (
        <section
          className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600"
          data-testid="customer-orders-empty"
        >
          No orders from {customer.first_name} yet.
        </section>
      ) : (
        <OrderList orders={orders.orders} timeZone={timeZone} now={now} showCustomer={false} />
      )}
    </section>
  );
}
