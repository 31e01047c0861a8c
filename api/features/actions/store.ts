import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActionRunStatus } from '#contract/schemas/action';
import type { ApiActionRun } from '#contract/v1/actions';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { actionRuns, actions, customers } from '#api/db/schema';

/** Rows and small queries the engine, the triggers and the runs call share. */
export type ActionRow = typeof actions.$inferSelect;
export type RunRow = typeof actionRuns.$inferSelect;
export type EngineDeps = ApiDeps;

/** Triggers whose subjects the engine finds by looking (the others are fired by events). */
export const TIME_TRIGGERS = ['customer_status', 'task_overdue', 'order_unconfirmed'] as const;
export const isTimeTrigger = (trigger: string) => (TIME_TRIGGERS as readonly string[]).includes(trigger);

/** Message kinds wait for opening hours; tasks and status changes are for the team and happen at once. */
export const isMessageKind = (kind: string) => kind === 'send_sms' || kind === 'send_email';

/** A repeating action stops after this many runs for one subject, so nothing repeats forever. */
export const MAX_REPEATS = 30;

export const minutes = (count: number) => count * 60_000;

export type RunResult = {
  status: Exclude<ActionRunStatus, 'pending' | 'running'>;
  outcome: string;
  details?: Record<string, unknown>;
  itemId?: string | null;
};

/** Finish a claimed run (only a run still 'running' moves: a run is finished once). */
export async function finishRun(deps: Pick<ApiDeps, 'db' | 'clock'>, run: RunRow, result: RunResult): Promise<RunRow> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(actionRuns)
    .set({
      status: result.status,
      outcome: result.outcome.slice(0, 1000),
      details: sql`${actionRuns.details} || ${JSON.stringify(result.details ?? {})}::jsonb`,
      itemId: result.itemId ?? null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(actionRuns.id, run.id), eq(actionRuns.status, 'running')))
    .returning();
  // last_run_at only: updated_at stays the owner's last edit (discovery reads it, see discover.ts).
  if (row && result.status === 'done')
    await deps.db.update(actions).set({ lastRunAt: now }).where(eq(actions.id, run.actionId));
  return row ?? run;
}

export function serializeRun(
  row: RunRow,
  customer: { id: string; firstName: string; lastName: string | null } | null,
): ApiActionRun {
  return {
    _id: row.id,
    action_id: row.actionId,
    customer: customer
      ? { _id: customer.id, name: [customer.firstName, customer.lastName].filter(Boolean).join(' ') }
      : null,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    occurrence: row.occurrence,
    triggered_at: row.triggeredAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    status: row.status,
    outcome: row.outcome,
    details: row.details,
    item_id: row.itemId,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An action's history, newest first, paged. */
export async function listRuns(
  db: Db,
  businessId: string,
  actionId: string,
  page: { page: number; limit: number },
): Promise<{ runs: ApiActionRun[]; total: number }> {
  const where = and(eq(actionRuns.businessId, businessId), eq(actionRuns.actionId, actionId));
  const rows = await db
    .select({
      run: actionRuns,
      customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName },
    })
    .from(actionRuns)
    .leftJoin(customers, eq(customers.id, actionRuns.customerId))
    .where(where)
    .orderBy(desc(actionRuns.createdAt), desc(actionRuns.occurrence), desc(actionRuns.id))
    .limit(page.limit)
    .offset(page.page * page.limit);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(actionRuns)
    .where(where);
  return { runs: rows.map((row) => serializeRun(row.run, row.customer?.id ? row.customer : null)), total };
}

/**
 * Pausing or deleting an action stops its future runs at once: every pending run is marked
 * skipped (a run already being sent finishes). Answers how many were skipped.
 */
export async function skipPendingRuns(
  deps: Pick<ApiDeps, 'db' | 'clock'>,
  actionId: string,
  reason = 'The action was paused.',
): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .update(actionRuns)
    .set({ status: 'skipped', outcome: reason, finishedAt: now, updatedAt: now })
    .where(and(eq(actionRuns.actionId, actionId), eq(actionRuns.status, 'pending')))
    .returning({ id: actionRuns.id });
  return rows.length;
}
