import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client';
import { businesses, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { notFound } from '#api/lib/errors';
import { nextReminder } from '#api/services/task-schedule';
import type { TimelineRow } from '../timeline/records';

/** The business's timezone: reminders and repeats are wall-clock times there. */
export async function businessTimezone(db: Db, businessId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: businesses.timezone })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!row) throw notFound('The business');
  return row.timezone;
}

/**
 * The next occurrence of a repeated task, created at most once whoever asks (completing
 * the task, the scheduler when it falls due, both at the same moment, or twice): the
 * task's next_occurrence_id is claimed with a conditional UPDATE first, and only the
 * caller whose UPDATE matched inserts the new task. Run inside the caller's transaction.
 * Answers the new row, or null when there is nothing to create.
 */
export async function createNextOccurrence(
  tx: Db,
  task: TimelineRow,
  now: Date,
  timeZone: string,
): Promise<TimelineRow | null> {
  if (task.type !== 'note' || !task.repeat || !task.reminder || task.nextOccurrenceId) return null;
  const id = newId();
  const claimed = await tx
    .update(timelineItems)
    .set({ nextOccurrenceId: id })
    .where(and(eq(timelineItems.id, task.id), isNull(timelineItems.nextOccurrenceId)))
    .returning({ id: timelineItems.id });
  if (claimed.length === 0) return null;
  task.nextOccurrenceId = id;
  // Occurrences count from the series' first reminder, so a monthly task on the 31st comes
  // back on the 31st after February's 28th instead of drifting to the 28th.
  const anchored =
    typeof task.details.repeat_anchor === 'string' ? new Date(task.details.repeat_anchor) : task.reminder;
  const anchor = Number.isNaN(anchored.getTime()) ? task.reminder : anchored;
  const after = new Date(Math.max(task.reminder.getTime(), now.getTime()));
  // The new occurrence is not completed by anyone yet.
  const { completed_by: _completedBy, ...inherited } = task.details;
  const [next] = await tx
    .insert(timelineItems)
    .values({
      id,
      businessId: task.businessId,
      type: 'note',
      customerId: task.customerId,
      body: task.body,
      reminder: nextReminder(anchor, task.repeat, timeZone, after),
      repeat: task.repeat,
      internal: task.internal,
      assignedTo: task.assignedTo,
      createdBy: task.createdBy,
      details: { ...inherited, previous_occurrence_id: task.id, repeat_anchor: anchor.toISOString() },
      sortAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return next;
}
