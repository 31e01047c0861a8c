import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CancelLink } from '#app/components/forms';
import { OrderForm } from '#app/routes/dashboard+/orders+/__order-form.deferred';
import { orderDefaults } from '#app/lib/orders';
import { customerOptions, orderFormAction, productOptions, requireOrderEditor } from '#app/lib/orders.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'New order · Business Assistant' }];

/** A new order entered by hand; ?customer_id= (from a contact's page) chooses the customer. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireOrderEditor(request, context);
  const url = new URL(request.url);
  const customerId = (url.searchParams.get('customer_id') ?? '').trim().slice(0, 100);
  const [customers, products] = await Promise.all([customerOptions(state, customerId || null), productOptions(state)]);
  const chosen = customers.some((customer) => customer._id === customerId) ? customerId : '';
  return {
    customers,
    products,
    customerId: chosen,
    back: chosen ? safeRedirect(`/dashboard/customers/${chosen}`) : '/dashboard/orders',
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return orderFormAction(request, context, {});
}

export default function NewOrderRoute() {
  const { customers, products, customerId, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="New order" />
      <Card>
        {customers.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="order-no-customers">
            An order belongs to a contact: add the customer to your contacts first.
          </p>
        ) : null}
        <OrderForm
          id="order-create"
          action={`/dashboard/orders/new${customerId ? `?customer_id=${encodeURIComponent(customerId)}` : ''}`}
          reply={reply}
          defaultValue={orderDefaults(null, customerId)}
          customers={customers}
          products={products}
          submitLabel="Create order"
          pendingText="Creating…"
          cancel={<CancelLink to={back} />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
