import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { hasPermission } from '#contract/permissions';
import { resolveNotificationPreferences, type NotificationPreferences } from '#contract/schemas/business-settings';
import type { ApiDeps } from '../deps';
import { businesses, businessUsers, notifications, timelineItems } from '../db/schema';
import { newId } from '../lib/crypto';
import { entityChanged } from '../lib/events';
import { publishNotifications, TASK_DUE, type NotificationRow } from '../features/notifications/service';
import { enqueuePushSafely } from './push/deliveries';
import { createNextOccurrence } from '../features/notes/task-occurrences';
import { serializeRows, type TimelineRow } from '../features/timeline/records';
import { startBatchLoop } from './batch-loop';

/**
 * Scheduled work inside the server: task reminders that fall due notify the business's
 * members, and repeated tasks get their next occurrence. Every instance may run the loop:
 * due rows are claimed with FOR UPDATE SKIP LOCKED inside the transaction that marks them
 * (reminder_notified_at), so two loops never take the same task, a task is marked in the
 * same commit as its notifications (nothing fires twice), and whatever fell due while no
 * loop ran is still unmarked when the next one starts (nothing is skipped across a restart).
 * The unique index on notifications (user, kind, source) is the last line of defence.
 */
export type SchedulerDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster' | 'log' | 'push' | 'publicUrl'>;

export type TickResult = { claimed: string[]; notified: number; occurrences: number };

type Member = { userId: string; permissions: string[]; prefs: Partial<NotificationPreferences> | null };

/**
 * Who hears about a due task: its assignee if still a member, else every member who may view
 * notes; members who turned task_due off in their notification preferences are left out.
 */
function recipients(task: TimelineRow, members: Member[]): string[] {
  const assignee = task.assignedTo ? members.find((member) => member.userId === task.assignedTo) : undefined;
  const chosen = assignee ? [assignee] : members.filter((member) => hasPermission(member.permissions, 'notes/view'));
  return chosen
    .filter((member) => resolveNotificationPreferences(member.prefs).events.task_due)
    .map((member) => member.userId);
}

export type TickOptions = {
  batchSize?: number;
  /** Only these businesses' tasks (a one-off run for one business; tests sharing a database). */
  businessIds?: string[];
};

/** Claim and process up to `batchSize` due reminders in one transaction. */
export async function runDueReminders(deps: SchedulerDeps, options: TickOptions = {}): Promise<TickResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const due = await tx
      .select({ task: timelineItems, timezone: businesses.timezone })
      .from(timelineItems)
      .innerJoin(businesses, eq(businesses.id, timelineItems.businessId))
      .where(
        and(
          eq(timelineItems.type, 'note'),
          lte(timelineItems.reminder, now),
          isNull(timelineItems.reminderNotifiedAt),
          isNull(timelineItems.completedAt),
          isNull(timelineItems.deletedAt),
          isNull(businesses.deletedAt),
          options.businessIds ? inArray(timelineItems.businessId, options.businessIds) : undefined,
        ),
      )
      .orderBy(asc(timelineItems.reminder))
      .limit(options.batchSize ?? 100)
      .for('update', { of: timelineItems, skipLocked: true });
    if (due.length === 0)
      return { tasks: [] as TimelineRow[], created: [] as NotificationRow[], next: [] as TimelineRow[] };

    const ids = due.map((row) => row.task.id);
    // Due tasks resurface at the top of the timeline (sort_at), never move down it.
    const tasks = await tx
      .update(timelineItems)
      .set({
        reminderNotifiedAt: now,
        sortAt: sql`greatest(${timelineItems.sortAt}, ${timelineItems.reminder})`,
        updatedAt: now,
      })
      .where(inArray(timelineItems.id, ids))
      .returning();

    const businessIds = [...new Set(tasks.map((task) => task.businessId))];
    const members = await tx
      .select({
        businessId: businessUsers.businessId,
        userId: businessUsers.userId,
        permissions: businessUsers.permissions,
        prefs: businessUsers.notificationPrefs,
      })
      .from(businessUsers)
      .where(and(inArray(businessUsers.businessId, businessIds), isNull(businessUsers.removedAt)));

    const values = tasks.flatMap((task) =>
      recipients(
        task,
        members.filter((member) => member.businessId === task.businessId),
      ).map((userId) => ({
        id: newId(),
        businessId: task.businessId,
        userId,
        kind: TASK_DUE,
        title: task.repeat ? 'Repeated task due' : 'Task due',
        body: task.body,
        customerId: task.customerId,
        internalLink: `/dashboard/notes/${task.id}`,
        sourceId: task.id,
        createdAt: now,
      })),
    );
    const created = values.length
      ? await tx.insert(notifications).values(values).onConflictDoNothing().returning()
      : [];

    const timezones = new Map(due.map((row) => [row.task.id, row.timezone]));
    const next: TimelineRow[] = [];
    for (const task of tasks) {
      const occurrence = await createNextOccurrence(tx, task, now, timezones.get(task.id) ?? 'UTC');
      if (occurrence) next.push(occurrence);
    }
    return { tasks, created, next };
  });

  // Published after the commit, so no client ever sees a notification that was rolled back.
  const items = await serializeRows(db, [...outcome.tasks, ...outcome.next]);
  for (const [index, row] of [...outcome.tasks, ...outcome.next].entries()) {
    await entityChanged(
      deps,
      row.businessId,
      'Note',
      index < outcome.tasks.length ? 'Updated' : 'Created',
      items[index],
    );
  }
  await publishNotifications(deps, 'Created', outcome.created);
  await enqueuePushSafely(deps, outcome.created);
  return {
    claimed: outcome.tasks.map((task) => task.id),
    notified: outcome.created.length,
    occurrences: outcome.next.length,
  };
}

/** Run the reminders loop (startBatchLoop: a tick now, then every `intervalMs`). Answers stop(). */
export function startScheduler(
  deps: SchedulerDeps,
  options: TickOptions & { intervalMs?: number; onTick?: (result: TickResult) => void } = {},
): () => Promise<void> {
  const batchSize = options.batchSize ?? 100;
  return startBatchLoop({
    name: 'scheduler',
    intervalMs: options.intervalMs ?? 10_000,
    batchSize,
    run: (size) => runDueReminders(deps, { batchSize: size, businessIds: options.businessIds }),
    onTick: options.onTick,
    log: deps.log,
  });
}
