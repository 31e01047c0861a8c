import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  appointmentMessages,
  DEFAULT_APPOINTMENT_MINUTES,
  MAX_APPOINTMENT_MINUTES,
  type AppointmentCreateInput,
  type AppointmentEditInput,
} from '#contract/schemas/appointment';
import type { ApiAppointment } from '#contract/v1/appointments';
import type { BusinessSettings } from '#contract/schemas/business-settings';
import type { Db } from '#api/db/client';
import type { ApiDeps } from '#api/deps';
import { appointments, services } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { ApiError, invalid, notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { describeSpan, findFreeSlots, outsideHours, overlaps, type FreeSlot } from './slots';
import { localDateParts } from '#api/services/assistant/hours';
import { findCustomer } from '../customers/records';
import { emitOutgoingEvent } from '../outgoing-webhooks/deliveries';
import type { CustomerMessageDeps } from '../systems/customer-messages';
import { parseReminder } from '#api/services/task-schedule';
import {
  businessSettings,
  busyBetween,
  findAppointment,
  serializeAppointments,
  serializeOneAppointment,
  type AppointmentRow,
} from './records';
import { tellCustomer } from './notices';

export {
  findAppointment,
  listAppointments,
  serializeAppointments,
  serializeOneAppointment,
  upcomingForCustomer,
  type AppointmentListFilters,
  type AppointmentRow,
} from './records';
export { appointmentText, tellCustomer } from './notices';

/**
 * Appointments (docs/appointments.md): booked by a member (page or API) or by the assistant,
 * always inside the opening hours and never over another booked one. A per-business advisory
 * lock makes the overlap check and the write one step, so two bookings of the same time at
 * once cannot both succeed. Booking, moving and cancelling can text the contact
 * (appointment-notices.ts); reading and listing them is appointment-records.ts.
 */
export type AppointmentDeps = CustomerMessageDeps;
export type AppointmentOptions = {
  source?: 'manual' | 'assistant';
  createdBy?: string | null;
  conversationId?: string | null;
  now?: Date;
};
export type AppointmentResult = { appointment: ApiAppointment; customerMessage: string | null };

const appointmentNotFound = () => notFound('The appointment');

function parseTime(value: string, timezone: string, field: 'start_at' | 'end_at'): Date {
  const parsed = parseReminder(value, timezone);
  const message = field === 'start_at' ? appointmentMessages.startInvalid : appointmentMessages.endInvalid;
  if (Number.isNaN(parsed.getTime()) || parsed.getUTCFullYear() < 2000 || parsed.getUTCFullYear() > 2200)
    throw invalid({ [field]: [message] });
  return parsed;
}

/** 422 with field errors for a bad span; 422 for closed or outside hours; 409 over another booking. */
async function checkSpan(
  db: Db,
  businessId: string,
  settings: BusinessSettings,
  start: Date,
  end: Date,
  options: { now: Date; exceptId?: string; startChanged: boolean },
) {
  if (end <= start) throw invalid({ end_at: [appointmentMessages.endBeforeStart] });
  if (end.getTime() - start.getTime() > MAX_APPOINTMENT_MINUTES * 60_000)
    throw invalid({ end_at: [appointmentMessages.tooLong] });
  if (options.startChanged && start < options.now) throw invalid({ start_at: [appointmentMessages.inThePast] });
  const hours = outsideHours(settings, start, end);
  if (hours) throw invalid({ start_at: [hours] });
  const [clash] = await busyBetween(db, businessId, start, end, options.exceptId);
  if (clash) {
    const [who] = await serializeAppointments(db, [clash.row]);
    throw new ApiError(409, [
      appointmentMessages.overlaps(
        who.customer?.name ?? 'another contact',
        describeSpan(clash.start, clash.end, settings.timezone, options.now),
      ),
    ]);
  }
}

/** How long the service lasts, or undefined when there is none (or it is not this business's). */
async function serviceMinutes(db: Db, businessId: string, serviceId: string | null | undefined) {
  if (!serviceId) return undefined;
  const [found] = await db
    .select({ minutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.businessId, businessId), isNull(services.deletedAt)))
    .limit(1);
  return found?.minutes;
}

async function checkReferences(
  db: Db,
  businessId: string,
  input: { customer_id?: string; service_id?: string | null },
) {
  const errors: Record<string, string[]> = {};
  if (input.customer_id !== undefined && !(await findCustomer(db, businessId, input.customer_id)))
    errors.customer_id = [appointmentMessages.customerNotFound];
  if (input.service_id) {
    const [found] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, input.service_id), eq(services.businessId, businessId), isNull(services.deletedAt)))
      .limit(1);
    if (!found) errors.service_id = [appointmentMessages.serviceNotFound];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const lockBusiness = (tx: Db, businessId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`appointments:${businessId}`}))`);

async function published(
  deps: AppointmentDeps,
  kind: 'Created' | 'Updated',
  row: AppointmentRow,
): Promise<ApiAppointment> {
  const appointment = await serializeOneAppointment(deps.db, row);
  await entityChanged(deps, row.businessId, 'Appointment', kind, appointment);
  return appointment;
}

export async function createAppointment(
  deps: AppointmentDeps,
  businessId: string,
  input: AppointmentCreateInput,
  options: AppointmentOptions = {},
): Promise<AppointmentResult> {
  const settings = await businessSettings(deps.db, businessId);
  const now = options.now ?? deps.clock.now();
  const start = parseTime(input.start_at, settings.timezone, 'start_at');
  await checkReferences(deps.db, businessId, input);
  const minutes = (await serviceMinutes(deps.db, businessId, input.service_id)) ?? DEFAULT_APPOINTMENT_MINUTES;
  const end = input.end_at
    ? parseTime(input.end_at, settings.timezone, 'end_at')
    : new Date(start.getTime() + minutes * 60_000);
  const row = await deps.db.transaction(async (tx) => {
    await lockBusiness(tx as unknown as Db, businessId);
    await checkSpan(tx as unknown as Db, businessId, settings, start, end, { now, startChanged: true });
    const [inserted] = await tx
      .insert(appointments)
      .values({
        id: newId(),
        businessId,
        customerId: input.customer_id,
        serviceId: input.service_id ?? null,
        startAt: start,
        endAt: end,
        status: 'booked',
        notes: input.notes ?? null,
        source: options.source ?? 'manual',
        createdBy: options.createdBy ?? null,
        conversationId: options.conversationId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  const appointment = await published(deps, 'Created', row);
  await emitOutgoingEvent(deps, businessId, 'appointment.booked', { appointment });
  const customerMessage =
    input.notify_customer === false
      ? null
      : await tellCustomer(deps, businessId, appointment, 'booked', settings.timezone);
  return { appointment, customerMessage };
}

export async function editAppointment(
  deps: AppointmentDeps,
  businessId: string,
  id: string,
  input: AppointmentEditInput,
): Promise<AppointmentResult> {
  const current = await findAppointment(deps.db, businessId, id);
  if (!current) throw appointmentNotFound();
  if (current.status === 'cancelled') throw invalid({ start_at: [appointmentMessages.cancelled] });
  const settings = await businessSettings(deps.db, businessId);
  const now = deps.clock.now();
  const start = input.start_at ? parseTime(input.start_at, settings.timezone, 'start_at') : current.startAt;
  await checkReferences(deps.db, businessId, input);
  // A new service (and no new end) gives the appointment that service's length; else it keeps its own.
  const newService = input.service_id && input.service_id !== current.serviceId;
  const serviceLength = newService ? await serviceMinutes(deps.db, businessId, input.service_id) : undefined;
  const length = serviceLength ? serviceLength * 60_000 : current.endAt.getTime() - current.startAt.getTime();
  const end = input.end_at
    ? parseTime(input.end_at, settings.timezone, 'end_at')
    : input.start_at || serviceLength
      ? new Date(start.getTime() + length)
      : current.endAt;
  const moved = start.getTime() !== current.startAt.getTime() || end.getTime() !== current.endAt.getTime();
  const row = await deps.db.transaction(async (tx) => {
    await lockBusiness(tx as unknown as Db, businessId);
    if (moved)
      await checkSpan(tx as unknown as Db, businessId, settings, start, end, {
        now,
        exceptId: id,
        startChanged: start.getTime() !== current.startAt.getTime(),
      });
    const [updated] = await tx
      .update(appointments)
      .set({
        customerId: input.customer_id ?? current.customerId,
        serviceId: input.service_id === undefined ? current.serviceId : input.service_id,
        startAt: start,
        endAt: end,
        notes: input.notes === undefined ? current.notes : input.notes,
        updatedAt: now,
      })
      .where(and(eq(appointments.id, id), eq(appointments.businessId, businessId)))
      .returning();
    return updated;
  });
  const appointment = await published(deps, 'Updated', row);
  const customerMessage =
    moved && input.notify_customer !== false
      ? await tellCustomer(deps, businessId, appointment, 'moved', settings.timezone)
      : null;
  return { appointment, customerMessage };
}

export async function cancelAppointment(
  deps: AppointmentDeps,
  businessId: string,
  id: string,
  options: { notify_customer?: boolean } = {},
): Promise<AppointmentResult> {
  const current = await findAppointment(deps.db, businessId, id);
  if (!current) throw appointmentNotFound();
  if (current.status === 'cancelled') throw new ApiError(422, [appointmentMessages.alreadyCancelled]);
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(appointments.id, id), eq(appointments.businessId, businessId), eq(appointments.status, 'booked')))
    .returning();
  if (!row) throw new ApiError(422, [appointmentMessages.alreadyCancelled]);
  const appointment = await published(deps, 'Updated', row);
  const settings = await businessSettings(deps.db, businessId);
  const customerMessage =
    options.notify_customer === false || row.endAt < now
      ? null
      : await tellCustomer(deps, businessId, appointment, 'cancelled', settings.timezone);
  return { appointment, customerMessage };
}

/** Free starts for a new appointment, from `from` (today on the business's clock) for `days` days. */
export async function freeSlots(
  deps: Pick<ApiDeps, 'db' | 'clock'>,
  businessId: string,
  options: { from?: string; days: number; duration_minutes?: number; service_id?: string; limit: number },
): Promise<FreeSlot[]> {
  const settings = await businessSettings(deps.db, businessId);
  let minutes = options.duration_minutes;
  if (options.service_id) {
    const ofService = await serviceMinutes(deps.db, businessId, options.service_id);
    if (ofService === undefined) throw invalid({ service_id: [appointmentMessages.serviceNotFound] });
    minutes ??= ofService;
  }
  const now = deps.clock.now();
  const fromDate = options.from ?? localDateParts(now, settings.timezone).date;
  const windowStart = new Date(`${fromDate}T00:00:00Z`);
  if (Number.isNaN(windowStart.getTime())) throw invalid({ from: [appointmentMessages.dateInvalid] });
  // A day either side covers every timezone's offset from UTC.
  const busy = await busyBetween(
    deps.db,
    businessId,
    new Date(windowStart.getTime() - 86_400_000),
    new Date(windowStart.getTime() + (options.days + 1) * 86_400_000),
  );
  return findFreeSlots(settings, busy, {
    fromDate,
    days: options.days,
    durationMinutes: minutes ?? DEFAULT_APPOINTMENT_MINUTES,
    now,
    limit: options.limit,
  });
}

/** Whether start–end is free now (the assistant re-checks an offered time before booking it). */
export async function isFree(db: Db, businessId: string, start: Date, end: Date): Promise<boolean> {
  const busy = await busyBetween(db, businessId, start, end);
  return !busy.some((entry) => overlaps(entry, { start, end }));
}
