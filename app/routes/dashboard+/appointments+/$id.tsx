import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { APPOINTMENT_STATUS_LABELS } from '#contract/appointment-terms';
import { AppointmentForm } from '#app/routes/dashboard+/appointments+/__appointment-form.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
import { appointmentAction, canEditAppointments, getAppointment, serviceOptions } from '#app/lib/appointments.server';
import { requireDashboard } from '#app/lib/guard.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { dateToZonedLocal, formatDateTime } from '#app/lib/timezone';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Appointment · Business Assistant' }];

/** One appointment: its details, and for members who may edit contacts the move/edit form and cancel. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const appointment = await getAppointment(state, params.id ?? '');
  const canEdit = canEditAppointments(state);
  const services = canEdit ? await serviceOptions(state) : [];
  return { appointment, canEdit, services, timeZone: businessTimeZone(state) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  return appointmentAction(request, state, params.id ?? '');
}

export default function AppointmentRoute() {
  const { appointment, canEdit, services, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const booked = appointment.status === 'booked';
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/dashboard/appointments" className="text-sm text-slate-600 underline">
          ← Appointments
        </Link>
        <h1 className="mt-2 text-2xl font-semibold" data-testid="appointment-when">
          {formatDateTime(appointment.start_at, timeZone)} –{' '}
          {formatDateTime(appointment.end_at, timeZone).split(', ').pop()}
        </h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Status</dt>
          <dd data-testid="appointment-status">{APPOINTMENT_STATUS_LABELS[appointment.status]}</dd>
          <dt className="text-slate-500">Contact</dt>
          <dd>
            {appointment.customer ? (
              <Link to={`/dashboard/customers/${appointment.customer._id}`} className="text-brand-700 underline">
                {appointment.customer.name}
              </Link>
            ) : (
              'A deleted contact'
            )}
          </dd>
          <dt className="text-slate-500">Service</dt>
          <dd>{appointment.service?.name ?? '—'}</dd>
          <dt className="text-slate-500">Booked by</dt>
          <dd>{appointment.source === 'assistant' ? 'The assistant' : (appointment.created_by?.name ?? '—')}</dd>
          {appointment.notes ? (
            <>
              <dt className="text-slate-500">Notes</dt>
              <dd className="whitespace-pre-wrap">{appointment.notes}</dd>
            </>
          ) : null}
        </dl>
      </div>

      {canEdit && booked ? (
        <>
          <Card aria-labelledby="edit-heading">
            <h2 id="edit-heading" className="mb-4 text-lg font-semibold">
              Move or change
            </h2>
            <AppointmentForm
              mode="edit"
              reply={reply}
              customers={[]}
              services={services}
              defaultValue={{
                start_at: dateToZonedLocal(appointment.start_at, timeZone),
                end_at: dateToZonedLocal(appointment.end_at, timeZone),
                service_id: appointment.service_id ?? '',
                notes: appointment.notes ?? '',
              }}
              submitLabel="Save changes"
              timeZone={timeZone}
            />
          </Card>
          <Card aria-labelledby="cancel-heading">
            <h2 id="cancel-heading" className="mb-2 text-lg font-semibold">
              Cancel the appointment
            </h2>
            <Form method="post" className="flex flex-col gap-3" data-testid="appointment-cancel-form">
              <input type="hidden" name="intent" value="cancel" />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="notify_customer" defaultChecked className="h-4 w-4" />
                Text the contact that it is cancelled
              </label>
              <div>
                <SubmitButton variant="danger" pendingText="Cancelling…">
                  Cancel appointment
                </SubmitButton>
              </div>
            </Form>
          </Card>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
