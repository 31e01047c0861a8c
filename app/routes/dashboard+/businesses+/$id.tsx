import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { countryName } from '#contract/countries';
import { recentlyDeletedMessages } from '#contract/messages';
import { v1Calls } from '#contract/v1/index';
import { hasPermission } from '#contract/permissions';
import { withPhoneCountry } from '#contract/phone-scope';
import { businessSchema } from '#contract/schemas/business';
import { recentlyDeletedUrl } from '#contract/recently-deleted-kinds';
import { BusinessDetailsForm } from '#app/components/business-form.deferred';
import { DeleteConfirmation } from '#app/components/delete-restore';
import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CancelButton, CancelLink, SubmitButton } from '#app/components/forms';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard } from '#app/lib/guard.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { commitSession } from '#app/lib/session.server';
import { preferredLocale } from '#app/lib/locale';
import { httpError } from '#app/lib/invariant.server';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { v1 } from '#app/lib/v1.server';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { Card } from '#app/components/ui/card';
import { countryPickerOptions } from '#app/components/country-options.server';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.business.name ?? 'Business'} · Business Assistant` },
];

/**
 * One of the user's businesses: its details, edited in place by those who may edit the
 * business (admin or businesses/edit), leaving it (users/unlink-business; the last admin
 * must hand over first), and the delete (admin only, soft: its admins restore it from
 * Recently deleted on the businesses page). ?confirm=delete|leave are the confirmations
 * without JavaScript.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const business = state.businesses.find((entry) => entry._id === params.id);
  if (!business) httpError(404, 'Not found');
  const isAdmin = business.role === 'admin';
  // The business's numbers in its own numbering plan, whichever business the dashboard shows.
  return withPhoneCountry(business.country, () => ({
    ...withPhoneLabels({
      business,
      selected: state.business?._id === business._id,
      canEdit: hasPermission(business.permissions, 'businesses/edit'),
      isAdmin,
      confirmDelete: isAdmin && new URL(request.url).searchParams.get('confirm') === 'delete',
      confirmLeave: new URL(request.url).searchParams.get('confirm') === 'leave',
    }),
    // Named by the server's ICU: the country list (contract/countries) stays out of the page's JavaScript.
    countryLabel: countryName(business.country, preferredLocale(request.headers.get('Accept-Language'))),
    countries: countryPickerOptions(request),
  }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'leave') {
    // users/unlink-business: the last admin is refused until they hand over (a toast says so).
    const result = await v1(state.caller, id).users.unlinkBusiness();
    const toasts = apiToasts(v1Calls.users.unlinkBusiness.path, result);
    if (!result.ok) return redirectWithToasts(request, `/dashboard/businesses/${id}`, toasts);
    if (state.session.get('businessId') === id) state.session.unset('businessId');
    return redirectWithToasts(request, '/dashboard/businesses', toasts, {
      headers: { 'Set-Cookie': await commitSession(state.session) },
    });
  }

  if (intent === 'delete' || intent === 'restore') {
    // Any of the user's businesses, selected or not (a deleted one is no longer in their list).
    const businesses = v1(state.caller, id).businesses;
    const result = await (intent === 'delete' ? businesses.delete() : businesses.restore());
    const toasts = apiToasts(v1Calls.businesses[intent].path, result);
    if (!result.ok)
      return redirectWithToasts(
        request,
        intent === 'delete' ? `/dashboard/businesses/${id}` : '/dashboard/businesses',
        toasts,
      );
    if (intent === 'delete') {
      // A deleted business cannot stay selected: the guard falls back to the first one.
      if (state.session.get('businessId') === id) state.session.unset('businessId');
      // With no business left the businesses page is closed (the guard sends the user to
      // onboarding); its Recently deleted view stays open, so the undo is still one click.
      const othersLeft = state.businesses.some((entry) => entry._id !== id);
      const next = othersLeft
        ? `/dashboard/businesses?deleted=${encodeURIComponent(id)}`
        : recentlyDeletedUrl('businesses');
      return redirectWithToasts(request, next, toasts, {
        headers: { 'Set-Cookie': await commitSession(state.session) },
      });
    }
    return redirectWithToasts(request, `/dashboard/businesses/${id}`, toasts);
  }

  if (!state.businesses.some((entry) => entry._id === id)) httpError(404, 'Not found');
  const submission = parseWithZod(formData, { schema: businessSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  // An emptied address clears it (the form leaves blank fields out).
  const result = await v1(state.caller, id).businesses.update({
    ...submission.value,
    address: submission.value.address ?? '',
  });
  if (!result.ok) {
    if (result.status === 404) httpError(404, result.errors[0]);
    return replyWithApiErrors(submission, result);
  }
  return redirectWithToasts(request, `/dashboard/businesses/${id}`, apiToasts(v1Calls.businesses.update.path, result));
}

export default function BusinessRoute() {
  const { business, countryLabel, selected, canEdit, isAdmin, confirmDelete, confirmLeave } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const self = `/dashboard/businesses/${business._id}`;
  const phone = usePhoneFormat();
  const facts: [string, string][] = [
    ['Your role', business.role === 'admin' ? 'Admin' : 'Member'],
    ['Email', business.email],
    ['Country', countryLabel],
    ['Telephones', business.telephones.map((telephone) => phone(telephone)).join(', ')],
    ['Address', business.address ?? 'Not set'],
    ['Timezone', business.timezone],
    ['Setup', business.wizard_finished ? 'Finished' : 'Not finished'],
  ];
  const confirm = (cancel: ReactNode) => (
    <DeleteConfirmation
      action={self}
      noun="business"
      subject={business.name}
      consequence={recentlyDeletedMessages.businessDeleteConsequence}
      cancel={cancel}
      labelId={`delete-business-${business._id}`}
    />
  );

  const leave = (cancel: ReactNode) => (
    <div className="flex flex-col gap-4" role="group" aria-labelledby={`leave-business-${business._id}`}>
      <p id={`leave-business-${business._id}`} className="text-slate-700">
        Leave <strong>{business.name}</strong>? You lose access to it until someone invites you again.
        {isAdmin ? ' If you are its only admin, make another member an admin first.' : ''}
      </p>
      <Form method="post" action={self} className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton variant="danger" name="intent" value="leave" pendingText="Leaving…">
          Leave business
        </SubmitButton>
      </Form>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/businesses" className="text-brand-600 underline">
          Businesses
        </Link>
      </nav>
      <Card className="flex flex-col gap-4" aria-labelledby="business-name">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="business-name" className="min-w-0 text-2xl font-semibold [overflow-wrap:anywhere]">
            {business.name}
          </h1>
          {selected ? (
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">Selected</span>
          ) : null}
          <div className="ml-auto flex items-center gap-3">
            <DialogLink
              to={`${self}?confirm=leave`}
              title="Leave business"
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
              content={(close) => leave(<CancelButton onClick={close} />)}
            >
              Leave business
            </DialogLink>
            {isAdmin ? (
              <DialogLink
                to={`${self}?confirm=delete`}
                title="Delete business"
                className="rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                content={(close) => confirm(<CancelButton onClick={close} />)}
              >
                Delete business
              </DialogLink>
            ) : null}
          </div>
        </div>
        {confirmLeave ? (
          <div
            className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
            role="alertdialog"
            aria-label="Leave business"
          >
            {leave(<CancelLink to={self} />)}
          </div>
        ) : null}
        {confirmDelete ? (
          <div className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200" role="alertdialog" aria-label="Delete business">
            {confirm(<CancelLink to={self} />)}
          </div>
        ) : null}
        {/* The values column may shrink and break anywhere: a long business email has no space to wrap at and pushed the page wider than a 390 px phone. */}
        <dl
          className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm"
          data-testid="business-details"
        >
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-500">{label}</dt>
              <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {canEdit ? (
        <Card aria-labelledby="edit-business">
          <h2 id="edit-business" className="mb-4 text-lg font-semibold">
            Edit details
          </h2>
          <BusinessDetailsForm
            id={`business-edit-${business._id}`}
            action={self}
            reply={reply}
            defaultValue={{
              name: business.name,
              email: business.email,
              country: business.country,
              telephones: business.telephones.length ? business.telephones.map((telephone) => phone(telephone)) : [''],
              address: business.address ?? '',
              timezone: business.timezone,
            }}
            submitLabel="Save business"
            pendingText="Saving…"
          />
        </Card>
      ) : (
        <p className="text-sm text-slate-600">Changing these details needs permission to edit the business.</p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
