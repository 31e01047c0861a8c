import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS, installParsersOnce } from '#api/db/pglite-parsers';

const things = pgTable('things', {
  id: text('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  day: text('day'),
});

/** Records the options of every query (outside and inside transactions) as it reaches `client`. */
function recording(client: PGlite) {
  const seen: (QueryOptions | undefined)[] = [];
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const recorded = {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => (
      seen.push(options),
      query<T>(text, params, options)
    ),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const inner: Transaction = Object.create(tx);
        inner.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => (
          seen.push(options),
          tx.query<R>(text, params, options)
        );
        return callback(inner);
      }),
  };
  return { seen, recorded };
}

/** Every kind of value drizzle's parsers keep as text, read raw and through columns. */
async function readAll(db: ReturnType<typeof drizzle>) {
  await db
    .insert(things)
    .values({ id: 'a', at: new Date('2026-03-04T05:06:07.089Z'), day: 'x' })
    .onConflictDoNothing();
  const raw = await db.execute(sql`
    select '2026-01-02 03:04:05'::timestamp as ts, '2026-01-02 03:04:05+01'::timestamptz as tstz,
      interval '1 day 2 hours' as iv, date '2026-01-02' as d, array[1.5, 2]::numeric[] as nums,
      array['2026-01-02 03:04:05+00'::timestamptz] as tstzs, array[date '2026-01-02'] as ds,
      array[1, 2] as ints, 12.5::numeric as num, true as b, '{"a":1}'::jsonb as j`);
  const rows = await db.select().from(things);
  const inTransaction = await db.transaction(async (tx) => tx.select().from(things));
  return { raw: raw.rows, rows, inTransaction };
}

describe('PGlite queries made by drizzle', () => {
  // One database for the file (a fresh PGlite takes seconds to open): drizzle as it comes on a
  // view of the client made before the client's own query is made leaner, and drizzle on the
  // leaner client, both recorded where they reach PGlite.
  let client: PGlite;
  let plain: ReturnType<typeof recording> & { db: ReturnType<typeof drizzle> };
  let lean: ReturnType<typeof recording> & { db: ReturnType<typeof drizzle> };
  beforeAll(async () => {
    client = new PGlite();
    await client.query('create table things (id text primary key, at timestamptz not null, day text)');
    const plainRecording = recording(client);
    const plainClient: PGlite = Object.assign(Object.create(client), plainRecording.recorded);
    plain = { ...plainRecording, db: drizzle(plainClient) };
    const leanRecording = recording(client);
    Object.assign(client, leanRecording.recorded);
    lean = { ...leanRecording, db: drizzle(await installParsersOnce(client)) };
  }, 120_000);
  afterAll(() => client?.close());

  it('reach PGlite without per-query parsers, inside transactions too, when the client has them installed', async () => {
    await readAll(lean.db);
    expect(lean.seen.length).toBeGreaterThan(3);
    expect(lean.seen.filter((options) => options?.parsers)).toEqual([]);
  });

  it('read the same values as drizzle with its own per-query parsers', async () => {
    const expected = await readAll(plain.db);
    // drizzle's own queries do carry its parsers: the set this module recognises.
    expect(Object.keys(plain.seen.find((options) => options?.parsers)!.parsers!).sort()).toEqual(
      Object.keys(DRIZZLE_PARSERS).sort(),
    );
    expect(expected.rows[0].at).toEqual(new Date('2026-03-04T05:06:07.089Z'));
    expect(await readAll(lean.db)).toEqual(expected);
  });

  it('keep parsers a caller passes that are not drizzle’s', async () => {
    const own = { 23: (value: string) => `int:${value}` };
    const { rows } = await client.query<{ n: string }>('select 1::int4 as n', [], { parsers: own });
    expect(rows[0].n).toBe('int:1');
    expect(lean.seen.at(-1)?.parsers).toBe(own);
  });
});
