import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { ApiLearningJob } from '#contract/envelope';
import type { Db } from '#api/db/client';
import type { ApiDeps } from '#api/deps';
import { learningJobs, learningPages } from '#api/db/schema';
import { ApiError, notFound } from '#api/lib/errors';
import { newId } from '#api/lib/crypto';
import { entityChanged } from '#api/lib/events';

/**
 * Website learning jobs (onboarding step 4): the v1 calls start, list, get and cancel them;
 * runner.ts does the work in the background. Every change publishes LearningJob<Kind> on
 * the business channel, so the progress page revalidates.
 */
export type LearningDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster' | 'log' | 'outbound'>;
export type LearningJobRow = typeof learningJobs.$inferSelect;
export type LearningJobStatus = ApiLearningJob['status'];

export const ACTIVE_STATUSES: LearningJobStatus[] = ['queued', 'running'];

export function serializeJob(row: LearningJobRow): ApiLearningJob {
  return {
    _id: row.id,
    kind: 'website',
    url: row.url,
    status: row.status as LearningJobStatus,
    pages_found: row.pagesFound,
    pages_fetched: row.pagesFetched,
    pages_learned: row.pagesLearned,
    errors: row.errors,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function publishJob(
  deps: Pick<ApiDeps, 'broadcaster'>,
  row: LearningJobRow,
  kind: 'Created' | 'Updated' = 'Updated',
) {
  await entityChanged(deps, row.businessId, 'LearningJob', kind, serializeJob(row));
}

/** What a business owner types: "example.com" means https://example.com/. */
export function normaliseSiteUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

// Set by the runners of this process: a new job is taken at once rather than at the next poll.
const wakers = new Set<() => void>();
export function onJobQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Queue a crawl of `url`; its first page is the frontier's only entry until the runner starts. */
export async function startLearningJob(
  deps: LearningDeps,
  businessId: string,
  url: string,
  actorId: string | null,
): Promise<ApiLearningJob> {
  const site = normaliseSiteUrl(url);
  if (!site)
    throw new ApiError(422, ['Enter a valid website address, such as https://example.com.'], {
      url: ['Enter a valid website address, such as https://example.com.'],
    });
  const now = deps.clock.now();
  const job = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(learningJobs)
      .values({
        id: newId(),
        businessId,
        kind: 'website',
        url: site,
        status: 'queued',
        pagesFound: 1,
        createdBy: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(learningPages)
      .values({ id: newId(), jobId: row.id, url: site, depth: 0, status: 'queued', createdAt: now, updatedAt: now });
    return row;
  });
  await publishJob(deps, job, 'Created');
  for (const wake of wakers) wake();
  return serializeJob(job);
}

export async function listLearningJobs(db: Db, businessId: string, options: { limit?: number; page?: number } = {}) {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100);
  const page = Math.max(options.page ?? 0, 0);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(learningJobs)
      .where(eq(learningJobs.businessId, businessId))
      .orderBy(desc(learningJobs.createdAt), desc(learningJobs.id))
      .limit(limit)
      .offset(page * limit),
    db.select({ total: count() }).from(learningJobs).where(eq(learningJobs.businessId, businessId)),
  ]);
  return { jobs: rows.map(serializeJob), total, page, limit };
}

export async function findLearningJob(db: Db, businessId: string, jobId: string): Promise<LearningJobRow | undefined> {
  const [row] = await db
    .select()
    .from(learningJobs)
    .where(and(eq(learningJobs.id, jobId), eq(learningJobs.businessId, businessId)));
  return row;
}

export async function getLearningJob(db: Db, businessId: string, jobId: string): Promise<ApiLearningJob> {
  const row = await findLearningJob(db, businessId, jobId);
  if (!row) throw notFound('The learning job');
  return serializeJob(row);
}

/**
 * Stop a queued or running job. The runner notices at its next step (its heartbeat update
 * no longer matches a running job) and stops; what was learned so far stays.
 */
export async function cancelLearningJob(
  deps: LearningDeps,
  businessId: string,
  jobId: string,
): Promise<ApiLearningJob> {
  const existing = await findLearningJob(deps.db, businessId, jobId);
  if (!existing) throw notFound('The learning job');
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(learningJobs)
    .set({ status: 'cancelled', finishedAt: now, heartbeatAt: null, updatedAt: now })
    .where(and(eq(learningJobs.id, jobId), inArray(learningJobs.status, ACTIVE_STATUSES)))
    .returning();
  if (!row) throw new ApiError(422, ['This job has already finished.']);
  await publishJob(deps, row);
  return serializeJob(row);
}
