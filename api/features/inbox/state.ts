import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { INBOX_PAUSE_MINUTES, inboxMessages } from '#contract/schemas/inbox';
import { hasPermission } from '#contract/permissions';
import { businessChannel } from '#contract/realtime';
import type { Db } from '#api/db/client';
import { businessUsers, inboxReads, inboxThreads, users } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { invalid } from '#api/lib/errors';
import { findContact, type InboxDeps } from './messages';

/**
 * A thread's shared state (inbox_threads: the assignee and the assistant's pause, published
 * as InboxThreadUpdated) and each member's read mark (inbox_reads).
 */
export async function threadState(db: Db, businessId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(inboxThreads)
    .where(and(eq(inboxThreads.businessId, businessId), eq(inboxThreads.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** Everything up to now is read for this member. */
export async function markRead(
  deps: Pick<InboxDeps, 'db' | 'clock'>,
  businessId: string,
  userId: string,
  customerId: string,
) {
  const now = deps.clock.now();
  await deps.db
    .insert(inboxReads)
    .values({ id: newId(), businessId, customerId, userId, readAt: now })
    .onConflictDoUpdate({
      target: [inboxReads.businessId, inboxReads.customerId, inboxReads.userId],
      set: { readAt: now },
    });
}

async function saveState(
  deps: Pick<InboxDeps, 'db' | 'clock' | 'broadcaster'>,
  businessId: string,
  customerId: string,
  set: Partial<Pick<typeof inboxThreads.$inferInsert, 'assignedTo' | 'pausedUntil' | 'pausedBy'>>,
) {
  const now = deps.clock.now();
  await deps.db
    .insert(inboxThreads)
    .values({ id: newId(), businessId, customerId, ...set, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [inboxThreads.businessId, inboxThreads.customerId],
      set: { ...set, updatedAt: now },
    });
  // Ids only, like every event: each member refetches through the API (contract/realtime.ts).
  await deps.broadcaster.broadcast(businessChannel(businessId), 'InboxThreadUpdated', { id: customerId });
}

/** The members a thread can be assigned to: those who may see SMS, by name. */
export async function inboxMembers(db: Db, businessId: string): Promise<{ _id: string; name: string }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, permissions: businessUsers.permissions })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id));
  return rows
    .filter((row) => hasPermission(row.permissions, 'smses/view'))
    .map((row) => ({ _id: row.id, name: row.name }));
}

/** Assign to a member who may see the inbox, or unassign (null). Answers the assignee's name. */
export async function assignThread(
  deps: InboxDeps,
  businessId: string,
  customerId: string,
  assignee: string | null,
): Promise<string | null> {
  await findContact(deps.db, businessId, customerId);
  let name: string | null = null;
  if (assignee) {
    const [member] = await deps.db
      .select({ permissions: businessUsers.permissions, name: users.name })
      .from(businessUsers)
      .innerJoin(users, eq(users.id, businessUsers.userId))
      .where(
        and(
          eq(businessUsers.businessId, businessId),
          eq(businessUsers.userId, assignee),
          isNull(businessUsers.removedAt),
          isNull(users.deletedAt),
        ),
      )
      .limit(1);
    if (!member || !hasPermission(member.permissions, 'smses/view'))
      throw invalid({ user_id: [inboxMessages.assigneeNotMember] });
    name = member.name;
  }
  await saveState(deps, businessId, customerId, { assignedTo: assignee });
  return name;
}

/** The assistant stays out of the thread for INBOX_PAUSE_MINUTES from now. */
export async function pauseAssistant(
  deps: Pick<InboxDeps, 'db' | 'clock' | 'broadcaster'>,
  businessId: string,
  customerId: string,
  userId: string,
) {
  await findContact(deps.db, businessId, customerId);
  const until = new Date(deps.clock.now().getTime() + INBOX_PAUSE_MINUTES * 60_000);
  await saveState(deps, businessId, customerId, { pausedUntil: until, pausedBy: userId });
  return until;
}

/** "Hand back to the assistant": it answers the thread's next SMS again. */
export async function handBack(
  deps: Pick<InboxDeps, 'db' | 'clock' | 'broadcaster'>,
  businessId: string,
  customerId: string,
) {
  await findContact(deps.db, businessId, customerId);
  await saveState(deps, businessId, customerId, { pausedUntil: null, pausedBy: null });
}

/** Until when the assistant must not auto-reply to this contact, or null (checked by the inbound SMS path). */
export async function assistantPausedUntil(
  db: Db,
  businessId: string,
  customerId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ pausedUntil: inboxThreads.pausedUntil })
    .from(inboxThreads)
    .where(
      and(
        eq(inboxThreads.businessId, businessId),
        eq(inboxThreads.customerId, customerId),
        gt(inboxThreads.pausedUntil, now),
      ),
    )
    .limit(1);
  return row?.pausedUntil ?? null;
}
