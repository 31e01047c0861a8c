import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ConversationAction } from '#contract/schemas/conversation';
import type { Db } from '#api/db/client';
import { timelineItems } from '#api/db/schema';
import { updateNote } from '#api/features/timeline/service';
import type { ToolDeps, ToolScope } from './tool-scope';
import type { CapturedDetails, TaskKind } from './types';

/**
 * The task note of a caller's request (a booking, a call back, a person): made as soon as
 * their name and number are known, so a caller who hangs up still leaves the team a task, and
 * what they say afterwards (when suits them) is added to that same note rather than a second one.
 */

/** A note's longest body (the notes API's limit). */
export const NOTE_MAX = 5000;

const LABELS: Record<keyof CapturedDetails, string> = {
  name: 'Name',
  phone: 'Number',
  preferred_time: 'Preferred time',
  reason: 'Reason',
};
/** Said on the note of a booking or call back made before the caller said when suits them. */
const TIME_NOT_GIVEN = 'not given yet';

const line = (label: string, value: string | undefined | null) => (value?.trim() ? `${label}: ${value.trim()}` : null);

/** The note's text: the title, then the caller's details one a line, the channel and the conversation's page. */
export function requestTaskBody(input: {
  title: string;
  details: CapturedDetails;
  question?: string;
  kind?: TaskKind;
  channel: string;
  conversationLink: string | null;
}): string {
  const { details } = input;
  const timeAsked = input.kind === 'booking' || input.kind === 'callback';
  return [
    input.title.trim() || 'Follow up with a caller',
    '',
    line(LABELS.name, details.name),
    line(LABELS.phone, details.phone),
    line(LABELS.preferred_time, details.preferred_time ?? (timeAsked ? TIME_NOT_GIVEN : null)),
    line(LABELS.reason, details.reason),
    input.question?.trim() && input.question.trim() !== details.reason?.trim()
      ? line('Question', input.question)
      : null,
    line('Channel', input.channel),
    input.conversationLink ? `Conversation: ${input.conversationLink}` : null,
  ]
    .filter((part): part is string => part !== null)
    .join('\n')
    .slice(0, NOTE_MAX);
}

/** Marks the note as this conversation's request of that kind (a booking's is completed when the assistant books it). */
export async function markRequestTask(
  db: Db,
  businessId: string,
  noteId: string,
  conversationId: string,
  kind: TaskKind,
): Promise<void> {
  const marks = {
    request: kind,
    conversation_id: conversationId,
    ...(kind === 'booking' ? { booking_request: true } : {}),
  };
  await db
    .update(timelineItems)
    .set({ details: sql`${timelineItems.details} || ${JSON.stringify(marks)}::jsonb` })
    .where(and(eq(timelineItems.id, noteId), eq(timelineItems.businessId, businessId), eq(timelineItems.type, 'note')));
}

/**
 * The open request tasks the assistant made in one conversation of one business, newest first;
 * of one kind when asked (a booking's mark is older than the others': booking_request).
 */
export function openRequestTasks(db: Db, businessId: string, conversationId: string, kind?: TaskKind) {
  return db
    .select({ id: timelineItems.id, body: timelineItems.body })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.type, 'note'),
        isNull(timelineItems.deletedAt),
        isNull(timelineItems.completedAt),
        isNull(timelineItems.createdBy),
        sql`${timelineItems.details}->>'conversation_id' = ${conversationId}`,
        kind === 'booking'
          ? sql`(${timelineItems.details}->>'booking_request')::boolean`
          : kind
            ? sql`${timelineItems.details}->>'request' = ${kind}`
            : sql`${timelineItems.details}->>'request' is not null`,
      ),
    )
    .orderBy(desc(timelineItems.createdAt));
}

/** The body with each detail's line set: an existing line of that label replaced, else added before the channel. */
function withDetails(body: string, details: CapturedDetails): string {
  const lines = body.split('\n');
  for (const [key, label] of Object.entries(LABELS) as [keyof CapturedDetails, string][]) {
    const text = line(label, details[key]);
    if (!text) continue;
    const at = lines.findIndex((entry) => entry.startsWith(`${label}: `));
    if (at >= 0) lines[at] = text;
    else {
      const channel = lines.findIndex((entry) => entry.startsWith('Channel: '));
      lines.splice(channel >= 0 ? channel : lines.length, 0, text);
    }
  }
  return lines.join('\n').slice(0, NOTE_MAX);
}

/**
 * Adds the details to the latest open request task the assistant made in this conversation
 * of this business (never another's: the conversation and the business are the tool's own
 * scope, not the caller's words). The note is updated like any task (no new announcement).
 */
export async function updateRequestTask(
  deps: ToolDeps,
  scope: ToolScope,
  details: CapturedDetails,
): Promise<ConversationAction | null> {
  const given = Object.fromEntries(
    Object.entries(details).filter(([, value]) => typeof value === 'string' && value.trim()),
  ) as CapturedDetails;
  if (!scope.conversationId || !Object.keys(given).length) return null;
  const [task] = await openRequestTasks(deps.db, scope.businessId, scope.conversationId);
  if (!task) return null;
  const { note } = await updateNote(
    deps,
    scope.businessId,
    task.id,
    { body: withDetails(task.body ?? '', given) },
    { actorId: null },
  );
  const added = (Object.keys(given) as (keyof CapturedDetails)[])
    .map((key) => `${LABELS[key].toLowerCase()} ${given[key]}`)
    .join(', ');
  return { type: 'task_updated', note_id: note._id, summary: `Added to the task: ${added}` };
}
