import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { learningJobs } from '#api/db/schema';
import { crawlJob, type CrawlOptions, type CrawlOutcome } from './crawl';
import { onJobQueued, publishJob, type LearningDeps, type LearningJobRow } from './jobs';

/** A running job whose heartbeat is older than this was left by a server that is gone. */
export const STALE_AFTER_MS = 60_000;

export type RunnerOptions = CrawlOptions & {
  /** How often the queue is polled when idle (a job started in this process wakes it at once). */
  intervalMs?: number;
  staleAfterMs?: number;
  /** Only these businesses' jobs (tests sharing one database). */
  businessIds?: string[];
  onJob?: (job: LearningJobRow, outcome: CrawlOutcome) => void;
};

/**
 * Take the oldest queued job, or a running one whose heartbeat is stale, and mark it running
 * with a fresh heartbeat. FOR UPDATE SKIP LOCKED: servers sharing the database never take
 * the same job.
 */
export async function claimNextJob(
  deps: LearningDeps,
  options: Pick<RunnerOptions, 'staleAfterMs' | 'businessIds'> = {},
): Promise<LearningJobRow | undefined> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? STALE_AFTER_MS));
  const claimed = await deps.db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ id: learningJobs.id })
      .from(learningJobs)
      .where(
        and(
          or(
            eq(learningJobs.status, 'queued'),
            and(
              eq(learningJobs.status, 'running'),
              or(isNull(learningJobs.heartbeatAt), lt(learningJobs.heartbeatAt, staleBefore)),
            ),
          ),
          options.businessIds ? inArray(learningJobs.businessId, options.businessIds) : undefined,
        ),
      )
      .orderBy(asc(learningJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!candidate) return undefined;
    const [row] = await tx
      .update(learningJobs)
      .set({
        status: 'running',
        heartbeatAt: now,
        startedAt: sql`coalesce(${learningJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(learningJobs.id, candidate.id))
      .returning();
    return row;
  });
  if (claimed) await publishJob(deps, claimed);
  return claimed;
}

/** Claim and crawl one job to its end; undefined when there was none to take. */
export async function runNextJob(deps: LearningDeps, options: RunnerOptions = {}): Promise<CrawlOutcome | undefined> {
  const job = await claimNextJob(deps, options);
  if (!job) return undefined;
  const outcome = await crawlJob(deps, job, options);
  options.onJob?.(job, outcome);
  return outcome;
}

/**
 * The data loader's background loop, started by server.ts after listen. One job at a time
 * per server; stop() aborts the page in flight, hands the job back to the queue (another
 * server, or this one after a restart, resumes it from its frontier) and resolves when done.
 */
export function startLearningRunner(deps: LearningDeps, options: RunnerOptions = {}): () => Promise<void> {
  const intervalMs = options.intervalMs ?? 5_000;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wakeUp: (() => void) | undefined;
  const unsubscribe = onJobQueued(() => wakeUp?.());

  const loop = async () => {
    while (!controller.signal.aborted) {
      let outcome: CrawlOutcome | undefined;
      try {
        outcome = await runNextJob(deps, { ...options, signal: controller.signal });
      } catch (error) {
        deps.log?.({
          level: 'error',
          msg: 'learning job failed',
          error: error instanceof Error ? error.stack : String(error),
        });
      }
      if (outcome !== undefined || controller.signal.aborted) continue;
      // Idle: wait for the next poll, a job queued in this process or stop(), whichever comes
      // first; each takes the others away, so an idle server collects no stop listener per poll.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          controller.signal.removeEventListener('abort', done);
          wakeUp = undefined;
          resolve();
        };
        wakeUp = done;
        timer = setTimeout(done, intervalMs);
        timer.unref?.();
        controller.signal.addEventListener('abort', done, { once: true });
      });
    }
  };
  const running = loop();

  return async () => {
    unsubscribe();
    controller.abort();
    clearTimeout(timer);
    await running;
  };
}
