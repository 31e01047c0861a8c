import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { notificationTime } from '#contract/labels';
import type { ApiOrder } from '#contract/v1/orders';
import { DeleteConfirmation, RestoreBanner } from '../delete-restore';
import { DialogLink } from '../dialog-link';
import { CancelButton, CancelLink, SubmitButton } from '../forms';
import { linesSummary, orderStatusLabel } from '#app/lib/orders';
import { Card } from '#app/components/ui/card';

const STATUS_COLOURS: Record<string, string> = {
  new: 'bg-sky-100 text-sky-800',
  confirmed: 'bg-emerald-100 text-emerald-800',
  fulfilled: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex flex-none rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status] ?? 'bg-slate-100 text-slate-700'}`}
    >
      {orderStatusLabel(status)}
    </span>
  );
}

export const orderTitle = (order: Pick<ApiOrder, 'customer'>) =>
  `Order for ${order.customer?.name ?? 'a deleted contact'}`;

function NotifyBox({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" name="notify_customer" defaultChecked className="h-4 w-4" />
      Tell the customer (SMS, or email when they have no mobile)
    </label>
  );
}

/**
 * Confirm / Mark fulfilled / Reopen, with the "tell the customer" box: one form, a button
 * per next status. Cancel is apart: it asks first (a dialog, or ?confirm=cancel without
 * JavaScript) and can be undone with Reopen.
 */
export function OrderStatusActions({ order }: { order: Pick<ApiOrder, '_id' | 'status' | 'customer'> }) {
  const self = `/dashboard/orders/${order._id}`;
  const next: { status: string; label: string; pending: string }[] = [
    ...(order.status === 'new' ? [{ status: 'confirmed', label: 'Confirm order', pending: 'Confirming…' }] : []),
    ...(order.status === 'new' || order.status === 'confirmed'
      ? [{ status: 'fulfilled', label: 'Mark fulfilled', pending: 'Saving…' }]
      : []),
    ...(order.status === 'cancelled' ? [{ status: 'new', label: 'Reopen order', pending: 'Reopening…' }] : []),
  ];
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="order-status-actions">
      {next.length > 0 ? (
        <Form method="post" action={self} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="status" />
          {next.map((option) => (
            <SubmitButton
              key={option.status}
              name="status"
              value={option.status}
              variant={option.status === 'confirmed' ? 'primary' : 'secondary'}
              pendingText={option.pending}
            >
              {option.label}
            </SubmitButton>
          ))}
          {next.some((option) => option.status === 'confirmed') ? <NotifyBox id={`notify-${order._id}`} /> : null}
        </Form>
      ) : null}
      {order.status === 'new' || order.status === 'confirmed' ? (
        <DialogLink
          to={`${self}?confirm=cancel`}
          title="Cancel order"
          className="rounded-lg border border-red-300 px-4 py-2 font-medium text-red-700 hover:bg-red-50"
          content={(close) => <CancelOrderConfirm order={order} cancel={<CancelButton onClick={close} />} />}
        >
          Cancel order
        </DialogLink>
      ) : null}
    </div>
  );
}

/** The cancel confirmation (dialog or ?confirm=cancel panel): says what happens, may tell the customer. */
export function CancelOrderConfirm({
  order,
  cancel,
}: {
  order: Pick<ApiOrder, '_id' | 'customer'>;
  cancel: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4" role="group" aria-labelledby={`cancel-${order._id}`}>
      <p id={`cancel-${order._id}`} className="text-slate-700">
        Cancel the <strong>{orderTitle(order).replace(/^Order/, 'order')}</strong>? You can reopen it afterwards.
      </p>
      <Form method="post" action={`/dashboard/orders/${order._id}`} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="status" />
        <NotifyBox id={`notify-cancel-${order._id}`} />
        <div className="flex items-center justify-end gap-3">
          {cancel}
          <SubmitButton variant="danger" name="status" value="cancelled" pendingText="Cancelling…">
            Yes, cancel the order
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function CancelOrderPanel({ order }: { order: Pick<ApiOrder, '_id' | 'customer'> }) {
  return (
    <div className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200" role="alertdialog" aria-label="Cancel order">
      <CancelOrderConfirm order={order} cancel={<CancelLink to={`/dashboard/orders/${order._id}`} />} />
    </div>
  );
}

export function DeleteOrderConfirm({
  order,
  cancel,
}: {
  order: Pick<ApiOrder, '_id' | 'customer'>;
  cancel: ReactNode;
}) {
  return (
    <DeleteConfirmation
      action={`/dashboard/orders/${order._id}`}
      noun="order"
      subject={orderTitle(order).replace(/^Order/, 'the order')}
      consequence="It leaves every list; you can restore it right after."
      cancel={cancel}
      labelId={`delete-${order._id}`}
    />
  );
}

export function RestoreOrderBanner({ id }: { id: string }) {
  return <RestoreBanner action={`/dashboard/orders/${id}`} noun="order" />;
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
