import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CUSTOMER_STATUSES, type CustomerStatus } from '#contract/customer-statuses';
import { CustomerForm } from '../components/customers/customer-form.deferred';
import { customerDefaults } from '../lib/customers';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { customerFormAction, getCrmOrder, requireCustomerEditor } from '../lib/customers.server';
import { CancelLink } from '../components/forms';
import { usePhoneFormat } from '#app/lib/phone-labels';

export const meta: MetaFunction = () => [{ title: 'New contact · Business Assistant' }];

/**
 * The create form as a full page: what "New contact" opens without JavaScript (with it,
 * the same form opens in a dialog on the contacts page and posts here).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireCustomerEditor(request, context);
  const wanted = new URL(request.url).searchParams.get('status');
  const status = (CUSTOMER_STATUSES as readonly string[]).includes(wanted ?? '')
    ? (wanted as CustomerStatus)
    : undefined;
  return { statuses: await getCrmOrder(state), status };
}

export function action({ request, context }: ActionFunctionArgs) {
  return customerFormAction(request, context, {});
}

export default function NewCustomerRoute() {
  const phone = usePhoneFormat();
  const { statuses, status } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">New contact</h1>
      <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <CustomerForm
          id="customer-create"
          action="/dashboard/customers/new"
          reply={reply}
          defaultValue={customerDefaults(phone, null, status ?? statuses[0])}
          statuses={statuses}
          submitLabel="Create contact"
          pendingText="Creating…"
          cancel={<CancelLink to="/dashboard/customers" />}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
