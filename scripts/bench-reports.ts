/**
 * `npm run bench:reports [runs]`: seeds 100,000 timeline items (calls, SMS, forms, tasks),
 * 5,000 contacts and 2,000 questions for one business (plus a second business's 20,000 items
 * beside it) in a fresh in-memory PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set,
 * then times the v1 report call (businesses/reports/{id}/get through the real app: auth,
 * membership, validation, every query, the envelope) beside the raw aggregate SQL alone,
 * for the 7, 30 and 90-day periods: p50/p95 over N runs each.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApiApp } from '../api/app';
import { openDatabase } from '../api/db/client';
import { createDirectory } from '../api/services/directory';
import { createMailer } from '../api/services/mailer';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { reportStatements, resolvePeriod, type ReportPeriodKey } from '../api/features/reports/service';
import { createSandboxTelephony } from '../api/services/telephony/sandbox';
import { percentile } from './lib/percentiles';

const RUNS = Number(process.argv[2] ?? 30);
const ITEMS = 100_000;

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Inserts `count` timeline items spread over the last 120 days for a business, in one statement. */
function seedItems(businessId: string, count: number, prefix: string) {
  return sql`
    insert into timeline_items (id, business_id, type, direction, status, details, reminder, completed_at, sort_at, created_at, updated_at)
    select ${prefix} || g, ${businessId},
      (array['call','call','call','sms','sms','form','note'])[1 + g % 7],
      case when g % 7 = 6 then null when g % 5 = 0 then 'outbound' else 'inbound' end,
      (array['completed','completed','missed_call','voicemail','completed'])[1 + g % 5],
      case when g % 11 = 0 then '{"transferred_to":"+442071234000"}'::jsonb else '{}'::jsonb end,
      case when g % 7 = 6 then t + interval '2 days' end,
      case when g % 7 = 6 and g % 3 = 0 then t + interval '1 day' end,
      t, t, t
    from (select g, now() - (random() * interval '120 days') as t from generate_series(1, ${count}) as g) s`;
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  const { db } = database;
  const clock = { now: () => new Date() };
  const app = createApiApp({
    db,
    env: { APP_ENV: 'test' },
    mailer: createMailer({ db, from: 'bench@localhost' }),
    telephony: createSandboxTelephony(db),
    directory: createDirectory(undefined),
    broadcaster: createRecordingBroadcaster(),
    clock,
    version: '0.0.0-bench',
  });
  const call = async (path: string, body: unknown, token?: string) => {
    const response = await app.fetch(
      new Request(`http://bench.local/api/v1/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields of the envelope
    const json = (await response.json()) as { data?: Record<string, any>; errors?: string[] };
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json.errors)}`);
    return json.data ?? {};
  };
  const stamp = Date.now().toString(36);
  const signedUp = await call('users/create', {
    name: 'Bench Owner',
    email: `bench-${stamp}@example.com`,
    password: 'bench password 1',
  });
  const token = signedUp.token as string;
  const business = (
    await call(
      'businesses/create',
      {
        name: `Bench Reports ${stamp}`,
        email: `biz-${stamp}@example.com`,
        country: 'GB',
        telephones: ['+442071234567'],
      },
      token,
    )
  ).business;
  const other = (
    await call(
      'businesses/create',
      {
        name: `Bench Other ${stamp}`,
        email: `other-${stamp}@example.com`,
        country: 'GB',
        telephones: ['+442071234568'],
      },
      token,
    )
  ).business;
  const businessId = business._id as string;
  await db.execute(
    sql`update businesses set timezone = 'Europe/London' where id in (${businessId}, ${other._id as string})`,
  );

  let started = performance.now();
  await db.execute(seedItems(businessId, ITEMS, `bench-${stamp}-`));
  await db.execute(seedItems(other._id as string, ITEMS / 5, `other-${stamp}-`));
  await db.execute(sql`
    insert into customers (id, business_id, first_name, status, created_at, updated_at)
    select ${`c-${stamp}-`} || g, ${businessId}, 'Bench', 'lead', t, t
    from (select g, now() - (random() * interval '120 days') as t from generate_series(1, 5000) g) s`);
  await db.execute(sql`
    insert into memories (id, business_id, type, status, content, created_at, updated_at)
    select ${`m-${stamp}-`} || g, ${businessId}, (array['question','answered_question','ignored_question'])[1 + g % 3], 'active', 'Do you work weekends?', t, t
    from (select g, now() - (random() * interval '120 days') as t from generate_series(1, 2000) g) s`);
  await db.execute(sql`analyze`);
  console.log(
    `Seeded ${ITEMS.toLocaleString('en-GB')} timeline items (+${(ITEMS / 5).toLocaleString('en-GB')} for another business), 5,000 contacts, 2,000 questions in ${Math.round(performance.now() - started)} ms on ${database.kind}.`,
  );

  const header = ['period', 'v1 call p50', 'v1 call p95', 'raw SQL p50', 'raw SQL p95', 'overhead p50'];
  const lines: string[][] = [];
  const perStatement: string[] = [];
  for (const period of ['7', '30', '90'] as ReportPeriodKey[]) {
    const resolved = resolvePeriod({ period }, 'Europe/London', clock.now());
    const ce = new Date(Date.parse(`${resolved.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const statements = reportStatements(businessId, {
      ps: resolved.previous_from,
      cs: resolved.from,
      ce,
      tz: 'Europe/London',
      now: clock.now().toISOString(),
    });
    const first = await call(`businesses/reports/${businessId}/get`, { period }, token);
    const calls = first.report.calls.current;
    started = performance.now();
    const api = await time(() => call(`businesses/reports/${businessId}/get`, { period }, token));
    const raw = await time(() => Promise.all(Object.values(statements).map((statement) => db.execute(statement))));
    if (period === '90') {
      for (const [name, statement] of Object.entries(statements)) {
        const one = await time(() => db.execute(statement));
        perStatement.push(`  ${name.padEnd(9)} p50 ${ms(one.p50)}  p95 ${ms(one.p95)}`);
      }
    }
    lines.push([
      `${period} days (${calls.inbound} inbound calls)`,
      ms(api.p50),
      ms(api.p95),
      ms(raw.p50),
      ms(raw.p95),
      `${(api.p50 / raw.p50).toFixed(2)}×`,
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${RUNS} runs each (after 5 warm-up runs):\n${row(header)}\n${lines.map(row).join('\n')}`);

  console.log(`\nEach raw statement alone (90 days):\n${perStatement.join('\n')}`);
  const plan = (await db.execute(
    sql`explain ${reportStatements(businessId, { ps: '2000-01-01', cs: '2000-01-02', ce: '2000-01-03', tz: 'Europe/London', now: new Date().toISOString() }).timeline}`,
  )) as unknown as { rows: Array<Record<string, string>> };
  console.log(`\nPlan of the timeline aggregate:\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
  await database.close();
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
