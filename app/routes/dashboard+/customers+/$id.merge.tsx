import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { v1Calls } from '#contract/v1/index';
import { addressText, ContactDetails, CustomerStatusBadge } from '#app/routes/dashboard+/customers+/__customer-bits';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, SubmitButton } from '#app/components/forms';
import { getCustomer, requireCustomerEditor } from '#app/lib/customers.server';
import { v1 } from '#app/lib/v1.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { cardClass } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Merge contacts · Business Assistant' }];

/**
 * The merge confirmation for two contacts flagged as duplicates (/{id}/merge?with={other}).
 * The user picks whose name and status to keep; phones, emails and addresses are combined
 * and the other contact's calls, messages, forms, notes and notifications move over, so
 * nothing of either timeline is lost. The merged-away contact is deleted (soft).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireCustomerEditor(request, context);
  const id = params.id ?? '';
  const other = new URL(request.url).searchParams.get('with') ?? '';
  if (!other || other === id) throw redirect(`/dashboard/customers/${id}`);
  const [customer, duplicate] = await Promise.all([getCustomer(state, id), getCustomer(state, other)]);
  return { customer, duplicate };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireCustomerEditor(request, context);
  const formData = await request.formData();
  const pair = [params.id ?? '', String(formData.get('with') ?? '')];
  const keep = String(formData.get('keep') ?? '');
  if (!pair.includes(keep) || pair[0] === pair[1])
    return data({ errors: ['Choose which contact to keep.'] }, { status: 400 });
  const mergeId = pair.find((id) => id !== keep) ?? '';
  const result = await v1(state.caller).customers.merge(keep, { merge_id: mergeId });
  if (!result.ok) return data({ errors: result.errors }, { status: result.status === 404 ? 404 : 400 });
  const to = `/dashboard/customers/${result.data.customer._id}`;
  return redirectWithToasts(request, to, apiToasts(v1Calls.customers.merge.path, result));
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

export default function MergeCustomersRoute() {
  const { customer, duplicate } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const combined = {
    phones: union(customer.phones, duplicate.phones),
    emails: union(customer.emails, duplicate.emails),
    addresses: [
      ...new Map(
        [...customer.addresses, ...duplicate.addresses].map((address) => [addressText(address).toLowerCase(), address]),
      ).values(),
    ],
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Merge contacts">
        <p className="text-sm text-slate-600">
          Both timelines are kept: calls, messages, forms, notes and tasks of the two contacts end up on the one you
          keep.
        </p>
      </PageHeader>
      <Form method="post" className="flex flex-col gap-6">
        <input type="hidden" name="with" value={duplicate._id} />
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 font-medium">Whose name and status to keep?</legend>
          {[customer, duplicate].map((contact, index) => (
            <label
              key={contact._id}
              className={cardClass({
                padding: 'sm',
                className: 'flex cursor-pointer flex-col gap-3 has-[:checked]:ring-2 has-[:checked]:ring-brand-600',
              })}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="keep"
                  value={contact._id}
                  defaultChecked={index === 0}
                  required
                  className="h-4 w-4"
                />
                <span className="font-semibold">Keep {contact.name}</span>
                <CustomerStatusBadge status={contact.status} />
              </span>
              <ContactDetails customer={contact} />
            </label>
          ))}
        </fieldset>
        <section className="rounded-2xl bg-slate-100 p-4" aria-labelledby="merged-title">
          <h2 id="merged-title" className="mb-2 font-medium">
            The merged contact will have
          </h2>
          <ContactDetails customer={combined} />
        </section>
        <ErrorList errors={failed?.errors} />
        <div className="flex items-center justify-end gap-3">
          <Link to={`/dashboard/customers/${customer._id}`} className="text-sm font-medium text-slate-700 underline">
            Cancel
          </Link>
          <SubmitButton pendingText="Merging…">Merge contacts</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
