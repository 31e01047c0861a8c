import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { learningJobs, learningPages, memories } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { extractHtml } from '#api/services/extract/html';
import { createMemory, updateMemory } from '../memories/service';
import {
  DEFAULT_LIMITS,
  fetchText,
  isHtml,
  isSameSite,
  loadRobots,
  loadSitemapUrls,
  PageError,
  sameSitePage,
  type CrawlLimits,
  type FetchContext,
  type FetchFn,
} from './fetch';
import { publishJob, type LearningDeps, type LearningJobRow } from './jobs';

export type CrawlOptions = {
  limits?: Partial<CrawlLimits>;
  fetch?: FetchFn;
  /** Aborted when the server stops: the job is handed back to the queue, not failed. */
  signal?: AbortSignal;
  /** Progress events at most this often (the last state is always published). */
  publishEveryMs?: number;
  /** How often the heartbeat is written while a page is in flight. */
  heartbeatMs?: number;
};

export type CrawlOutcome = 'done' | 'stopped' | 'lost';

// The memory schema's content limit: a longer page keeps its beginning.
const MAX_CONTENT_CHARS = 200_000;
const MAX_LISTED_ERRORS = 200;

/**
 * Work a claimed job through its frontier (learning_pages) until it is empty: each queued
 * page is fetched, its readable text stored as a web_page memory and its same-site links
 * queued, up to the page limit. Everything lives in the database, so a job that is left
 * (server stopped or crashed) resumes from the pages still queued. A page's failure is
 * recorded on the page and in job.errors and never ends the job.
 *
 * The heartbeat doubles as the claim: every write of the job requires the heartbeat this
 * worker wrote last, so once another server has taken over a stale job (or the owner has
 * cancelled it) this worker's writes match nothing and it stops.
 */
export async function crawlJob(
  deps: LearningDeps,
  claimed: LearningJobRow,
  options: CrawlOptions = {},
): Promise<CrawlOutcome> {
  const limits: CrawlLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const site = new URL(claimed.url ?? '');
  const stop = new AbortController();
  // Every request of the job goes through the outbound guard (deps.outbound: public addresses only unless set).
  const context: FetchContext = { fetch: options.fetch, signal: stop.signal, policy: deps.outbound, log: deps.log };
  const onOuterAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  let beat = claimed.heartbeatAt;
  let lost = false;
  let latest = claimed;

  // Job writes are serialised: each compares against the heartbeat the previous one wrote.
  let chain: Promise<boolean> = Promise.resolve(true);
  const writeJob = (patch: Partial<LearningJobRow>) =>
    (chain = chain
      .catch(() => false)
      .then(async () => {
        if (lost) return false;
        const now = deps.clock.now();
        const [row] = await deps.db
          .update(learningJobs)
          .set({ ...patch, heartbeatAt: patch.status && patch.status !== 'running' ? null : now, updatedAt: now })
          .where(
            and(
              eq(learningJobs.id, claimed.id),
              eq(learningJobs.status, 'running'),
              beat ? eq(learningJobs.heartbeatAt, beat) : isNull(learningJobs.heartbeatAt),
            ),
          )
          .returning();
        if (!row) {
          lost = true;
          stop.abort();
          return false;
        }
        beat = row.heartbeatAt;
        latest = row;
        return true;
      }));

  // Progress events, throttled: a page a few ms long must not cost one event each.
  const publishEveryMs = options.publishEveryMs ?? 500;
  let lastPublished = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const publishNow = async () => {
    clearTimeout(pending);
    pending = undefined;
    lastPublished = Date.now();
    await publishJob(deps, latest).catch((error) =>
      deps.log?.({ level: 'warn', msg: 'learning progress event failed', error: String(error) }),
    );
  };
  const publishSoon = () => {
    const wait = lastPublished + publishEveryMs - Date.now();
    if (wait <= 0) return publishNow();
    pending ??= setTimeout(() => void publishNow(), wait);
  };

  const heartbeat = setInterval(() => {
    writeJob({}).catch((error) =>
      deps.log?.({ level: 'warn', msg: 'learning heartbeat failed', error: String(error) }),
    );
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref?.();

  const frontierSize = async () =>
    (await deps.db.select({ n: count() }).from(learningPages).where(eq(learningPages.jobId, claimed.id)))[0].n;

  /** Queue same-site, allowed pages not yet known, while there is room under the page limit. */
  const enqueue = async (candidates: string[], depth: number, robots: { isAllowed(url: string): boolean }) => {
    const urls = [
      ...new Set(
        candidates
          .map((link) => sameSitePage(link, site))
          .filter((url): url is string => url !== null && robots.isAllowed(url)),
      ),
    ];
    if (urls.length === 0) return;
    const known = new Set(
      (
        await deps.db
          .select({ url: learningPages.url })
          .from(learningPages)
          .where(and(eq(learningPages.jobId, claimed.id), inArray(learningPages.url, urls)))
      ).map((row) => row.url),
    );
    const room = limits.maxPages - (await frontierSize());
    const fresh = urls.filter((url) => !known.has(url)).slice(0, Math.max(room, 0));
    if (fresh.length === 0) return;
    const now = deps.clock.now();
    await deps.db
      .insert(learningPages)
      .values(
        fresh.map((url) => ({
          id: newId(),
          jobId: claimed.id,
          url,
          depth,
          status: 'queued',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  };

  const settlePage = async (
    pageId: string,
    patch: { status: 'learned' | 'failed' | 'skipped'; error?: string | null; memoryId?: string | null },
  ) => {
    await deps.db
      .update(learningPages)
      .set({
        status: patch.status,
        error: patch.error ?? null,
        memoryId: patch.memoryId ?? null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(learningPages.id, pageId));
  };

  /** Counters and the failure list, recomputed from the frontier (right after any resume). */
  const saveProgress = async () => {
    const tallies = await deps.db
      .select({ status: learningPages.status, n: count() })
      .from(learningPages)
      .where(eq(learningPages.jobId, claimed.id))
      .groupBy(learningPages.status);
    const of = (status: string) => tallies.find((row) => row.status === status)?.n ?? 0;
    const found = tallies.reduce((sum, row) => sum + row.n, 0);
    const failures = await deps.db
      .select({ url: learningPages.url, error: learningPages.error })
      .from(learningPages)
      .where(and(eq(learningPages.jobId, claimed.id), isNotNull(learningPages.error)))
      .orderBy(asc(learningPages.updatedAt), asc(learningPages.id))
      .limit(MAX_LISTED_ERRORS);
    return writeJob({
      pagesFound: found,
      pagesFetched: found - of('queued'),
      pagesLearned: of('learned'),
      errors: failures.map((row) => ({ url: row.url, error: row.error ?? '' })),
    });
  };

  try {
    const robots = await loadRobots(site, limits, context);
    if (stop.signal.aborted) return finishStopped();
    // The sitemap is read on every (re)start: inserts are idempotent and respect the limit.
    if ((await frontierSize()) < limits.maxPages) {
      await enqueue(await loadSitemapUrls(site, robots, limits, context), 1, robots);
    }
    if (!(await saveProgress())) return 'lost';
    await publishSoon();

    for (;;) {
      if (stop.signal.aborted) return finishStopped();
      const [page] = await deps.db
        .select()
        .from(learningPages)
        .where(and(eq(learningPages.jobId, claimed.id), eq(learningPages.status, 'queued')))
        .orderBy(asc(learningPages.depth), asc(learningPages.createdAt), asc(learningPages.id))
        .limit(1);
      if (!page) break;

      if (!robots.isAllowed(page.url)) {
        await settlePage(page.id, {
          status: 'skipped',
          error: 'The site’s robots.txt asks crawlers not to read this page.',
        });
      } else {
        try {
          const fetched = await fetchText(page.url, limits, {
            ...context,
            accept: isHtml,
            allowRedirect: (to) => isSameSite(to, site),
          });
          if (!sameSitePage(fetched.url, site)) throw new PageError('The page redirects to another website.');
          const extracted = extractHtml(fetched.body, fetched.url);
          await enqueue(extracted.links, page.depth + 1, robots);
          if (!extracted.text) {
            await settlePage(page.id, { status: 'skipped', error: 'The page has no readable text.' });
          } else {
            const memoryId = await learnPage(deps, claimed, page.url, extracted.title, extracted.text);
            await settlePage(page.id, { status: 'learned', memoryId });
          }
        } catch (error) {
          if (stop.signal.aborted) return finishStopped();
          const message = error instanceof PageError ? error.message : 'The page could not be learned.';
          if (!(error instanceof PageError))
            deps.log?.({
              level: 'error',
              msg: 'learning page failed',
              url: page.url,
              error: error instanceof Error ? error.stack : String(error),
            });
          await settlePage(page.id, { status: 'failed', error: message });
        }
      }
      if (!(await saveProgress())) return 'lost';
      await publishSoon();
    }

    if (!(await saveProgress())) return 'lost';
    if (!(await writeJob({ status: 'done', finishedAt: deps.clock.now() }))) return 'lost';
    await publishNow();
    return 'done';
  } finally {
    clearInterval(heartbeat);
    clearTimeout(pending);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  /** Server stopping: hand the job back to the queue so the next runner resumes it at once. */
  async function finishStopped(): Promise<CrawlOutcome> {
    if (lost) return 'lost';
    const saved = await writeJob({ status: 'queued' });
    if (saved) await publishNow();
    return saved ? 'stopped' : 'lost';
  }
}

/**
 * Store one page as a web_page memory. A page this job already stored (the server stopped
 * between the memory and the page's row) is not stored twice; a page an earlier crawl of
 * the site stored is refreshed in place, so running the loader again never duplicates it.
 */
async function learnPage(
  deps: LearningDeps,
  job: LearningJobRow,
  url: string,
  title: string | null,
  text: string,
): Promise<string> {
  const fields = { title: title?.slice(0, 300) || url, content: text.slice(0, MAX_CONTENT_CHARS) };
  const [existing] = await deps.db
    .select({ id: memories.id, jobId: sql<string | null>`${memories.meta}->>'learning_job_id'` })
    .from(memories)
    .where(
      and(
        eq(memories.businessId, job.businessId),
        eq(memories.type, 'web_page'),
        eq(memories.sourceUrl, url),
        isNull(memories.deletedAt),
      ),
    )
    .orderBy(sql`(${memories.meta}->>'learning_job_id') = ${job.id} desc`, desc(memories.createdAt))
    .limit(1);
  if (existing?.jobId === job.id) return existing.id;
  if (existing) return (await updateMemory(deps, job.businessId, existing.id, fields))._id;
  const memory = await createMemory(
    deps,
    job.businessId,
    {
      type: 'web_page',
      status: 'active',
      ...fields,
      answer: undefined,
      source_url: url,
      meta: { learning_job_id: job.id },
    },
    { actorId: job.createdBy },
  );
  return memory._id;
}
