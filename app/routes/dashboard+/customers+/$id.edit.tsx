import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CustomerForm } from '#app/routes/dashboard+/customers+/__customer-form.deferred';
import { customerDefaults } from '#app/lib/customers';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import {
  customerFormAction,
  findCustomer,
  getCrmOrder,
  getCustomer,
  requireCustomerEditor,
} from '#app/lib/customers.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { CancelLink } from '#app/components/forms';
import { ContactGone } from '#app/routes/dashboard+/customers+/__contact-gone';
import { Card } from '#app/components/ui/card';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { usePhoneFormat } from '#app/lib/phone-labels';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.customer?.name ?? 'contact'} · Business Assistant` },
];

/**
 * The edit form as a full page (without JavaScript; with it, the same form opens in a
 * dialog and posts here). `back` is where a save returns: the page the user came from.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireCustomerEditor(request, context);
  const id = params.id ?? '';
  const url = new URL(request.url);
  // The list's Edit dialog (?dialog) may ask for a contact deleted since the list was read: it
  // gets null and says so. The page itself is not found then, as for any other missing contact.
  const find = url.searchParams.has('dialog') ? findCustomer : getCustomer;
  const [customer, statuses] = await Promise.all([find(state, id), getCrmOrder(state)]);
  const back = safeRedirect(url.searchParams.get('back'), `/dashboard/customers/${id}`);
  return withPhoneLabels({ customer, statuses, back });
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return customerFormAction(request, context, { id: params.id ?? '' });
}

export default function EditCustomerRoute() {
  const phone = usePhoneFormat();
  const { customer, statuses, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (!customer) return <ContactGone />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={<>Edit {customer.name}</>} />
      <Card>
        <CustomerForm
          id={`customer-edit-${customer._id}`}
          action={`/dashboard/customers/${customer._id}/edit`}
          reply={reply}
          defaultValue={customerDefaults(phone, customer)}
          statuses={statuses}
          submitLabel="Save contact"
          pendingText="Saving…"
          back={back}
          cancel={<CancelLink to={back} />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
