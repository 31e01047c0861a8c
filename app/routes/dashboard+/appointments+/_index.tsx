import type { SubmissionResult } from '@conform-to/react';
import { PageHeader } from '#app/components/ui/page-header';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { APPOINTMENT_STATUS_LABELS, type AppointmentWhen } from '#contract/appointment-terms';
import type { ApiAppointment } from '#contract/v1/appointments';
import { AppointmentForm } from '#app/routes/dashboard+/appointments+/__appointment-form.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage } from '#app/lib/list-query';
import { SubmitButton } from '#app/components/forms';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import {
  appointmentsAction,
  canEditAppointments,
  feedStatus,
  listAppointments,
  serviceOptions,
} from '#app/lib/appointments.server';
import { requireDashboard } from '#app/lib/guard.server';
import { customerOptions } from '#app/lib/orders.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { formatDateTime } from '#app/lib/timezone';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export const meta: MetaFunction = () => [{ title: 'Appointments · Business Assistant' }];

const PAGE_SIZE = 30;
const TABS: { when: AppointmentWhen; label: string }[] = [
  { when: 'upcoming', label: 'Upcoming' },
  { when: 'past', label: 'Past' },
];

/** Upcoming (soonest first) or past appointments, the booking form and the member's calendar feed (docs/appointments.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const when: AppointmentWhen = url.searchParams.get('when') === 'past' ? 'past' : 'upcoming';
  const page = readPage(url.searchParams);
  const canEdit = canEditAppointments(state);
  const [listed, customers, services, feed] = await Promise.all([
    listAppointments(state, when, page, PAGE_SIZE),
    canEdit ? customerOptions(state) : Promise.resolve([]),
    canEdit ? serviceOptions(state) : Promise.resolve([]),
    feedStatus(state),
  ]);
  return {
    appointments: listed.appointments,
    total: listed.total,
    when,
    page,
    canEdit,
    customers,
    services,
    feed,
    timeZone: businessTimeZone(state),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  return appointmentsAction(request, state);
}

type ActionData = SubmissionResult<string[]> | { feedUrl: string; feedMessage: string | null } | undefined;

export default function AppointmentsRoute() {
  const { appointments, total, when, page, canEdit, customers, services, feed, timeZone } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const feedUrl = actionData && 'feedUrl' in actionData ? actionData : null;
  const reply = actionData && !('feedUrl' in actionData) ? actionData : undefined;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Appointments">
        <p className="text-sm text-slate-600" data-testid="appointments-total">
          {total === 1 ? '1 appointment' : `${total} appointments`} ({when})
        </p>
      </PageHeader>

      <nav className="flex gap-2" aria-label="Which appointments">
        {TABS.map((tab) => (
          <Link
            key={tab.when}
            to={tab.when === 'upcoming' ? '/dashboard/appointments' : `/dashboard/appointments?when=${tab.when}`}
            aria-current={tab.when === when ? 'page' : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${tab.when === when ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>

      {appointments.length === 0 ? (
        <EmptyState
          title={when === 'upcoming' ? 'No upcoming appointments.' : 'No past appointments.'}
          testId="appointments-empty"
        >
          Bookings the assistant takes and the ones you make land here.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="appointments-list">
          {appointments.map((appointment) => (
            <AppointmentRow key={appointment._id} appointment={appointment} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <Pager page={page} total={total} pageSize={PAGE_SIZE} />

      {canEdit ? (
        <Card aria-labelledby="book-heading">
          <h2 id="book-heading" className="mb-4 text-lg font-semibold">
            Book an appointment
          </h2>
          {customers.length === 0 ? (
            <p className="text-sm text-slate-600">An appointment belongs to a contact: add the contact first.</p>
          ) : null}
          <AppointmentForm
            mode="create"
            reply={reply}
            customers={customers}
            services={services}
            defaultValue={{}}
            submitLabel="Book appointment"
            timeZone={timeZone}
          />
        </Card>
      ) : null}

      <Card aria-labelledby="feed-heading" data-testid="calendar-feed">
        <h2 id="feed-heading" className="text-lg font-semibold">
          Your calendar feed
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A private address that Google Calendar, Outlook and Apple Calendar subscribe to (“From URL”, “Subscribe to
          calendar”), so these appointments show in your own calendar. Anyone with the address can read it: make a new
          one if it leaks.
        </p>
        {feedUrl ? (
          <div className="mt-3 flex flex-col gap-1" role="status">
            {feedUrl.feedMessage ? <p className="text-sm font-medium text-slate-800">{feedUrl.feedMessage}</p> : null}
            <label htmlFor="feed-url" className="text-sm font-medium text-slate-700">
              Feed address
            </label>
            <input
              id="feed-url"
              readOnly
              value={feedUrl.feedUrl}
              className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
              data-testid="feed-url"
            />
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-700" data-testid="feed-state">
            {feed.active
              ? `Your feed is on (address made ${formatDateTime(feed.created_at!, timeZone)}). The address was shown once; make a new one to see it again.`
              : 'You have no feed address.'}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="feed-regenerate" />
            <SubmitButton variant="secondary" name="intent" value="feed-regenerate" pendingText="Making…">
              {feed.active || feedUrl ? 'Make a new address' : 'Make my feed address'}
            </SubmitButton>
          </Form>
          {feed.active || feedUrl ? (
            <Form method="post">
              <input type="hidden" name="intent" value="feed-revoke" />
              <SubmitButton variant="danger" name="intent" value="feed-revoke" pendingText="Turning off…">
                Turn off the feed
              </SubmitButton>
            </Form>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

function AppointmentRow({ appointment, timeZone }: { appointment: ApiAppointment; timeZone: string }) {
  const cancelled = appointment.status === 'cancelled';
  return (
    <li
      className={`flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${cancelled ? 'opacity-70' : ''}`}
      data-testid="appointment-row"
    >
      <div className="flex flex-col">
        <Link
          to={`/dashboard/appointments/${appointment._id}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {formatDateTime(appointment.start_at, timeZone)} –{' '}
          {formatDateTime(appointment.end_at, timeZone).split(', ').pop()}
        </Link>
        <span className="text-sm text-slate-700">
          {appointment.customer?.name ?? 'A deleted contact'}
          {appointment.service ? ` · ${appointment.service.name}` : ''}
          {appointment.source === 'assistant' ? ' · booked by the assistant' : ''}
        </span>
      </div>
      <Pill colour={cancelled ? 'bg-slate-100 text-slate-600' : 'bg-emerald-50 text-emerald-700'}>
        {APPOINTMENT_STATUS_LABELS[appointment.status]}
      </Pill>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
