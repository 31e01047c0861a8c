import { Link } from '@remix-run/react';
import { notificationTime } from '#contract/labels';
import type { ApiOrder } from '#contract/v1/orders';
import { linesSummary, orderStatusLabel } from '#app/lib/orders';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

/*
 * Orders as a list and their status badge: apart from the orders' actions (./order-bits.tsx, with
 * its dialogs and forms), so that a contact's page showing their orders does not load those.
 */

const STATUS_COLOURS: Record<string, string> = {
  new: 'bg-sky-100 text-sky-800',
  confirmed: 'bg-emerald-100 text-emerald-800',
  fulfilled: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Pill data-testid="order-status" colour={STATUS_COLOURS[status] ?? 'bg-slate-100 text-slate-700'}>
      {orderStatusLabel(status)}
    </Pill>
  );
}

/** Orders as rows: who, status, what, when. `showCustomer` is off on a contact's own page. */
export function OrderList({
  orders,
  timeZone,
  now,
  showCustomer = true,
}: {
  orders: ApiOrder[];
  timeZone: string;
  now: string;
  showCustomer?: boolean;
}) {
  return (
    <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="order-list">
      {orders.map((order) => (
        <li key={order._id} data-testid="order-row" data-id={order._id}>
          <Link
            to={`/dashboard/orders/${order._id}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50"
          >
            {showCustomer ? (
              <span className="font-medium text-slate-900">{order.customer?.name ?? 'Deleted contact'}</span>
            ) : null}
            <OrderStatusBadge status={order.status} />
            <span className="min-w-0 flex-1 truncate text-slate-600" data-testid="order-summary">
              {linesSummary(order.lines)}
            </span>
            <time dateTime={order.created_at} className="ml-auto flex-none text-xs text-slate-500">
              {notificationTime(order.created_at, new Date(now), timeZone)}
            </time>
          </Link>
        </li>
      ))}
    </Card>
  );
}
