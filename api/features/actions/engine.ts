import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { actionRuns, businesses } from '#api/db/schema';
import { startBatchLoop } from '#api/services/batch-loop';
import { discoverDueSubjects } from './discover';
import { executeRun, type ExecuteOutcome } from './execute';
import type { EngineDeps, RunRow } from './store';

/**
 * The action loop, beside the reminders scheduler and like it safe to run on every
 * instance: each tick finds the time-based subjects that fell due (discover.ts), then
 * claims due pending runs with FOR UPDATE SKIP LOCKED and marks them running in the same
 * commit, so two loops never take the same run; each claimed run is then executed
 * (execute.ts) outside the transaction (sending an SMS must not hold a lock).
 *
 * Exactly once across restarts: a pending run waits in the table for whichever loop starts
 * next; a run left 'running' by a process that died mid-send is marked failed after
 * STUCK_AFTER_MS instead of being retried, because the message may already have gone out
 * (at most once is the promise to customers).
 */
export type ActionTickResult = {
  claimed: string[];
  discovered: number;
  outcomes: Record<string, ExecuteOutcome>;
  interrupted: number;
};

export type ActionTickOptions = {
  batchSize?: number;
  /** Only these businesses' runs (tests sharing a database; a one-off run for one business). */
  businessIds?: string[];
};

export const STUCK_AFTER_MS = 10 * 60_000;

async function failInterrupted(deps: EngineDeps, options: ActionTickOptions, now: Date): Promise<number> {
  const rows = await deps.db
    .update(actionRuns)
    .set({
      status: 'failed',
      outcome:
        'Interrupted: the server stopped while this run was in progress. It is not retried, so nothing is sent twice.',
      finishedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(actionRuns.status, 'running'),
        lt(actionRuns.startedAt, new Date(now.getTime() - STUCK_AFTER_MS)),
        options.businessIds ? inArray(actionRuns.businessId, options.businessIds) : undefined,
      ),
    )
    .returning({ id: actionRuns.id });
  return rows.length;
}

/** Claim up to `batchSize` due runs (marked running in the claiming commit). */
async function claimDue(deps: EngineDeps, options: ActionTickOptions, now: Date): Promise<RunRow[]> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: actionRuns.id })
      .from(actionRuns)
      .innerJoin(businesses, eq(businesses.id, actionRuns.businessId))
      .where(
        and(
          eq(actionRuns.status, 'pending'),
          lte(actionRuns.dueAt, now),
          sql`${businesses.deletedAt} is null`,
          options.businessIds ? inArray(actionRuns.businessId, options.businessIds) : undefined,
        ),
      )
      .orderBy(asc(actionRuns.dueAt), asc(actionRuns.id))
      .limit(options.batchSize ?? 50)
      .for('update', { of: actionRuns, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(actionRuns)
      .set({ status: 'running', startedAt: now, updatedAt: now })
      .where(
        inArray(
          actionRuns.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** One tick: fail interrupted runs, discover, claim, execute. */
export async function runDueActions(deps: EngineDeps, options: ActionTickOptions = {}): Promise<ActionTickResult> {
  const now = deps.clock.now();
  const interrupted = await failInterrupted(deps, options, now);
  const discovered = await discoverDueSubjects(deps, { businessIds: options.businessIds });
  const claimed = await claimDue(deps, options, now);
  const outcomes: Record<string, ExecuteOutcome> = {};
  for (const run of claimed.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())) {
    outcomes[run.id] = (await executeRun(deps, run)).outcome;
  }
  return { claimed: claimed.map((run) => run.id), discovered, outcomes, interrupted };
}

/** Run the action loop (startBatchLoop: a tick now, then every `intervalMs`). Answers stop(). */
export function startActionLoop(
  deps: EngineDeps,
  options: ActionTickOptions & { intervalMs?: number; onTick?: (result: ActionTickResult) => void } = {},
): () => Promise<void> {
  return startBatchLoop({
    name: 'actions',
    intervalMs: options.intervalMs ?? 30_000,
    batchSize: options.batchSize ?? 50,
    run: (size) => runDueActions(deps, { batchSize: size, businessIds: options.businessIds }),
    onTick: options.onTick,
    log: deps.log,
  });
}
