import { z } from 'zod';
import { optionalText } from '../fields';
import { APPOINTMENT_STATUSES, APPOINTMENT_WHEN } from '../appointment-terms';

/**
 * Appointments (docs/appointments.md): a contact booked for a time inside the opening
 * hours, optionally for a service. Times are ISO 8601 instants ("2026-12-05T14:00:00Z") or
 * wall-clock times without an offset ("2026-12-05T14:00", what a datetime-local input
 * sends), which mean that time on the business's clock.
 */
export * from '../appointment-terms';

/** Services have no length of their own: an appointment without an end lasts this long. */
export const DEFAULT_APPOINTMENT_MINUTES = 60;
/** Longer than a day is a mistake (a wrong month or year), not an appointment. */
export const MAX_APPOINTMENT_MINUTES = 24 * 60;
export const MAX_FREE_SLOT_DAYS = 31;

export const appointmentMessages = {
  customerRequired: 'Choose the contact the appointment is for.',
  customerNotFound: 'Customer not found.',
  serviceNotFound: 'The service was not found.',
  startRequired: 'Enter when the appointment starts, such as 2026-12-05T14:00.',
  startInvalid: 'Enter the start as a date and time, such as 2026-12-05T14:00.',
  endInvalid: 'Enter the end as a date and time, such as 2026-12-05T15:00.',
  endBeforeStart: 'The end must be after the start.',
  tooLong: 'An appointment can last at most 24 hours.',
  inThePast: 'Choose a time that has not passed yet.',
  closed: (day: string) => `The business is closed on ${day}: choose a day it is open.`,
  outsideHours: (day: string, hours: string) =>
    `That time is outside the opening hours (${day}: ${hours}). Choose a time within them.`,
  overlaps: (who: string, when: string) =>
    `That time overlaps another appointment (${who}, ${when}). Choose a free time.`,
  cancelled: 'This appointment is cancelled: book a new one instead of changing it.',
  alreadyCancelled: 'This appointment is already cancelled.',
  durationInvalid: `Length must be a whole number of minutes from 5 to ${MAX_APPOINTMENT_MINUTES}.`,
  dateInvalid: 'Enter the date as YYYY-MM-DD, such as 2026-12-05.',
  daysInvalid: `Days must be a whole number from 1 to ${MAX_FREE_SLOT_DAYS}.`,
  when: `When must be one of ${APPOINTMENT_WHEN.join(', ')}.`,
  created: 'Appointment booked.',
  updated: 'Appointment updated.',
  cancelledDone: 'Appointment cancelled.',
  feedCreated: 'Your calendar feed address is ready. Copy it now: it is shown only once.',
  feedRevoked: 'Your calendar feed address no longer works.',
} as const;

const DATE_TIME =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The shape and a real calendar date (no 30 February). */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function dateTime(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(40, { error: invalid })
    .refine(isDateTime, { error: invalid });
}

function optionalDateTime(invalid: string) {
  return z
    .union([z.string().trim().max(40, { error: invalid }), z.null()], { error: invalid })
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isDateTime(value), { error: invalid });
}

const idField = (required: string) =>
  z
    .union([z.string(), z.object({ _id: z.string() })], { error: required })
    .transform((value) => (typeof value === 'string' ? value : value._id).trim())
    .pipe(z.string().min(1, { error: required }).max(100));

/** A service id, or empty / null for none. */
const serviceField = z
  .union([z.string().trim().max(100), z.null()], { error: appointmentMessages.serviceNotFound })
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const notifyField = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])], { error: 'notify_customer must be true or false.' })
  .optional()
  .transform((value) =>
    value === undefined ? undefined : value === true || value === 'true' || value === 'on' || value === '1',
  );

export const appointmentCreateSchema = z.object({
  customer_id: idField(appointmentMessages.customerRequired),
  service_id: serviceField,
  start_at: dateTime(appointmentMessages.startRequired, appointmentMessages.startInvalid),
  /** Without an end the appointment lasts DEFAULT_APPOINTMENT_MINUTES. */
  end_at: optionalDateTime(appointmentMessages.endInvalid),
  notes: optionalText(2000).nullable(),
  /** Text the contact a confirmation (default true). */
  notify_customer: notifyField,
});
export type AppointmentCreateInput = z.infer<typeof appointmentCreateSchema>;

/** Only the fields sent change; moving start_at alone keeps the length. */
export const appointmentEditSchema = z.object({
  customer_id: idField(appointmentMessages.customerRequired).optional(),
  service_id: serviceField,
  start_at: optionalDateTime(appointmentMessages.startInvalid),
  end_at: optionalDateTime(appointmentMessages.endInvalid),
  notes: optionalText(2000).nullable(),
  notify_customer: notifyField,
});
export type AppointmentEditInput = z.infer<typeof appointmentEditSchema>;

export const appointmentCancelSchema = z.object({ notify_customer: notifyField });

export const appointmentListSchema = z.object({
  when: z.enum(APPOINTMENT_WHEN, { error: appointmentMessages.when }).default('upcoming'),
  status: z
    .enum(APPOINTMENT_STATUSES, { error: `Status must be one of ${APPOINTMENT_STATUSES.join(', ')}.` })
    .optional(),
  customer_id: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const freeSlotsSchema = z.object({
  /** The first day to look at (YYYY-MM-DD on the business's clock); today by default. */
  from: z
    .string({ error: appointmentMessages.dateInvalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: appointmentMessages.dateInvalid })
    .optional(),
  days: z.coerce
    .number({ error: appointmentMessages.daysInvalid })
    .int({ error: appointmentMessages.daysInvalid })
    .min(1, { error: appointmentMessages.daysInvalid })
    .max(MAX_FREE_SLOT_DAYS, { error: appointmentMessages.daysInvalid })
    .default(7),
  duration_minutes: z.coerce
    .number({ error: appointmentMessages.durationInvalid })
    .int({ error: appointmentMessages.durationInvalid })
    .min(5, { error: appointmentMessages.durationInvalid })
    .max(MAX_APPOINTMENT_MINUTES, { error: appointmentMessages.durationInvalid })
    .optional(),
  /** A service's own duration, when duration_minutes is not given. */
  service_id: z.string({ error: appointmentMessages.serviceNotFound }).trim().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
