import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { hasPermission } from '#contract/permissions';
import type { ApiAppointment } from '#contract/v1/appointments';
import type { Db } from '#api/db/client';
import type { ApiDeps } from '#api/deps';
import { appointments, businesses, businessUsers, calendarFeeds } from '#api/db/schema';
import { newId, newToken, sha256 } from '#api/lib/crypto';
import { serializeAppointments } from './service';

/**
 * A member's private calendar feed (docs/appointments.md): GET /calendar/<token>.ics answers
 * the business's appointments as RFC 5545 text, for Google, Outlook and Apple calendars to
 * subscribe to. Only the token's SHA-256 is stored. The feed answers only while the member
 * still belongs to the business and may view customers, so ending either ends the feed.
 */
export type FeedDeps = Pick<ApiDeps, 'db' | 'clock' | 'publicUrl'>;

/** Past appointments this old drop out of the feed (calendars keep what they already have). */
export const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 2000;

export const feedUrl = (deps: Pick<ApiDeps, 'publicUrl'>, token: string) =>
  `${(deps.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '')}/calendar/${token}.ics`;

export async function feedStatus(
  db: Db,
  businessId: string,
  userId: string,
): Promise<{ active: boolean; created_at: string | null }> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.businessId, businessId), eq(calendarFeeds.userId, userId)))
    .limit(1);
  return { active: !!row, created_at: row?.createdAt.toISOString() ?? null };
}

/** A new address for the member; the old one stops working at once. */
export async function regenerateFeed(
  deps: FeedDeps,
  businessId: string,
  userId: string,
): Promise<{ url: string; created_at: string }> {
  const token = newToken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.businessId, businessId), eq(calendarFeeds.userId, userId)));
    await tx
      .insert(calendarFeeds)
      .values({ id: newId(), businessId, userId, tokenHash: sha256(token), createdAt: now });
  });
  return { url: feedUrl(deps, token), created_at: now.toISOString() };
}

export async function revokeFeed(db: Db, businessId: string, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(and(eq(calendarFeeds.businessId, businessId), eq(calendarFeeds.userId, userId)));
}

/** TEXT values the library writes as given (the calendar's name) are escaped here (RFC 5545 3.3.11). */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

export function eventSummary(appointment: Pick<ApiAppointment, 'service' | 'customer'>): string {
  const who = appointment.customer?.name || 'A contact';
  return appointment.service ? `${appointment.service.name}: ${who}` : `Appointment: ${who}`;
}

/** The calendar text: one VEVENT per appointment, times in UTC, cancelled ones as STATUS:CANCELLED so subscribers drop them. */
export function calendarText(input: { businessName: string; host: string; appointments: ApiAppointment[] }): string {
  const calendar = ical({
    name: escapeText(`${input.businessName} appointments`),
    prodId: { company: 'Business Assistant', product: 'appointments', language: 'EN' },
    ttl: 15 * 60,
  });
  for (const appointment of input.appointments) {
    calendar.createEvent({
      id: `${appointment._id}@${input.host}`,
      start: new Date(appointment.start_at),
      end: new Date(appointment.end_at),
      stamp: new Date(appointment.updated_at),
      lastModified: new Date(appointment.updated_at),
      created: new Date(appointment.created_at),
      summary: eventSummary(appointment),
      description: appointment.notes ?? undefined,
      status: appointment.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // Every content line ends in CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}

/** The feed's text, or null for an unknown or revoked token or a member who may no longer see appointments. */
export async function feedCalendar(deps: FeedDeps, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [feed] = await deps.db
    .select({
      businessId: calendarFeeds.businessId,
      userId: calendarFeeds.userId,
      businessName: businesses.name,
      permissions: businessUsers.permissions,
    })
    .from(calendarFeeds)
    .innerJoin(businesses, and(eq(businesses.id, calendarFeeds.businessId), isNull(businesses.deletedAt)))
    .innerJoin(
      businessUsers,
      and(
        eq(businessUsers.businessId, calendarFeeds.businessId),
        eq(businessUsers.userId, calendarFeeds.userId),
        isNull(businessUsers.removedAt),
      ),
    )
    .where(eq(calendarFeeds.tokenHash, sha256(token)))
    .limit(1);
  if (!feed || !hasPermission(feed.permissions, 'customers/view')) return null;
  const now = deps.clock.now();
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.businessId, feed.businessId), gt(appointments.endAt, since)))
    .orderBy(desc(appointments.startAt))
    .limit(FEED_MAX_EVENTS);
  const list = await serializeAppointments(deps.db, rows);
  const host = new URL(deps.publicUrl ?? 'http://localhost:3000').hostname || 'localhost';
  return calendarText({ businessName: feed.businessName, host, appointments: list });
}
