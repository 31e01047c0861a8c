import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiTimelineItem } from '#contract/envelope';
import { noteCreateBody, noteUpdateBody } from '#contract/v1/notes';
import type { Db } from '#api/db/client';
import { businessUsers, notifications, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { fromZodError, invalid, notFound } from '#api/lib/errors';
import { publishNotifications, TASK_DUE } from '../notifications/service';
import { businessTimezone, createNextOccurrence } from '../notes/task-occurrences';
import { parseReminder } from '#api/services/task-schedule';
import { serializeRow, serializeRows, TYPE_INFO, type TimelineRow, type TimelineType } from './records';
import { publishTimelineItem, resolveCustomer, type TimelineDeps } from './system-item-records';

/**
 * The timeline's writes, callable from the v1 routes and from the server side alike (the
 * telephony provider records calls and SMS, the lead catcher forms, the assistant writes
 * notes and tasks, the demo seed all of them). Each commits, then publishes its realtime
 * event with the serialised record, and answers that record. Notes, tasks, delete and
 * restore are here; calls, SMS, forms and chats in timeline-system-items.ts.
 */
export { serializeTimelineItem, serializeRow, serializeRows, listTimeline, findTimelineRow } from './records';
export type { TimelineRow, TimelineType, TimelineFilters } from './records';
export {
  createCall,
  createChat,
  createForm,
  createSms,
  updateCall,
  updateChat,
  updateForm,
  updateSms,
  type CallInput,
  type FormInput,
  type SmsInput,
  type SystemItemChanges,
  type SystemItemInput,
  type TimelineDeps,
} from './system-item-records';

export type NoteCreateInput = z.input<typeof noteCreateBody>;
export type NoteUpdateInput = z.input<typeof noteUpdateBody>;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** 422 unless the contact and the assignee (when given) belong to this business. */
async function checkReferences(
  db: Db,
  businessId: string,
  input: { customer_id?: string | null; assigned_to?: string | null },
) {
  const errors: Record<string, string[]> = {};
  if (input.customer_id && !(await resolveCustomer(db, businessId, input.customer_id, [])))
    errors.customer_id = ['The contact was not found.'];
  if (input.assigned_to) {
    const [member] = await db
      .select({ id: businessUsers.id })
      .from(businessUsers)
      .where(
        and(
          eq(businessUsers.businessId, businessId),
          eq(businessUsers.userId, input.assigned_to),
          isNull(businessUsers.removedAt),
        ),
      )
      .limit(1);
    if (!member) errors.assigned_to = ['The assignee is not a member of this business.'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const REPEAT_NEEDS_REMINDER = { repeat: ['A repeated task needs a reminder.'] };

/**
 * A note, or a task when it has a reminder (docs/product.md#entities and docs/product.md#validation). `input` is validated
 * here with the v1 schema, so server-side callers get the same 'Note content is required.'.
 * A reminder without an offset is a wall-clock time in the business's timezone.
 */
export async function createNote(
  deps: TimelineDeps,
  businessId: string,
  input: NoteCreateInput | unknown,
  options: { actorId?: string | null } = {},
): Promise<ApiTimelineItem> {
  const { db, clock } = deps;
  const data = parse(noteCreateBody, input);
  const timeZone = await businessTimezone(db, businessId);
  await checkReferences(db, businessId, data);
  if (data.repeat && !data.reminder) throw invalid(REPEAT_NEEDS_REMINDER);
  const now = clock.now();
  const [row] = await db
    .insert(timelineItems)
    .values({
      id: newId(),
      businessId,
      type: 'note',
      body: data.body,
      customerId: data.customer_id ?? null,
      reminder: data.reminder ? parseReminder(data.reminder, timeZone) : null,
      repeat: data.repeat ?? null,
      internal: data.internal ?? false,
      completedAt: data.completed ? now : null,
      assignedTo: data.assigned_to ?? null,
      createdBy: options.actorId ?? null,
      sortAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const item = await serializeRow(db, row);
  await publishTimelineItem(deps, 'Created', item, businessId);
  return item;
}

export type NoteUpdateResult = {
  note: ApiTimelineItem;
  /** The repeated task's next occurrence, when this update created it (at most once per task). */
  nextOccurrence: ApiTimelineItem | null;
  /** True when this update completed the task (it was not completed before). */
  completed: boolean;
  /** True when this update reopened a completed task. */
  reopened: boolean;
};

/**
 * Update a note: fields left out stay as they are; null (or empty text) clears customer,
 * reminder, repeat and assignee. { completed: true } sets completed_at (false clears it);
 * completing a repeated task creates its next occurrence, once. A new reminder time makes
 * the task notify again at that time (its earlier 'task due' notifications are removed).
 */
export async function updateNote(
  deps: TimelineDeps,
  businessId: string,
  noteId: string,
  input: NoteUpdateInput | unknown,
  options: { actorId?: string | null } = {},
): Promise<NoteUpdateResult> {
  const { db, clock } = deps;
  const data = parse(noteUpdateBody, input);
  const timeZone = await businessTimezone(db, businessId);
  await checkReferences(db, businessId, data);
  const now = clock.now();

  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(timelineItems)
      .where(
        and(
          eq(timelineItems.id, noteId),
          eq(timelineItems.businessId, businessId),
          eq(timelineItems.type, 'note'),
          isNull(timelineItems.deletedAt),
        ),
      )
      .for('update')
      .limit(1);
    if (!current) throw notFound('The note');

    const reminder =
      data.reminder === undefined
        ? current.reminder
        : data.reminder === null
          ? null
          : parseReminder(data.reminder, timeZone);
    const repeat = reminder === null ? null : data.repeat === undefined ? current.repeat : data.repeat;
    if (data.repeat && !reminder) throw invalid(REPEAT_NEEDS_REMINDER);
    const rescheduled = (reminder?.getTime() ?? null) !== (current.reminder?.getTime() ?? null);
    const completedAt =
      data.completed === undefined ? current.completedAt : data.completed ? (current.completedAt ?? now) : null;
    const completing = !current.completedAt && Boolean(completedAt);
    // A new time or rule starts a new series: later occurrences count from this reminder.
    const { repeat_anchor: anchor, completed_by: completedBy, ...rest } = current.details;
    const newSeries = rescheduled || JSON.stringify(repeat) !== JSON.stringify(current.repeat);
    const details = {
      ...rest,
      ...(newSeries || anchor === undefined ? {} : { repeat_anchor: anchor }),
      // Who completed the task (null: the system or the assistant), kept until it is reopened.
      ...(completing
        ? { completed_by: options.actorId ?? null }
        : completedAt && completedBy !== undefined
          ? { completed_by: completedBy }
          : {}),
    };

    const [row] = await tx
      .update(timelineItems)
      .set({
        body: data.body ?? current.body,
        customerId: data.customer_id === undefined ? current.customerId : data.customer_id,
        assignedTo: data.assigned_to === undefined ? current.assignedTo : data.assigned_to,
        internal: data.internal ?? current.internal,
        reminder,
        repeat,
        completedAt,
        ...(rescheduled ? { reminderNotifiedAt: null } : {}),
        details,
        updatedAt: now,
      })
      .where(eq(timelineItems.id, current.id))
      .returning();

    const removed = rescheduled
      ? await tx
          .delete(notifications)
          .where(and(eq(notifications.kind, TASK_DUE), eq(notifications.sourceId, row.id)))
          .returning()
      : [];
    const next = completing ? await createNextOccurrence(tx, row, now, timeZone) : null;
    if (next) row.nextOccurrenceId = next.id;
    return { row, next, completed: completing, reopened: Boolean(current.completedAt) && !completedAt, removed };
  });

  const [note, nextOccurrence] = await serializeRows(db, outcome.next ? [outcome.row, outcome.next] : [outcome.row]);
  await publishTimelineItem(deps, 'Updated', note, businessId);
  if (nextOccurrence) await publishTimelineItem(deps, 'Created', nextOccurrence, businessId);
  await publishNotifications(deps, 'Deleted', outcome.removed);
  return { note, nextOccurrence: nextOccurrence ?? null, completed: outcome.completed, reopened: outcome.reopened };
}

/** Complete a task (for the assistant and other server-side callers). */
export function completeTask(
  deps: TimelineDeps,
  businessId: string,
  noteId: string,
  options: { actorId?: string | null } = {},
): Promise<NoteUpdateResult> {
  return updateNote(deps, businessId, noteId, { completed: true }, options);
}

/**
 * Soft-delete an item of this business and type (404 when there is no live one). The
 * record is kept whole, so restore brings back exactly what was deleted.
 */
export async function deleteTimelineItem(
  deps: TimelineDeps,
  businessId: string,
  type: TimelineType,
  id: string,
): Promise<ApiTimelineItem> {
  return setDeleted(deps, businessId, type, id, deps.clock.now());
}

/** Bring a deleted item back as it was; published as Created, since it re-enters lists. */
export async function restoreTimelineItem(
  deps: TimelineDeps,
  businessId: string,
  type: TimelineType,
  id: string,
): Promise<ApiTimelineItem> {
  return setDeleted(deps, businessId, type, id, null);
}

async function setDeleted(
  deps: TimelineDeps,
  businessId: string,
  type: TimelineType,
  id: string,
  deletedAt: Date | null,
) {
  const [row]: TimelineRow[] = await deps.db
    .update(timelineItems)
    .set({ deletedAt })
    .where(
      and(
        eq(timelineItems.id, id),
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.type, type),
        deletedAt ? isNull(timelineItems.deletedAt) : isNotNull(timelineItems.deletedAt),
      ),
    )
    .returning();
  if (!row) throw notFound(deletedAt ? `The ${TYPE_INFO[type].lower}` : `The deleted ${TYPE_INFO[type].lower}`);
  const item = await serializeRow(deps.db, row);
  await publishTimelineItem(deps, deletedAt ? 'Deleted' : 'Created', item, businessId);
  return item;
}
