import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { hasPermission } from '#contract/permissions';
import { resolveNotificationPreferences, type NotificationPreferences } from '#contract/schemas/business-settings';
import type { ApiDeps } from '#api/deps';
import {
  appointments,
  businesses,
  businessUsers,
  customers,
  dailySummarySends,
  memories,
  orders,
  timelineItems,
  users,
} from '#api/db/schema';
import { describeSpan } from '../appointments/slots';
import { newId } from '#api/lib/crypto';
import { startBatchLoop } from '#api/services/batch-loop';
import { linesSummary } from '../orders/messages';
import { todayIn } from '../reports/service';
import { fromWallTime } from '#api/services/task-schedule';
import { customerName } from '../timeline/records';

/**
 * The daily summary email: each member who turned it on (notification preferences,
 * daily_summary) gets, once a day at the time they chose in the business's timezone, what
 * came in yesterday (calls, texts, web form leads, orders) and the questions still waiting
 * for an answer, each with a link, limited to what their permissions let them view. The
 * loop runs in every server (like the reminders scheduler): a daily_summary_sends row per
 * member and local date, inserted before the email is sent, makes two loops send it once; a
 * summary whose time passed while no server ran goes out at the next start, the same day.
 */
export type DailySummaryDeps = Pick<ApiDeps, 'db' | 'clock' | 'mailer' | 'publicUrl' | 'log'>;

/** At most this many lines per section; the rest is "and N more" with the list's link. */
const SECTION_LINES = 10;

const DAY_MS = 86_400_000;

/** The date before `date` (YYYY-MM-DD). */
export function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The instants a local calendar date starts and ends in `timeZone` (23 or 25 hours on DST days). */
export function localDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day) + DAY_MS);
  const at = (y: number, m: number, d: number) =>
    fromWallTime({ year: y, month: m, day: d, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone);
  return { start: at(year, month, day), end: at(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()) };
}

/** HH:mm now in `timeZone`. */
function localTime(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    now,
  );
}

/** Whether the member's summary is due now: on, and their time has come today (local). */
export function summaryDue(prefs: NotificationPreferences, now: Date, timeZone: string): boolean {
  return prefs.daily_summary.enabled && localTime(now, timeZone) >= prefs.daily_summary.time;
}

type Line = { text: string; link: string };
type Section = { title: string; lines: Line[]; total: number; listLink: string };

const oneLine = (text: string | null | undefined, max = 120) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

async function timelineSection(
  deps: DailySummaryDeps,
  businessId: string,
  type: 'call' | 'sms' | 'form',
  bounds: { start: Date; end: Date },
  base: string,
) {
  const where = and(
    eq(timelineItems.businessId, businessId),
    eq(timelineItems.type, type),
    isNull(timelineItems.deletedAt),
    gte(timelineItems.createdAt, bounds.start),
    lt(timelineItems.createdAt, bounds.end),
    type === 'sms' ? eq(timelineItems.direction, 'inbound') : undefined,
  );
  const [{ total }] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(timelineItems)
    .where(where);
  const rows = await deps.db
    .select({ item: timelineItems, customer: { firstName: customers.firstName, lastName: customers.lastName } })
    .from(timelineItems)
    .leftJoin(customers, eq(customers.id, timelineItems.customerId))
    .where(where)
    .orderBy(asc(timelineItems.createdAt))
    .limit(SECTION_LINES);
  const path = type === 'sms' ? 'sms' : `${type}s`;
  const lines = rows.map(({ item, customer }) => {
    const who = customer?.firstName
      ? customerName(customer as { firstName: string; lastName: string | null })
      : (item.from ?? 'Unknown');
    const details = item.details as { summary?: string };
    const what =
      type === 'call'
        ? [item.status?.replace(/_/g, ' '), oneLine(details.summary)].filter(Boolean).join(': ')
        : oneLine(item.body);
    return { text: what ? `${who} (${what})` : who, link: `${base}/dashboard/${path}/${item.id}` };
  });
  return { lines, total, listLink: `${base}/dashboard/${path}` };
}

/** The summary of `date` (the business's local day) for a member with these permissions. */
export async function buildDailySummary(
  deps: DailySummaryDeps,
  business: { id: string; name: string; timezone: string },
  permissions: readonly string[],
  date: string,
): Promise<{ subject: string; text: string; sections: Section[] }> {
  const base = (deps.publicUrl ?? '').replace(/\/$/, '');
  const bounds = localDayBounds(date, business.timezone);
  const sections: Section[] = [];
  if (hasPermission(permissions, 'calls/view'))
    sections.push({ title: 'Calls', ...(await timelineSection(deps, business.id, 'call', bounds, base)) });
  if (hasPermission(permissions, 'smses/view'))
    sections.push({ title: 'Texts received', ...(await timelineSection(deps, business.id, 'sms', bounds, base)) });
  if (hasPermission(permissions, 'forms/view'))
    sections.push({ title: 'Leads (web forms)', ...(await timelineSection(deps, business.id, 'form', bounds, base)) });
  if (hasPermission(permissions, 'orders/view')) {
    const where = and(
      eq(orders.businessId, business.id),
      isNull(orders.deletedAt),
      gte(orders.createdAt, bounds.start),
      lt(orders.createdAt, bounds.end),
    );
    const [{ total }] = await deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where);
    const rows = await deps.db
      .select({ order: orders, customer: { firstName: customers.firstName, lastName: customers.lastName } })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(asc(orders.createdAt))
      .limit(SECTION_LINES);
    const lines = rows.map(({ order, customer }) => {
      const who = customer?.firstName
        ? customerName(customer as { firstName: string; lastName: string | null })
        : 'A customer';
      const what = oneLine(linesSummary(order.lines)) || order.status;
      return { text: `${who} (${what})`, link: `${base}/dashboard/orders/${order.id}` };
    });
    sections.push({ title: 'Orders', lines, total, listLink: `${base}/dashboard/orders` });
  }
  if (hasPermission(permissions, 'customers/view')) {
    // Booked yesterday (by the team or the assistant), with when they are for.
    const where = and(
      eq(appointments.businessId, business.id),
      gte(appointments.createdAt, bounds.start),
      lt(appointments.createdAt, bounds.end),
    );
    const [{ total }] = await deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(appointments)
      .where(where);
    const rows = await deps.db
      .select({ appointment: appointments, customer: { firstName: customers.firstName, lastName: customers.lastName } })
      .from(appointments)
      .leftJoin(customers, eq(customers.id, appointments.customerId))
      .where(where)
      .orderBy(asc(appointments.startAt))
      .limit(SECTION_LINES);
    const lines = rows.map(({ appointment, customer }) => {
      const who = customer?.firstName
        ? customerName(customer as { firstName: string; lastName: string | null })
        : 'A contact';
      const cancelled = appointment.status === 'cancelled' ? ', since cancelled' : '';
      return {
        text: `${who} (${describeSpan(appointment.startAt, appointment.endAt, business.timezone)}${cancelled})`,
        link: `${base}/dashboard/appointments/${appointment.id}`,
      };
    });
    sections.push({ title: 'Appointments booked', lines, total, listLink: `${base}/dashboard/appointments` });
  }
  if (hasPermission(permissions, 'memories/view')) {
    // Every question still waiting, whenever it was asked: the ones an owner should answer.
    const where = and(eq(memories.businessId, business.id), eq(memories.type, 'question'), isNull(memories.deletedAt));
    const [{ total }] = await deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(memories)
      .where(where);
    const rows = await deps.db
      .select()
      .from(memories)
      .where(where)
      .orderBy(desc(memories.createdAt))
      .limit(SECTION_LINES);
    const lines = rows.map((row) => ({
      text: `“${oneLine(row.content)}”`,
      link: `${base}/dashboard/memories/${row.id}`,
    }));
    sections.push({ title: 'Questions waiting for an answer', lines, total, listLink: `${base}/dashboard/memories` });
  }

  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
  const body: string[] = [`Yesterday, ${day}, at ${business.name}:`, ''];
  const nothing = sections.every((section) => section.total === 0);
  if (sections.length === 0)
    body.push('Your permissions in this business include none of the lists this summary covers.', '');
  else if (nothing) body.push('Nothing came in, and no question is waiting for an answer.', '');
  for (const section of nothing ? [] : sections) {
    if (section.total === 0) {
      body.push(`${section.title}: none`, '');
      continue;
    }
    body.push(`${section.title} (${section.total})`);
    for (const line of section.lines) body.push(`- ${line.text}`, `  ${line.link}`);
    if (section.total > section.lines.length)
      body.push(`- and ${section.total - section.lines.length} more: ${section.listLink}`);
    body.push('');
  }
  body.push(`Choose whether and when you get this email: ${base}/dashboard/settings/business-settings`);
  return { subject: `Daily summary for ${business.name}: ${day}`, text: body.join('\n'), sections };
}

export type SummaryTickResult = { claimed: string[]; sent: number };

/** Send every summary that is due now (each member, once per local date). */
export async function runDailySummaries(
  deps: DailySummaryDeps,
  options: { businessIds?: string[] } = {},
): Promise<SummaryTickResult> {
  const result: SummaryTickResult = { claimed: [], sent: 0 };
  const now = deps.clock.now();
  const members = await deps.db
    .select({
      businessId: businessUsers.businessId,
      userId: businessUsers.userId,
      permissions: businessUsers.permissions,
      prefs: businessUsers.notificationPrefs,
      email: users.email,
      business: { id: businesses.id, name: businesses.name, timezone: businesses.timezone },
    })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(
      and(
        isNull(businessUsers.removedAt),
        isNull(businesses.deletedAt),
        sql`${businessUsers.notificationPrefs}->'daily_summary'->>'enabled' = 'true'`,
        options.businessIds ? inArray(businessUsers.businessId, options.businessIds) : undefined,
      ),
    );
  for (const member of members) {
    const timeZone = member.business.timezone || 'UTC';
    if (!summaryDue(resolveNotificationPreferences(member.prefs), now, timeZone)) continue;
    const today = todayIn(timeZone, now);
    // The claim: whoever inserts this row sends today's summary; everyone else skips it.
    const [claim] = await deps.db
      .insert(dailySummarySends)
      .values({ id: newId(), businessId: member.businessId, userId: member.userId, localDate: today, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claim) continue;
    result.claimed.push(claim.id);
    try {
      const summary = await buildDailySummary(deps, member.business, member.permissions, previousDate(today));
      await deps.mailer.send({ to: member.email, subject: summary.subject, text: summary.text });
      result.sent += 1;
    } catch (error) {
      // Given back, so the next tick tries again today.
      await deps.db.delete(dailySummarySends).where(eq(dailySummarySends.id, claim.id));
      deps.log?.({
        level: 'error',
        msg: 'daily summary not sent',
        business_id: member.businessId,
        user_id: member.userId,
        error: error instanceof Error ? error.stack : String(error),
      });
    }
  }
  return result;
}

/** The summary loop: once a minute is enough for a time chosen to the minute. Answers stop(). */
export function startDailySummaries(
  deps: DailySummaryDeps,
  options: { intervalMs?: number } = {},
): () => Promise<void> {
  return startBatchLoop({
    name: 'daily summaries',
    intervalMs: options.intervalMs ?? 60_000,
    // Never "a full batch": one pass sends everything due.
    batchSize: Number.POSITIVE_INFINITY,
    run: () => runDailySummaries(deps),
    log: deps.log,
  });
}
