import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ConversationAction } from '#contract/schemas/conversation';
import { DEFAULT_APPOINTMENT_MINUTES } from '#contract/schemas/appointment';
import type { Db } from '#api/db/client';
import { businesses, services, timelineItems } from '#api/db/schema';
import { ApiError } from '#api/lib/errors';
import {
  cancelAppointment,
  createAppointment,
  editAppointment,
  freeSlots,
  upcomingForCustomer,
  type AppointmentDeps,
} from '#api/features/appointments/service';
import { settingsOf } from '#api/features/business-settings/service';
import { findOrCreateByPhone } from '#api/features/customers/service';
import { updateNote } from '#api/features/timeline/service';
import { describeSpan, wallInstant } from '#api/features/appointments/slots';
import { describeDate, localDateParts, parseDayReference } from './hours';
import { NOTE_MAX, openRequestTasks } from './request-tasks';
import type { ToolDeps, ToolScope } from './tool-scope';

/**
 * The assistant's side of appointments (docs/appointments.md): the free times on the day a
 * caller named, and booking one they chose for them (found or added as a contact by the
 * number they gave), texted to them when the server can send texts.
 */
const OFFERED = 3;

/** The part of the day the caller asked for: a time ("2pm", "14:30"), morning, afternoon or evening; null = any. */
export function partOfDay(text: string): { from: string; to: string } | null {
  const lower = text.toLowerCase();
  const at = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\b|\b(\d{1,2})[:.](\d{2})\b/.exec(lower);
  if (at) {
    const hour = at[1] !== undefined ? (Number(at[1]) % 12) + (at[3] === 'pm' ? 12 : 0) : Number(at[4]);
    const minute = at[2] ?? at[5] ?? '00';
    if (hour <= 23) {
      const time = `${String(hour).padStart(2, '0')}:${minute}`;
      return { from: time, to: '24:00' };
    }
  }
  if (/\bmorning\b/.test(lower)) return { from: '00:00', to: '12:00' };
  if (/\bafternoon\b/.test(lower)) return { from: '12:00', to: '17:00' };
  if (/\b(evening|after work)\b/.test(lower)) return { from: '17:00', to: '24:00' };
  return null;
}

/**
 * The business's active service these words name: the longest service name found in them as
 * whole words ("a haircut and colour" → "Haircut and colour" over "Haircut"), else a service
 * whose name contains them all (a model may send "colour" for "Full colour").
 */
export async function serviceNamed(
  db: Db,
  businessId: string,
  words: string | undefined,
): Promise<{ id: string; minutes: number } | null> {
  const text = words?.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const rows = await db
    .select({ id: services.id, name: services.name, minutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.status, 'active'), isNull(services.deletedAt)));
  const named = rows
    .map((row) => ({ ...row, key: row.name.toLowerCase().replace(/\s+/g, ' ').trim() }))
    .filter((row) => row.key)
    .sort((a, b) => b.key.length - a.key.length);
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found =
    named.find((row) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(row.key)}s?($|[^\\p{L}\\p{N}])`, 'u').test(text)) ??
    (text.length >= 3 ? named.find((row) => row.key.includes(text)) : undefined);
  return found ? { id: found.id, minutes: found.minutes } : null;
}

export async function appointmentSlots(
  deps: ToolDeps,
  scope: ToolScope,
  preferredTime: string,
  service?: string,
): Promise<{ date: string; day: string; times: string[] } | null> {
  const [business] = await deps.db
    .select({ settings: businesses.settings, timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .limit(1);
  if (!business) return null;
  const settings = settingsOf(business);
  const now = deps.clock.now();
  const date = parseDayReference(preferredTime, now, settings.timezone);
  if (!date) return null;
  const part = partOfDay(preferredTime);
  const wanted = await serviceNamed(deps.db, scope.businessId, service);
  const slots = await freeSlots(deps, scope.businessId, {
    from: date,
    days: 1,
    duration_minutes: wanted?.minutes ?? DEFAULT_APPOINTMENT_MINUTES,
    limit: 100,
  });
  const times = slots
    .filter((slot) => !part || (slot.start >= part.from && slot.start < part.to))
    .slice(0, OFFERED)
    .map((slot) => slot.start);
  if (!times.length) return null;
  return { date, day: describeDate(date, localDateParts(now, settings.timezone).date), times };
}

export async function bookAppointment(
  deps: ToolDeps,
  scope: ToolScope,
  request: { date: string; time: string; contact?: { name?: string; phone?: string }; service?: string },
): Promise<{ action: ConversationAction; text: string } | null> {
  let customerId = scope.customerId;
  if (!customerId) {
    const phone = request.contact?.phone?.replace(/[\s().-]/g, '');
    if (!phone || !/^\+?\d{7,15}$/.test(phone)) return null;
    const [first, ...rest] = (request.contact?.name ?? '').trim().split(/\s+/).filter(Boolean);
    customerId = (
      await findOrCreateByPhone(
        deps,
        scope.businessId,
        phone,
        first ? { first_name: first, last_name: rest.join(' ') || null } : {},
      )
    ).customer._id;
  }
  const [business] = await deps.db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .limit(1);
  if (!business) return null;
  const start = wallInstant(request.date, request.time, business.timezone);
  const canText = Boolean(deps.telephony && deps.mailer);
  const wanted = await serviceNamed(deps.db, scope.businessId, request.service);
  try {
    const { appointment, customerMessage } = await createAppointment(
      deps as AppointmentDeps,
      scope.businessId,
      {
        customer_id: customerId,
        start_at: start.toISOString(),
        notify_customer: canText,
        notes: undefined,
        service_id: wanted?.id,
        end_at: undefined,
      },
      { source: 'assistant', conversationId: scope.conversationId },
    );
    const when = describeSpan(
      new Date(appointment.start_at),
      new Date(appointment.end_at),
      business.timezone,
      deps.clock.now(),
    );
    await closeBookingTasks(deps, scope, appointment._id, when);
    const texted = customerMessage?.includes('was told by SMS') ? " I've sent you a text to confirm." : '';
    return {
      action: { type: 'appointment_booked', appointment_id: appointment._id, summary: `Appointment booked: ${when}` },
      text: `You're booked in for ${when}.${texted}`,
    };
  } catch (error) {
    // Taken in the meantime, or no longer inside the hours: the caller is told, the team has the task.
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

/**
 * The appointment is booked: the conversation's open booking request tasks are done, so the
 * team is not asked to book it again. Each says what was booked, links the appointment, and
 * is completed by nobody (the assistant). A failure here must not undo the booking.
 */
async function closeBookingTasks(deps: ToolDeps, scope: ToolScope, appointmentId: string, when: string): Promise<void> {
  if (!scope.conversationId) return;
  try {
    const open = await openRequestTasks(deps.db, scope.businessId, scope.conversationId, 'booking');
    for (const task of open) {
      const line = `\nBooked by the assistant: ${when} (/dashboard/appointments/${appointmentId})`;
      const body = `${(task.body ?? '').slice(0, NOTE_MAX - line.length)}${line}`;
      await updateNote(deps, scope.businessId, task.id, { body, completed: true }, { actorId: null });
      await deps.db
        .update(timelineItems)
        .set({ details: sql`${timelineItems.details} || ${JSON.stringify({ appointment_id: appointmentId })}::jsonb` })
        .where(and(eq(timelineItems.id, task.id), eq(timelineItems.businessId, scope.businessId)));
    }
  } catch (error) {
    deps.log?.({
      level: 'warn',
      msg: 'booking task not completed',
      appointment_id: appointmentId,
      error: String(error),
    });
  }
}

/** The known caller's booked appointments still to come, soonest first, as the business's clock says them. */
export async function callerAppointments(
  deps: ToolDeps,
  scope: ToolScope,
): Promise<Array<{ id: string; date: string; time: string; when: string }>> {
  if (!scope.customerId) return [];
  const [business] = await deps.db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .limit(1);
  if (!business) return [];
  const now = deps.clock.now();
  const rows = await upcomingForCustomer(deps.db, scope.businessId, scope.customerId, now);
  return rows.map((row) => {
    const local = localDateParts(row.startAt, business.timezone);
    return {
      id: row.id,
      date: local.date,
      time: local.time,
      when: describeSpan(row.startAt, row.endAt, business.timezone, now),
    };
  });
}

/** Cancel (to: null) or move (to a date and time) the known caller's appointment that starts at date/time; null when it is not theirs, gone, or the new time is not free. */
export async function changeAppointment(
  deps: ToolDeps,
  scope: ToolScope,
  request: { date: string; time: string; to: { date: string; time: string } | null },
): Promise<{ action: ConversationAction; text: string } | null> {
  const mine = (await callerAppointments(deps, scope)).find(
    (entry) => entry.date === request.date && entry.time === request.time,
  );
  if (!mine) return null;
  const [business] = await deps.db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .limit(1);
  if (!business) return null;
  const notify = Boolean(deps.telephony && deps.mailer);
  try {
    const { appointment, customerMessage } = request.to
      ? await editAppointment(deps as AppointmentDeps, scope.businessId, mine.id, {
          start_at: wallInstant(request.to.date, request.to.time, business.timezone).toISOString(),
          notify_customer: notify,
          notes: undefined,
          service_id: undefined,
          end_at: undefined,
          customer_id: undefined,
        })
      : await cancelAppointment(deps as AppointmentDeps, scope.businessId, mine.id, { notify_customer: notify });
    const when = describeSpan(
      new Date(appointment.start_at),
      new Date(appointment.end_at),
      business.timezone,
      deps.clock.now(),
    );
    const texted = customerMessage?.includes('was told by SMS') ? " I've sent you a text to confirm." : '';
    return request.to
      ? {
          action: {
            type: 'appointment_booked',
            appointment_id: appointment._id,
            summary: `Appointment moved: ${when}`,
          },
          text: `Done: your appointment is now ${when}.${texted}`,
        }
      : {
          action: {
            type: 'appointment_booked',
            appointment_id: appointment._id,
            summary: `Appointment cancelled: ${when}`,
          },
          text: `Done: your appointment for ${when} is cancelled.${texted}`,
        };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}
