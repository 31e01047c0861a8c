import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { Link, useLoaderData } from '@remix-run/react';
import { notificationTime } from '#contract/labels';
import { ORDER_STATUSES, type OrderStatus } from '#contract/order-statuses';
import { DeleteConfirmPanel, DeleteDialog } from '#app/components/delete-restore';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import {
  CancelOrderPanel,
  DeleteOrderConfirm,
  OrderStatusActions,
  orderTitle,
} from '#app/components/orders/order-bits';
import { OrderStatusBadge } from '#app/components/orders/order-list';
import { SOURCE_LABELS } from '#app/lib/orders';
import { Facts } from '#app/components/facts';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { canEditOrders, getOrder, setOrderStatus } from '#app/lib/orders.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1/index';
import { businessTimeZone } from '#app/lib/timeline.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? orderTitle(data.order) : 'Order'} · Business Assistant` },
];

/**
 * One order: its customer, items, notes and history, with Confirm / Mark fulfilled /
 * Cancel (which asks first: ?confirm=cancel without JavaScript), Edit, and Delete
 * (?confirm=delete without JavaScript; the list then offers the restore).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const order = await getOrder(state, params.id ?? '');
  const canEdit = canEditOrders(state);
  const confirm = new URL(request.url).searchParams.get('confirm');
  return {
    order,
    canEdit,
    confirmDelete: canEdit && confirm === 'delete',
    confirmCancel: canEdit && confirm === 'cancel' && (order.status === 'new' || order.status === 'confirmed'),
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  };
}

/** intent=status (with status and notify_customer), delete, restore. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'orders/edit');
  const id = params.id ?? '';
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'status') {
    const status = String(formData.get('status') ?? '');
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) return data(null, { status: 400 });
    return setOrderStatus(request, state, id, status as OrderStatus, formData.get('notify_customer') === 'on');
  }
  if (intent !== 'delete' && intent !== 'restore') return data(null, { status: 400 });
  const orders = v1(state.caller).orders;
  const result = intent === 'delete' ? await orders.delete(id) : await orders.restore(id);
  const toasts = apiToasts(v1Calls.orders[intent].path, result);
  if (!result.ok)
    return redirectWithToasts(request, intent === 'delete' ? `/dashboard/orders/${id}` : '/dashboard/orders', toasts);
  if (intent === 'delete')
    return redirectWithToasts(request, `/dashboard/orders?deleted=${encodeURIComponent(id)}`, toasts);
  return redirectWithToasts(request, `/dashboard/orders/${id}`, toasts);
}

export default function OrderRoute() {
  const { order, canEdit, confirmDelete, confirmCancel, timeZone, now } = useLoaderData<typeof loader>();
  const self = `/dashboard/orders/${order._id}`;
  const at = (value: string | null) => (value ? notificationTime(value, new Date(now), timeZone) : null);

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/orders" className="text-brand-600 underline">
          Orders
        </Link>
      </nav>

      <Card className="flex flex-col gap-4" aria-labelledby="order-title">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="order-title" className="text-2xl font-semibold">
            {orderTitle(order)}
          </h1>
          <OrderStatusBadge status={order.status} />
          {canEdit ? (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <Link to={`${self}/edit`} className={buttonClass('secondary')}>
                Edit order
              </Link>
              <DeleteDialog
                to={`${self}?confirm=delete`}
                noun="order"
                confirm={(cancel) => <DeleteOrderConfirm order={order} cancel={cancel} />}
              >
                Delete order
              </DeleteDialog>
            </div>
          ) : null}
        </div>
        {confirmDelete ? (
          <DeleteConfirmPanel
            noun="order"
            cancelTo={self}
            confirm={(cancel) => <DeleteOrderConfirm order={order} cancel={cancel} />}
          />
        ) : null}
        {confirmCancel ? <CancelOrderPanel order={order} /> : null}
        {canEdit ? <OrderStatusActions order={order} /> : null}
        <div data-testid="order-details">
          <Facts
            rows={[
              [
                'Customer',
                order.customer ? (
                  <Link to={`/dashboard/customers/${order.customer._id}`} className="text-brand-700 underline">
                    {order.customer.name}
                  </Link>
                ) : (
                  'Deleted contact'
                ),
              ],
              ['Placed', `${at(order.created_at)} · ${SOURCE_LABELS[order.source] ?? order.source}`],
              ['Confirmed', at(order.confirmed_at)],
              ['Fulfilled', at(order.fulfilled_at)],
              ['Cancelled', at(order.cancelled_at)],
            ]}
          />
        </div>
      </Card>

      <section className="flex flex-col gap-3" aria-labelledby="order-items-title">
        <h2 id="order-items-title" className="text-lg font-semibold">
          Items
        </h2>
        {order.lines.length === 0 ? (
          <section
            className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600"
            data-testid="order-lines-empty"
          >
            No items on this order yet.{canEdit ? ' Add them with “Edit order”.' : ''}
          </section>
        ) : (
          <Card as="div" padding="none" className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="order-lines">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Quantity
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Price
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {order.lines.map((line, index) => (
                  <tr key={`${index}-${line.name}`} data-testid="order-line">
                    <td className="px-4 py-2">
                      {line.memory_id ? (
                        <Link to={`/dashboard/memories/${line.memory_id}`} className="text-brand-700 underline">
                          {line.name}
                        </Link>
                      ) : (
                        line.name
                      )}
                    </td>
                    <td className="px-4 py-2">{line.quantity}</td>
                    <td className="px-4 py-2">{line.price ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </section>

      {order.notes ? (
        <Card aria-labelledby="order-notes-title">
          <h2 id="order-notes-title" className="text-lg font-semibold">
            Notes
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-800" data-testid="order-notes">
            {order.notes}
          </p>
        </Card>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
