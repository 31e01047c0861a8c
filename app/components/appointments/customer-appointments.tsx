import { Link } from '@remix-run/react';
import type { ApiAppointment } from '#contract/v1/appointments';
import { formatDateTime } from '#app/lib/timezone';
import { Card } from '#app/components/ui/card';

/**
 * A contact's booked appointments still to come, on their page: each links to the
 * appointment, where it is moved or cancelled. Plain links, so it works without JavaScript.
 */
export function CustomerAppointments({
  appointments,
  timeZone,
}: {
  appointments: { appointments: ApiAppointment[]; total: number };
  timeZone: string;
}) {
  const more = appointments.total - appointments.appointments.length;
  return (
    <Card
      className="flex flex-col gap-3"
      aria-labelledby="customer-appointments-title"
      data-testid="customer-appointments"
    >
      <h2 id="customer-appointments-title" className="text-lg font-semibold">
        Upcoming appointments
      </h2>
      {appointments.appointments.length === 0 ? (
        <p className="text-sm text-slate-600">No upcoming appointments.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {appointments.appointments.map((appointment) => (
            <li key={appointment._id} className="flex flex-col">
              <Link
                to={`/dashboard/appointments/${appointment._id}`}
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                {formatDateTime(appointment.start_at, timeZone)} –{' '}
                {formatDateTime(appointment.end_at, timeZone).split(', ').pop()}
              </Link>
              <span className="text-sm text-slate-700">
                {appointment.service ? appointment.service.name : 'Appointment'}
                {appointment.source === 'assistant' ? ' · booked by the assistant' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="text-sm text-slate-600">
          and {more} more on the{' '}
          <Link to="/dashboard/appointments" className="text-brand-700 underline">
            appointments page
          </Link>
          .
        </p>
      ) : null}
    </Card>
  );
}
