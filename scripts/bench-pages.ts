/**
 * `npm run bench:pages [concurrency] [requests]`: /dashboard/customers with 500 contacts and
 * /dashboard/home with 200 timeline items, under concurrency, beside the v1 list call each
 * page makes and the raw SQL underneath, with the ratios and the SQL statements per request
 * (a constant count: no N+1). The server runs in this process on a fresh PGlite database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { customers, timelineItems } from '../api/db/schema';
import { parseEnv } from '../contract/env';
import { startServer } from '../server';
import { buildIfStale } from './build-if-stale';
import { seedDemoBusiness } from './seed/demo-business';

const CONCURRENCY = Number(process.argv[2] ?? 10);
const REQUESTS = Number(process.argv[3] ?? 200);
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench password';

type Result = { name: string; p50: number; p95: number; rps: number; queries: number };

async function measure(name: string, run: () => Promise<void>, countQueries: () => number): Promise<Result> {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const before = countQueries();
  await run();
  const queries = countQueries() - before;
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return { name, p50: samples[Math.floor(samples.length / 2)], p95: samples[Math.floor(samples.length * 0.95)], rps: samples.length / elapsed, queries };
}

async function main() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-bench-pages-'));
  let queries = 0;
  const env = parseEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_MINUTE: '100000', SESSION_SECRET: 'bench' });
  const server = await startServer({ env, log: () => {}, onQuery: () => (queries += 1) });
  const { deps } = server;
  console.log('Seeding 500 contacts and 200 timeline items…');
  const { businessId } = await seedDemoBusiness(deps, { contacts: 500, items: 200, email: EMAIL, password: PASSWORD });

  // Sign in through the login form (session cookie) and the v1 API (bearer token).
  const login = await fetch(`${server.url}/login`, { method: 'POST', body: new URLSearchParams({ email: EMAIL, password: PASSWORD }), redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const { data } = await (await fetch(`${server.url}/api/v1/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) })).json();
  const token = data.token as string;

  const page = (pathname: string) => async () => {
    const response = await fetch(`${server.url}${pathname}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
    await response.text();
  };
  const v1 = (call: string, body: unknown) => async () => {
    const response = await fetch(`${server.url}/api/v1/${call}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'business-id': businessId }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${call}: ${response.status}`);
    await response.json();
  };
  const sqlCustomers = async () => {
    await deps.db.select().from(customers).where(and(eq(customers.businessId, businessId), isNull(customers.deletedAt))).orderBy(desc(customers.updatedAt)).limit(500);
  };
  const sqlTimeline = async () => {
    await deps.db.select().from(timelineItems).where(and(eq(timelineItems.businessId, businessId), isNull(timelineItems.deletedAt))).orderBy(desc(timelineItems.sortAt)).limit(200);
  };
  const count = () => queries;

  const results = [
    await measure('page  /dashboard/customers', page('/dashboard/customers'), count),
    await measure('v1    customers/list (500)', v1(`businesses/customers/${businessId}/list`, { limit: 500 }), count),
    await measure('sql   customers (500)', sqlCustomers, count),
    await measure('page  /dashboard/home', page('/dashboard/home'), count),
    await measure('v1    timeline/list (200)', v1(`businesses/timeline/${businessId}/list`, { limit: 200 }), count),
    await measure('sql   timeline (200)', sqlTimeline, count),
  ];
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\n${REQUESTS} requests each, concurrency ${CONCURRENCY}\n`);
  console.log('target                          p50 ms   p95 ms    req/s  SQL/request');
  for (const r of results) console.log(`${r.name.padEnd(30)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(8)} ${r.rps.toFixed(0).padStart(8)} ${String(r.queries).padStart(12)}`);
  const [pc, vc, sc, ph, vh, sh] = results;
  console.log(`\nratios (p50): customers page/v1 ${(pc.p50 / vc.p50).toFixed(1)}x, v1/sql ${(vc.p50 / sc.p50).toFixed(1)}x; home page/v1 ${(ph.p50 / vh.p50).toFixed(1)}x, v1/sql ${(vh.p50 / sh.p50).toFixed(1)}x`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
