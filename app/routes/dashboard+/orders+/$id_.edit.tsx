import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CancelLink } from '#app/components/forms';
import { orderTitle } from '#app/components/orders/order-bits';
import { OrderForm } from '#app/routes/dashboard+/orders+/__order-form.deferred';
import { orderDefaults } from '#app/lib/orders';
import { customerOptions, getOrder, orderFormAction, productOptions, requireOrderEditor } from '#app/lib/orders.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data ? orderTitle(data.order).replace(/^Order/, 'order') : 'order'} · Business Assistant` },
];

/** The edit form as a full page; `back` is where a save returns (the order by default). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireOrderEditor(request, context);
  const order = await getOrder(state, params.id ?? '');
  const [customers, products] = await Promise.all([
    customerOptions(state, order.customer ?? order.customer_id),
    productOptions(state),
  ]);
  const back = safeRedirect(new URL(request.url).searchParams.get('back'), `/dashboard/orders/${order._id}`);
  return { order, customers, products, back };
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return orderFormAction(request, context, { id: params.id ?? '' });
}

export default function EditOrderRoute() {
  const { order, customers, products, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={<>Edit {orderTitle(order).replace(/^Order/, 'order')}</>} />
      <Card>
        <OrderForm
          id={`order-edit-${order._id}`}
          action={`/dashboard/orders/${order._id}/edit`}
          reply={reply}
          defaultValue={orderDefaults(order)}
          customers={customers}
          products={products}
          submitLabel="Save order"
          pendingText="Saving…"
          back={back}
          notifyOption
          cancel={<CancelLink to={back} />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
