import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client';
import { timelineItems } from '#api/db/schema';
import { completeTask, type TimelineDeps } from '../timeline/service';

/**
 * The task the assistant makes for a question it could not answer remembers the question
 * (details.question_id), so answering the question completes it: the owner does the work
 * once, and the to-do list does not keep a task whose answer is already given.
 */
export async function linkTaskToQuestion(
  db: Db,
  businessId: string,
  noteId: string,
  questionId: string,
): Promise<void> {
  await db
    .update(timelineItems)
    .set({ details: sql`${timelineItems.details} || ${JSON.stringify({ question_id: questionId })}::jsonb` })
    .where(and(eq(timelineItems.id, noteId), eq(timelineItems.businessId, businessId), eq(timelineItems.type, 'note')));
}

/** Completes every open task made for the question; answers how many. */
export async function completeQuestionTasks(
  deps: TimelineDeps,
  businessId: string,
  questionId: string,
  options: { actorId?: string | null } = {},
): Promise<number> {
  const open = await deps.db
    .select({ id: timelineItems.id })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.type, 'note'),
        isNull(timelineItems.deletedAt),
        isNull(timelineItems.completedAt),
        sql`${timelineItems.details}->>'question_id' = ${questionId}`,
      ),
    );
  for (const task of open) await completeTask(deps, businessId, task.id, options);
  return open.length;
}
