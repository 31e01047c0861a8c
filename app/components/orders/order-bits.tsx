import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ApiOrder } from '#contract/v1/orders';
import { DeleteConfirmation, RestoreBanner } from '../delete-restore';
import { DialogLink } from '../dialog-link';
import { CancelButton, CancelLink, SubmitButton } from '../forms';

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
