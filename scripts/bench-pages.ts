/**
 * `npm run bench:pages [concurrency] [requests]`: /dashboard/customers with 500 contacts and
 * /dashboard/home with 200 timeline items, under concurrency, beside the v1 list call each
 * page makes, the raw SQL underneath, and the framework's floor: plain React renderToString
 * of the same route component tree with the same data (scripts/lib/render-floor.ts). The SQL
 * statements per request are counted at two data sizes (a second business with a tenth of
 * the rows): they must be equal, or the run fails (no N+1). The server runs in this process
 * on a fresh PGlite database, in production mode like `npm start`.
 */
import './lib/production-mode';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { and, desc, eq, isNull } from 'drizzle-orm';
import pMap from 'p-map';
import { customers, timelineItems } from '../api/db/schema';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { parseEnv } from '../contract/env';
import { startServer } from '../server';
import { buildIfStale } from './build-if-stale';
import { renderFloor } from './lib/render-floor';
import { seedDemoBusiness } from './seed/demo-business';

const CONCURRENCY = Number(process.argv[2] ?? 10);
const REQUESTS = Number(process.argv[3] ?? 200);
const EMAIL = 'bench@example.com';
const SMALL_EMAIL = 'bench-small@example.com';
const PASSWORD = 'bench password';

type Result = { name: string; p50: number; p95: number; rps: number; queries: number; smallQueries?: number };

/**
 * The SQL statements one run makes (nothing else runs meanwhile): the fewest of three, as a
 * token's sliding expiry is written at most once a minute, by whichever request comes first.
 */
async function statements(run: () => Promise<void>, countQueries: () => number): Promise<number> {
  let fewest = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = countQueries();
    await run();
    fewest = Math.min(fewest, countQueries() - before);
  }
  return fewest;
}

async function measure(
  name: string,
  run: () => Promise<void>,
  countQueries: () => number,
  small?: () => Promise<void>,
): Promise<Result> {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const queries = await statements(run, countQueries);
  const smallQueries = small ? await statements(small, countQueries) : undefined;
  const started = performance.now();
  const samples = await pMap(
    Array.from({ length: REQUESTS }),
    async () => {
      const t = performance.now();
      await run();
      return performance.now() - t;
    },
    { concurrency: CONCURRENCY },
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const result = {
    name,
    p50: samples[Math.floor(samples.length / 2)],
    p95: samples[Math.floor(samples.length * 0.95)],
    rps: samples.length / elapsed,
    queries,
    smallQueries,
  };
  console.log(`  ${name.trim()}: p50 ${result.p50.toFixed(1)} ms, ${result.rps.toFixed(1)} req/s`); // progress on a slow machine
  return result;
}

async function main() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-bench-pages-'));
  let queries = 0;
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    SESSION_SECRET: 'bench',
    // The client below is the peer itself, with no proxy in front: answers go uncompressed
    // to it, as to any local client (docs/decisions/056-no-compression-for-a-local-client.md).
    TRUST_PROXY: 'false',
  });
  // Statements that run only when a list's rows go on past the page (whether they do depends on
  // the data, not on the rows shown) are left out of the statements per request, which must not
  // grow with the rows shown: the contacts' duplicates query, as a page holding every contact
  // finds them among its own rows (api/features/customers/records.ts), and a separate count(*)
  // of a list's total, where a list still makes one (the v1 lists count inside their page's
  // statement, api/lib/sql-json.ts `paged`). Home's contact picker shows 100 of the big
  // business's 500 contacts and all of the small one's 50.
  const pagingOnly = /^select count\(\*\)|^\s*with mine as \(/i;
  const server = await startServer({
    env,
    log: () => {},
    onQuery: (query) => void (pagingOnly.test(query) || (queries += 1)),
  });
  const { deps } = server;
  // Client and server share this busy event loop: a socket the server finds idle for its 5 s
  // could be closed just as the client sends on it (ECONNRESET). The client closes first.
  // Likewise its header and request timers, which a loop busy with ten renders can trip.
  server.server.keepAliveTimeout = 60_000;
  server.server.headersTimeout = 0;
  server.server.requestTimeout = 0;
  console.log('Seeding 500 contacts and 200 timeline items…');
  // Seeded without publishing: 700 realtime events posted to this server would still be
  // arriving while the clock runs.
  const seedDeps = { ...deps, broadcaster: createRecordingBroadcaster() };
  const { businessId } = await seedDemoBusiness(seedDeps, {
    contacts: 500,
    items: 200,
    email: EMAIL,
    password: PASSWORD,
  });
  // A tenth of the rows, for the statement count at a second size.
  const small = await seedDemoBusiness(seedDeps, { contacts: 50, items: 20, email: SMALL_EMAIL, password: PASSWORD });

  // Sign in through the login form (session cookie) and the v1 API (bearer token).
  const signIn = async (email: string) => {
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: 'manual',
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const { data } = await (
      await fetch(`${server.url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
    ).json();
    return { cookie, token: data.token as string };
  };
  const big = await signIn(EMAIL);
  const smallUser = await signIn(SMALL_EMAIL);

  // A reused connection is now and then reset on this busy machine (ECONNRESET before any
  // answer): such a request is sent again, and the resets are counted in the report.
  let resets = 0;
  const send = async (input: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
      resets += 1;
      return fetch(input, init);
    }
  };
  const page =
    (pathname: string, cookie = big.cookie) =>
    async () => {
      const response = await send(`${server.url}${pathname}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
      await response.text();
    };
  const v1 =
    (call: (business: string) => string, body: unknown, token = big.token, business = businessId) =>
    async () => {
      const response = await send(`${server.url}/api/v1/${call(business)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'business-id': business },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`${call(business)}: ${response.status}`);
      await response.json();
    };
  const smallV1 = (call: (business: string) => string, body: unknown) =>
    v1(call, body, smallUser.token, small.businessId);
  const customersList = (business: string) => `businesses/customers/${business}/list`;
  const timelineList = (business: string) => `businesses/timeline/${business}/list`;
  // The floor: the same route components rendered by React alone, with the same data.
  const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
  const floor = async (pathname: string) => {
    const render = await renderFloor(build, server.url, pathname, big.cookie);
    return async () => void render();
  };
  const sqlCustomers = async () => {
    await deps.db
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, businessId), isNull(customers.deletedAt)))
      .orderBy(desc(customers.updatedAt))
      .limit(500);
  };
  const sqlTimeline = async () => {
    await deps.db
      .select()
      .from(timelineItems)
      .where(and(eq(timelineItems.businessId, businessId), isNull(timelineItems.deletedAt)))
      .orderBy(desc(timelineItems.sortAt))
      .limit(200);
  };
  const count = () => queries;

  const results = [
    await measure(
      'page  /dashboard/customers',
      page('/dashboard/customers'),
      count,
      page('/dashboard/customers', smallUser.cookie),
    ),
    await measure('react renderToString customers', await floor('/dashboard/customers'), count),
    await measure(
      'v1    customers/list (500)',
      v1(customersList, { limit: 500 }),
      count,
      smallV1(customersList, { limit: 500 }),
    ),
    await measure('sql   customers (500)', sqlCustomers, count),
    await measure('page  /dashboard/home', page('/dashboard/home'), count, page('/dashboard/home', smallUser.cookie)),
    await measure('react renderToString home', await floor('/dashboard/home'), count),
    await measure(
      'v1    timeline/list (200)',
      v1(timelineList, { limit: 200 }),
      count,
      smallV1(timelineList, { limit: 200 }),
    ),
    await measure('sql   timeline (200)', sqlTimeline, count),
  ];
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\n${REQUESTS} requests each, concurrency ${CONCURRENCY}\n`);
  console.log(
    'target                          p50 ms   p95 ms    req/s  SQL/request (500/200 rows, 50/20 rows; without a paging count)',
  );
  for (const r of results) {
    const sql = r.smallQueries === undefined ? String(r.queries) : `${r.queries} / ${r.smallQueries}`;
    console.log(
      `${r.name.padEnd(30)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${sql.padStart(12)}`,
    );
  }
  const [pc, fc, vc, sc, ph, fh, vh, sh] = results;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log(
    `\nratios (p50): customers page/v1 ${ratio(pc.p50, vc.p50)}, v1/sql ${ratio(vc.p50, sc.p50)}; home page/v1 ${ratio(ph.p50, vh.p50)}, v1/sql ${ratio(vh.p50, sh.p50)}`,
  );
  console.log(`throughput page/renderToString: customers ${ratio(pc.rps, fc.rps)}, home ${ratio(ph.rps, fh.rps)}`);
  if (resets) console.log(`${resets} requests were sent again after a connection reset`);
  // Growing with the rows is N+1 and fails the run; a difference the other way comes from the
  // data's shape (what a small business has or lacks), and is shown.
  const growing = results.filter((r) => r.smallQueries !== undefined && r.queries > r.smallQueries);
  for (const r of growing)
    console.log(
      `N+1: ${r.name.trim()} makes ${r.queries} SQL statements at 500/200 rows but ${r.smallQueries} at 50/20`,
    );
  for (const r of results.filter((r) => r.smallQueries !== undefined && r.queries < r.smallQueries)) {
    console.log(
      `note: ${r.name.trim()} makes ${r.queries} SQL statements at 500/200 rows and ${r.smallQueries} at 50/20 (fewer with more rows: not N+1)`,
    );
  }
  process.exit(growing.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
