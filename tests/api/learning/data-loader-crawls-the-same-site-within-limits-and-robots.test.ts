import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '#api/db/schema';
import { runNextJob } from '#api/features/learning/runner';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { FIXTURE_SITE_OUTBOUND, startFixtureSite, type FixtureSite } from '#tests/support/fixture-site';

let h: Harness;
let site: FixtureSite;
beforeAll(async () => {
  h = await createHarness({ outbound: FIXTURE_SITE_OUTBOUND });
  site = await startFixtureSite({ slowMs: 2_000 });
});
afterAll(async () => {
  await site.close();
  await h.close();
});

// Small limits keep the run quick; the fixture's big page passes the real 2 MB one as well.
const LIMITS = { maxPages: 50, maxBytes: 256 * 1024, timeoutMs: 800 };

async function startJob(url = site.url) {
  const owner = await h.signUpWithBusiness();
  const started = await h.call(`businesses/learning/${owner.business._id}/start`, { url }, owner.token);
  expect(started.status).toBe(200);
  return { owner, b: owner.business._id as string, job: started.body.data.job };
}

const webPages = (businessId: string) =>
  h.deps.db
    .select()
    .from(memories)
    .where(and(eq(memories.businessId, businessId), eq(memories.type, 'web_page'), isNull(memories.deletedAt)));

describe('the website crawler', () => {
  it('learns each readable same-site page as a web_page memory and lists every failure', async () => {
    const before = site.hits.length;
    const { owner, b, job } = await startJob();
    expect(job).toMatchObject({
      status: 'queued',
      url: site.url,
      pages_found: 1,
      pages_fetched: 0,
      pages_learned: 0,
      errors: [],
    });

    expect(await runNextJob(h.deps, { limits: LIMITS, businessIds: [b], publishEveryMs: 0 })).toBe('done');

    const learned = await webPages(b);
    const byPath = new Map(learned.map((memory) => [new URL(memory.sourceUrl!).pathname, memory]));
    // The sitemap brings /orphan, which no link leads to.
    expect([...byPath.keys()].sort()).toEqual(['/', '/about', '/contact', '/orphan', '/services']);
    const home = byPath.get('/')!;
    expect(home).toMatchObject({
      status: 'active',
      title: 'Fixture Plumbing — Home',
      sourceUrl: site.url,
      createdBy: owner.user.id,
    });
    expect(home.content).toContain('Emergency plumbers serving Riverton since 1998.');
    // Readable text only: no script, style, navigation or footer boilerplate.
    expect(home.content).not.toMatch(/tracking|font-family|Site navigation footer/);
    expect(byPath.get('/services')!.content).toContain('## Boiler servicing');

    const paths = site.hits.slice(before);
    expect(paths.filter((p) => p === '/private/secret')).toEqual([]); // robots.txt
    expect(paths.filter((p) => p === '/brochure.pdf')).toEqual([]); // a file, not a page
    expect(paths.filter((p) => p === '/about')).toHaveLength(1); // each page once
    expect(paths).toContain('/robots.txt');
    expect(paths).toContain('/sitemap.xml');

    const done = (await h.call(`businesses/learning/${b}/get/${job._id}`, undefined, owner.token)).body.data.job;
    expect(done).toMatchObject({ status: 'done', pages_learned: 5 });
    expect(done.pages_found).toBe(done.pages_fetched);
    expect(done.finished_at).not.toBeNull();
    expect(done.started_at).not.toBeNull();
    const errors = Object.fromEntries(
      done.errors.map((e: { url: string; error: string }) => [new URL(e.url).pathname, e.error]),
    );
    expect(errors).toEqual({
      '/big': 'The page is larger than 256 kB.',
      '/missing': 'The server answered 404 Not Found.',
      '/slow': 'No answer within 1 second.',
      '/feed': 'Not a web page (application/json).',
    });
    // The off-host link never became a page of the job.
    expect(done.errors.some((e: { url: string }) => e.url.includes('elsewhere.invalid'))).toBe(false);
    expect(done.pages_found).toBe(9);
  });

  it('stops at the page limit', async () => {
    const { owner, b, job } = await startJob();
    const before = site.hits.length;
    await runNextJob(h.deps, { limits: { ...LIMITS, maxPages: 3 }, businessIds: [b] });
    const done = (await h.call(`businesses/learning/${b}/get/${job._id}`, undefined, owner.token)).body.data.job;
    expect(done).toMatchObject({ status: 'done', pages_found: 3, pages_fetched: 3 });
    const pageHits = site.hits.slice(before).filter((p) => p !== '/robots.txt' && p !== '/sitemap.xml');
    expect(pageHits).toHaveLength(3);
    expect((await webPages(b)).length).toBe(done.pages_learned);
  });

  it('honours the real 2 MB limit by default, cutting the big page off while it streams', async () => {
    const { owner, b, job } = await startJob(`${site.url}big`);
    await runNextJob(h.deps, { limits: { maxPages: 1 }, businessIds: [b] });
    const done = (await h.call(`businesses/learning/${b}/get/${job._id}`, undefined, owner.token)).body.data.job;
    expect(done).toMatchObject({ status: 'done', pages_found: 1, pages_fetched: 1, pages_learned: 0 });
    expect(done.errors).toEqual([{ url: `${site.url}big`, error: 'The page is larger than 2 MB.' }]);
  });

  it('records an unreachable site as a failure with a generic reason, not a crash', async () => {
    const { owner, b, job } = await startJob('http://127.0.0.1:9/');
    expect(await runNextJob(h.deps, { limits: LIMITS, businessIds: [b] })).toBe('done');
    const done = (await h.call(`businesses/learning/${b}/get/${job._id}`, undefined, owner.token)).body.data.job;
    expect(done).toMatchObject({ status: 'done', pages_learned: 0 });
    expect(done.errors).toHaveLength(1);
    // Not the connection error (ECONNREFUSED …): the list of failures must not map ports.
    expect(done.errors[0].error).toBe('The page could not be fetched.');
  });

  it('publishes LearningJobCreated and throttled LearningJobUpdated events with the job', async () => {
    const sent = h.events.length;
    const { b, job } = await startJob(`${site.url}about`);
    // A throttle window longer than the run: nine pages, yet only the first progress event and
    // the final one go out (besides Created and the claim's Updated).
    await runNextJob(h.deps, { limits: LIMITS, businessIds: [b], publishEveryMs: 60_000 });
    const events = h.events.slice(sent).filter((e) => e.event.startsWith('LearningJob'));
    expect(events[0]).toMatchObject({
      channels: [`private-business.${b}`],
      event: 'LearningJobCreated',
      payload: { id: job._id },
    });
    const last = events.at(-1)!;
    expect(last.event).toBe('LearningJobUpdated');
    expect(last.payload).toEqual({ id: job._id });
    expect(events.map((e) => e.event)).toEqual([
      'LearningJobCreated',
      'LearningJobUpdated',
      'LearningJobUpdated',
      'LearningJobUpdated',
    ]);
  });

  it('running the loader again refreshes the pages it learned instead of duplicating them', async () => {
    const { owner, b } = await startJob(`${site.url}contact`);
    await runNextJob(h.deps, { limits: { ...LIMITS, maxPages: 1 }, businessIds: [b] });
    const first = await webPages(b);
    await h.call(`businesses/learning/${b}/start`, { url: `${site.url}contact` }, owner.token);
    await runNextJob(h.deps, { limits: { ...LIMITS, maxPages: 1 }, businessIds: [b] });
    const second = await webPages(b);
    expect(second.map((m) => m.id)).toEqual(first.map((m) => m.id));
  });
});
