import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { inboxMessages, type InboxFilter } from '#contract/schemas/inbox';
import type { ApiInboxThread } from '#contract/v1/inbox';
import type { Db } from '#api/db/client';
import { customers, inboxReads, inboxThreads, systems, timelineItems } from '#api/db/schema';
import { ApiError } from '#api/lib/errors';
import { customerName } from '../timeline/records';
import { businessNumberSystem, sendCustomerSms } from '../systems/customer-messages';
import type { SystemRow } from '../systems/store';
import { chatReplyRoute, sendMemberChatReply } from '../systems/web-chat';
import {
  findContact,
  serializeMessage,
  THREAD_MESSAGES,
  threadItems,
  userNames,
  type InboxDeps,
  type InboxType,
} from './messages';
import { markRead, pauseAssistant, threadState } from './state';

export { inboxTypes, type InboxDeps, type InboxType } from './messages';
export { assignThread, assistantPausedUntil, handBack, inboxMembers, markRead, pauseAssistant } from './state';

/**
 * The shared inbox (docs/inbox.md). A thread is a contact; its messages are that contact's
 * SMS (both ways) and web forms, straight from the timeline. inbox_threads adds the
 * assignee and the assistant's pause, inbox_reads each member's read mark. Every call takes
 * the message types the caller may view (forms need forms/view on top of smses/view).
 * Listing, reading and replying are here; the messages' shape in inbox-messages.ts, the
 * assignee, pause and read marks in inbox-state.ts.
 */
function filterCondition(filter: InboxFilter, userId: string): SQL | undefined {
  if (filter === 'mine') return eq(inboxThreads.assignedTo, userId);
  if (filter === 'unassigned') return isNull(inboxThreads.assignedTo);
  return undefined;
}

/**
 * The member's unread messages across every thread (the Inbox badge): the contact's messages
 * after the member's own read mark, counted as each thread's unread count is.
 */
export async function unreadTotal(
  db: Db,
  businessId: string,
  userId: string,
  types: InboxType[],
  options: { exceptCustomerId?: string } = {},
): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(timelineItems)
    .innerJoin(customers, and(eq(customers.id, timelineItems.customerId), isNull(customers.deletedAt)))
    .leftJoin(
      inboxReads,
      and(
        eq(inboxReads.businessId, businessId),
        eq(inboxReads.customerId, timelineItems.customerId),
        eq(inboxReads.userId, userId),
      ),
    )
    .where(
      and(
        threadItems(businessId, types),
        eq(timelineItems.direction, 'inbound'),
        sql`${timelineItems.createdAt} > coalesce(${inboxReads.readAt}, '-infinity'::timestamptz)`,
        options.exceptCustomerId ? ne(timelineItems.customerId, options.exceptCustomerId) : undefined,
      ),
    );
  return row?.unread ?? 0;
}

/** Threads with at least one message, newest message first, with this member's unread counts. */
export async function listThreads(
  db: Db,
  businessId: string,
  userId: string,
  types: InboxType[],
  options: { filter: InboxFilter; page: number; limit: number },
) {
  const lastAt = sql<Date>`max(${timelineItems.createdAt})`;
  const groups = await db
    .select({
      customerId: sql<string>`${timelineItems.customerId}`,
      lastAt,
      count: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${timelineItems.direction} = 'inbound' and ${timelineItems.createdAt} > coalesce(${inboxReads.readAt}, '-infinity'::timestamptz)))::int`,
      total: sql<number>`(count(*) over ())::int`,
      assignedTo: inboxThreads.assignedTo,
      pausedUntil: inboxThreads.pausedUntil,
    })
    .from(timelineItems)
    .innerJoin(customers, and(eq(customers.id, timelineItems.customerId), isNull(customers.deletedAt)))
    .leftJoin(
      inboxThreads,
      and(eq(inboxThreads.businessId, businessId), eq(inboxThreads.customerId, timelineItems.customerId)),
    )
    .leftJoin(
      inboxReads,
      and(
        eq(inboxReads.businessId, businessId),
        eq(inboxReads.customerId, timelineItems.customerId),
        eq(inboxReads.userId, userId),
      ),
    )
    .where(and(threadItems(businessId, types), filterCondition(options.filter, userId)))
    .groupBy(timelineItems.customerId, inboxReads.readAt, inboxThreads.assignedTo, inboxThreads.pausedUntil)
    .orderBy(desc(lastAt), asc(timelineItems.customerId))
    .limit(options.limit)
    .offset(options.page * options.limit);

  const ids = groups.map((group) => group.customerId);
  const [people, lastRows] = ids.length
    ? await Promise.all([
        db.select().from(customers).where(inArray(customers.id, ids)),
        db
          .selectDistinctOn([timelineItems.customerId])
          .from(timelineItems)
          .where(and(threadItems(businessId, types), inArray(timelineItems.customerId, ids)))
          .orderBy(timelineItems.customerId, desc(timelineItems.createdAt), desc(timelineItems.id)),
      ])
    : [[], []];
  const names = await userNames(db, [
    ...groups.map((group) => group.assignedTo),
    ...lastRows.map((row) => (row.details as { sent_by?: string }).sent_by),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const lastById = new Map(lastRows.map((row) => [row.customerId, row]));
  const threads: ApiInboxThread[] = groups.map((group) => {
    const person = byId.get(group.customerId)!;
    const last = lastById.get(group.customerId);
    return {
      _id: group.customerId,
      customer: { _id: person.id, name: customerName(person), phones: person.phones },
      last_message: last ? serializeMessage(last, names) : null,
      last_message_at: new Date(group.lastAt).toISOString(),
      message_count: group.count,
      unread: group.unread,
      assigned_to: group.assignedTo
        ? { _id: group.assignedTo, name: names.get(group.assignedTo) ?? 'A former member' }
        : null,
      assistant_paused_until: group.pausedUntil ? group.pausedUntil.toISOString() : null,
    };
  });
  return { threads, total: groups[0]?.total ?? 0, page: options.page, limit: options.limit };
}

/** One thread (any live contact of the business, with or without messages) and its newest messages, oldest first. */
export async function getThread(
  deps: Pick<InboxDeps, 'db' | 'clock' | 'broadcaster'>,
  businessId: string,
  userId: string,
  customerId: string,
  types: InboxType[],
  options: { markRead: boolean },
) {
  const { db } = deps;
  const person = await findContact(db, businessId, customerId);
  const [rows, state, read] = await Promise.all([
    db
      .select()
      .from(timelineItems)
      .where(and(threadItems(businessId, types), eq(timelineItems.customerId, customerId)))
      .orderBy(desc(timelineItems.createdAt), desc(timelineItems.id))
      .limit(THREAD_MESSAGES),
    threadState(db, businessId, customerId),
    db
      .select({ readAt: inboxReads.readAt })
      .from(inboxReads)
      .where(
        and(
          eq(inboxReads.businessId, businessId),
          eq(inboxReads.customerId, customerId),
          eq(inboxReads.userId, userId),
        ),
      )
      .limit(1),
  ]);
  rows.reverse();
  const names = await userNames(db, [
    state?.assignedTo,
    ...rows.map((row) => (row.details as { sent_by?: string }).sent_by),
  ]);
  const readAt = read[0]?.readAt ?? null;
  const unread = rows.filter((row) => row.direction === 'inbound' && (!readAt || row.createdAt > readAt)).length;
  if (options.markRead && unread > 0) await markRead(deps, businessId, userId, customerId);
  const messages = rows.map((row) => serializeMessage(row, names));
  const last = messages.at(-1) ?? null;
  const thread: ApiInboxThread = {
    _id: person.id,
    customer: { _id: person.id, name: customerName(person), phones: person.phones },
    last_message: last,
    last_message_at: last?.created_at ?? null,
    message_count: messages.length,
    unread: options.markRead ? 0 : unread,
    assigned_to: state?.assignedTo
      ? { _id: state.assignedTo, name: names.get(state.assignedTo) ?? 'A former member' }
      : null,
    assistant_paused_until:
      state?.pausedUntil && state.pausedUntil > deps.clock.now() ? state.pausedUntil.toISOString() : null,
  };
  return { thread, messages };
}

/** The contact's number to text (the one they last texted from) and the business number it goes out from (the one they texted). */
async function replyRoute(
  db: Db,
  businessId: string,
  person: typeof customers.$inferSelect,
): Promise<{ to: string; system: SystemRow }> {
  const [lastInbound] = await db
    .select({ from: timelineItems.from, systemId: timelineItems.systemId })
    .from(timelineItems)
    .where(
      and(
        threadItems(businessId, ['sms']),
        eq(timelineItems.customerId, person.id),
        eq(timelineItems.direction, 'inbound'),
      ),
    )
    .orderBy(desc(timelineItems.createdAt))
    .limit(1);
  const to = lastInbound?.from || person.phones[0];
  if (!to) throw new ApiError(422, [inboxMessages.noPhone]);
  let system: SystemRow | undefined;
  if (lastInbound?.systemId) {
    [system] = await db
      .select()
      .from(systems)
      .where(and(eq(systems.businessId, businessId), eq(systems.id, lastInbound.systemId), isNull(systems.deletedAt)))
      .limit(1);
  }
  if (!system?.phoneNumber) system = await businessNumberSystem(db, businessId);
  if (!system?.phoneNumber) throw new ApiError(422, [inboxMessages.noNumber]);
  return { to, system };
}

/**
 * A member's reply: an SMS from the business number through the one sending path (which
 * refuses numbers that texted STOP), recorded on the timeline as sent by the member. The
 * assistant then stays out of the thread for INBOX_PAUSE_MINUTES, and the thread is read.
 */
export async function replyToThread(
  deps: InboxDeps,
  businessId: string,
  userId: string,
  customerId: string,
  message: string,
) {
  const person = await findContact(deps.db, businessId, customerId);
  // The reply goes on the channel the contact last wrote on: their website chat, else SMS.
  const chat = await chatReplyRoute(deps, businessId, customerId);
  if (chat) {
    const item = await sendMemberChatReply(deps, { businessId, customerId, userId, message, route: chat });
    const pausedUntil = await pauseAssistant(deps, businessId, customerId, userId);
    await markRead(deps, businessId, userId, customerId);
    return { item, pausedUntil };
  }
  const { to, system } = await replyRoute(deps.db, businessId, person);
  const sent = await sendCustomerSms(deps, {
    businessId,
    to,
    body: message,
    customerId,
    purpose: 'inbox_reply',
    details: { sent_by: userId },
    system,
  });
  if (!sent.ok) throw new ApiError(422, [`The reply was not sent: ${sent.reason}`]);
  const pausedUntil = await pauseAssistant(deps, businessId, customerId, userId);
  await markRead(deps, businessId, userId, customerId);
  return { item: sent.item, pausedUntil };
}
