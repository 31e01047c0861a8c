import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import { v1Calls } from '#contract/v1/index';
import {
  ContactDetails,
  CustomerStatusBadge,
  DuplicateNotice,
} from '#app/routes/dashboard+/customers+/__customer-bits';
import { ContactActions, ContactDeleteConfirm } from '#app/routes/dashboard+/customers+/__contact-actions.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { NoteForm } from '#app/components/note-form.deferred';
import { TimelineList } from '#app/components/timeline';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { canEditCustomers, getCrmOrder, getCustomer } from '#app/lib/customers.server';
import { v1 } from '#app/lib/v1.server';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { noteFormDefaults, noteFormSchema, toNotePayload } from '#app/lib/note-form';
import { PAGE_SIZE } from '#app/lib/timeline';
import { businessTimeZone, listTimeline, pageParam } from '#app/lib/timeline.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { CustomerOrders } from '#app/components/orders/customer-orders';
import { canEditOrders, recentCustomerOrders } from '#app/lib/orders.server';
import { CustomerAppointments } from '#app/components/appointments/customer-appointments';
import { customerAppointments } from '#app/lib/appointments.server';
import { Card, cardClass } from '#app/components/ui/card';
import { withPhoneLabels } from '#app/lib/phone-labels.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.customer.name ?? 'Contact'} · Business Assistant` },
];

/**
 * One contact: details, possible duplicates, and the contact's own timeline (calls, SMS,
 * forms and notes the member may view, newest first) with a note/task form in place.
 * ?confirm=delete shows the delete confirmation on the page (the no-JavaScript path).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const url = new URL(request.url);
  const timeZone = businessTimeZone(state);
  // The contact's orders only for those who may see orders.
  const seesOrders = hasPermission(state.business?.permissions, 'orders/view');
  // The contact's upcoming appointments only for those who may view customers (null: left out).
  const [customer, timeline, statuses, orders, appointments] = await Promise.all([
    getCustomer(state, id),
    listTimeline(state, { page: pageParam(url), customer_id: id }),
    getCrmOrder(state),
    seesOrders ? recentCustomerOrders(state, id) : null,
    customerAppointments(state, id),
  ]);
  const canEdit = canEditCustomers(state);
  return withPhoneLabels({
    customer,
    timeline,
    statuses,
    canEdit,
    canNote: hasPermission(state.business?.permissions, 'notes/edit'),
    // Click-to-text opens the contact's shared-inbox thread (docs/inbox.md).
    textHref: hasPermission(state.business?.permissions, 'smses/view')
      ? `/dashboard/inbox/${encodeURIComponent(id)}`
      : null,
    orders,
    appointments,
    canOrder: canEditOrders(state),
    confirmDelete: canEdit && url.searchParams.get('confirm') === 'delete',
    noteDefaults: noteFormDefaults(null, timeZone, id),
    timeZone,
    now: new Date().toISOString(),
  });
}

/** Delete and restore the contact; add a note or task to it. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const formData = await request.formData();
  const intent = formData.get('intent');

  if (intent === 'delete' || intent === 'restore') {
    requirePermission(state, 'customers/edit');
    const customers = v1(state.caller).customers;
    const result = await (intent === 'delete' ? customers.delete(id) : customers.restore(id));
    const declared = intent === 'delete' ? v1Calls.customers.delete : v1Calls.customers.restore;
    const toasts = apiToasts(declared.path, result);
    if (!result.ok)
      return redirectWithToasts(
        request,
        intent === 'delete' ? `/dashboard/customers/${id}` : '/dashboard/customers',
        toasts,
      );
    // After a delete the list offers the undo (restore) right away.
    if (intent === 'delete')
      return redirectWithToasts(request, `/dashboard/customers?deleted=${encodeURIComponent(id)}`, toasts);
    return redirectWithToasts(request, `/dashboard/customers/${id}`, toasts);
  }

  // The note form (app/components/note-form.tsx) carries no intent: it is the one left.
  if (intent === null) {
    formData.set('customer_id', id);
    const submission = parseWithZod(formData, { schema: noteFormSchema });
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    const result = await v1(state.caller).notes.create(toNotePayload(submission.value, businessTimeZone(state)));
    if (!result.ok) return replyWithApiErrors(submission, result);
    return redirectWithToasts(request, `/dashboard/customers/${id}`, apiToasts(v1Calls.notes.create.path, result));
  }
  return data(null, { status: 400 });
}

export default function CustomerRoute() {
  const {
    customer,
    timeline,
    statuses,
    canEdit,
    canNote,
    textHref,
    orders,
    appointments,
    canOrder,
    confirmDelete,
    noteDefaults,
    timeZone,
    now,
  } = useLoaderData<typeof loader>();
  const noteResult = useActionData<typeof action>();
  const self = `/dashboard/customers/${customer._id}`;

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/customers" className="text-brand-600 underline">
          Contacts
        </Link>
      </nav>

      <Card className="flex flex-col gap-4" aria-labelledby="customer-name">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="customer-name" className="text-2xl font-semibold">
            {customer.name}
          </h1>
          <CustomerStatusBadge status={customer.status} />
          {canEdit ? <ContactActions customer={customer} statuses={statuses} /> : null}
        </div>
        {confirmDelete ? <ContactDeleteConfirm customer={customer} /> : null}
        <ContactDetails customer={customer} textHref={textHref} />
        <DuplicateNotice customer={customer} canEdit={canEdit} />
      </Card>

      {appointments ? <CustomerAppointments appointments={appointments} timeZone={timeZone} /> : null}

      {orders ? (
        <CustomerOrders customer={customer} orders={orders} canEdit={canOrder} timeZone={timeZone} now={now} />
      ) : null}

      <section className="flex flex-col gap-4" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="text-lg font-semibold">
          Timeline
        </h2>
        {canNote ? (
          <details className={cardClass({ padding: 'sm' })} open={Boolean(noteResult)}>
            <summary className="cursor-pointer font-medium text-brand-700">Add a note or task</summary>
            <div className="mt-4">
              <NoteForm
                id={`customer-note-${customer._id}`}
                lastResult={noteResult}
                defaultValue={noteDefaults}
                customers={[]}
                timeZone={timeZone}
                submitText="Add note"
                cancelTo={self}
              />
            </div>
          </details>
        ) : null}
        {timeline.items.length === 0 ? (
          <EmptyState title="Nothing here yet." testId="customer-timeline-empty">
            Calls, messages, forms and notes with {customer.first_name} will show up here.
          </EmptyState>
        ) : (
          <>
            <TimelineList items={timeline.items} timeZone={timeZone} now={now} showCustomer={false} />
            <Pager page={timeline.page} total={timeline.total} pageSize={PAGE_SIZE} />
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
