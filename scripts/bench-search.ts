/**
 * `npm run bench:search [runs]`: p50/p95 of searchKnowledge (the v1 search call's work)
 * over 1,000 and then 10,000 memories of one business, beside the raw SQL of a plain
 * websearch_to_tsquery + ts_rank_cd query for the same text, and the ratio between them.
 * Runs on a fresh in-memory PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set (the
 * tables are filled there: use a scratch database).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../api/db/client';
import { businesses, users } from '../api/db/schema';
import { newId } from '../api/lib/crypto';
import { searchKnowledge } from '../api/services/knowledge';
import { fillSyntheticKnowledge as fill } from './lib/synthetic-knowledge';
import { percentile } from './lib/percentiles';

const RUNS = Number(process.argv[2] ?? 200);
const QUERIES = [
  'what are your opening hours',
  'how much is a boiler service',
  'do you cover Leeds',
  'emergency call out at night',
  '"gas safety certificate"',
  'parking',
];

/** db.execute answers { rows } on node-postgres and on PGlite. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** The plain query: every word (websearch AND), ranked, five results, nothing joined. */
const rawSql = (db: Db, businessId: string, query: string) =>
  db.execute(sql`
    select c.id, ts_rank_cd(c.search, q) as rank
    from knowledge_chunks c, websearch_to_tsquery('english', ${query}) q
    where c.business_id = ${businessId} and c.search @@ q
    order by rank desc limit 5
  `);

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  const { db } = database;
  const userId = newId();
  const businessId = newId();
  await db.insert(users).values({ id: userId, name: 'Bench', email: `bench-${userId}@example.com`, passwordHash: 'x' });
  await db.insert(businesses).values({
    id: businessId,
    name: 'Bench Plumbing',
    email: 'bench@example.com',
    country: 'GB',
    timezone: 'Europe/London',
    createdBy: userId,
  });
  // Another business's knowledge shares the table: the search must skip it cheaply.
  const otherId = newId();
  await db.insert(businesses).values({
    id: otherId,
    name: 'Other',
    email: 'other@example.com',
    country: 'GB',
    timezone: 'Europe/London',
    createdBy: userId,
  });

  console.log(`knowledge search on ${database.kind}, ${RUNS} runs per query (ms)`);
  console.log(
    'The raw query needs every word; when it finds fewer than 5, the search adds any-word matches (a second, broader pass).',
  );
  console.log('memories  query                              search p50  p95    raw p50  p95    ratio p50');
  let filled = 0;
  for (const target of [1000, 10_000]) {
    const started = performance.now();
    await fill(db, businessId, target - filled);
    await fill(db, otherId, (target - filled) / 10);
    filled = target;
    await db.execute(sql`analyze knowledge_chunks`);
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from knowledge_chunks where business_id = ${businessId}`),
    );
    console.log(
      `-- ${target} memories, ${n} chunks (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const query of QUERIES) {
      const hits = await searchKnowledge(db, businessId, query);
      const rawHits = rowsOf(await rawSql(db, businessId, query)).length;
      const ours = await time(() => searchKnowledge(db, businessId, query));
      const raw = await time(() => rawSql(db, businessId, query));
      console.log(
        `${String(target).padEnd(9)} ${query.padEnd(34)} ${ours.p50.toFixed(2).padStart(10)} ${ours.p95.toFixed(2).padStart(6)} ${raw.p50.toFixed(2).padStart(8)} ${raw.p95.toFixed(2).padStart(6)} ${(ours.p50 / raw.p50).toFixed(2).padStart(9)}x  (hits: ${hits.length} / raw ${rawHits})`,
      );
    }
  }
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
