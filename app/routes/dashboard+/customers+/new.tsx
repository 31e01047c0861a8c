import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CUSTOMER_STATUSES, type CustomerStatus } from '#contract/customer-statuses';
import { CustomerForm } from '#app/routes/dashboard+/customers+/__customer-form.deferred';
import { customerDefaults } from '#app/lib/customers';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { customerFormAction, getCrmOrder, requireCustomerEditor } from '#app/lib/customers.server';
import { CancelLink } from '#app/components/forms';
import { Card } from '#app/components/ui/card';
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
      <PageHeader title="New contact" />
      <Card>
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
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
