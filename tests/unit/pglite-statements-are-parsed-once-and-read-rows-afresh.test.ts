import { eq, sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client';
import { NAMED_STATEMENTS_KEPT } from '#api/db/pglite-statements';

// A kite shop's stock: a made-up table, created here (no migrations needed).
const kites = pgTable('kites', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  spanCm: integer('span_cm'),
  stunt: boolean('stunt'),
  madeAt: timestamp('made_at', { withTimezone: true, mode: 'date' }),
  colours: jsonb('colours'),
});

/** The rows of a `db.execute` (typed unknown for both drivers). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** How many of the database's named statements have exactly this text. */
async function namedStatements(database: Database, text: string): Promise<number> {
  const result = await database.db.execute(
    sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
  );
  return rowsOf(result)[0].n as number;
}

describe('PGlite statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', migrate: false });
    await database.db.execute(sql`create table kites (
      id text primary key, name text not null, span_cm integer, stunt boolean, made_at timestamptz, colours jsonb)`);
  }, 120_000);
  afterAll(() => database?.close());

  it('are parsed once per text, as a named statement of the database, whatever values each call binds', async () => {
    const { db } = database;
    await db.insert(kites).values([
      { id: 'k1', name: 'Delta' },
      { id: 'k2', name: 'Box' },
    ]);
    const byId = (id: string) => db.select({ name: kites.name }).from(kites).where(eq(kites.id, id));
    expect(await byId('k1')).toEqual([{ name: 'Delta' }]);
    expect(await byId('k2')).toEqual([{ name: 'Box' }]);
    expect(await namedStatements(database, byId('k1').toSQL().sql)).toBe(1);
  });

  it('read the rows afresh on every call: a write in between is seen at once', async () => {
    const { db } = database;
    const named = () => db.select({ name: kites.name }).from(kites).where(eq(kites.id, 'k1'));
    expect(await named()).toEqual([{ name: 'Delta' }]);
    await db.update(kites).set({ name: 'Delta Wing' }).where(eq(kites.id, 'k1'));
    expect(await named()).toEqual([{ name: 'Delta Wing' }]);
    await db.delete(kites).where(eq(kites.id, 'k1'));
    expect(await named()).toEqual([]);
  });

  it('read a column a migration added, and a table dropped and made again, with the same text', async () => {
    const { db } = database;
    await db.execute(sql`create table spools (id text primary key, metres integer)`);
    await db.execute(sql`insert into spools values ('s1', 30)`);
    const all = () => db.execute(sql`select * from spools order by id`).then(rowsOf);
    expect(await all()).toEqual([{ id: 's1', metres: 30 }]);
    await db.execute(sql`alter table spools add column line text not null default 'dyneema'`);
    expect(await all()).toEqual([{ id: 's1', metres: 30, line: 'dyneema' }]);
    await db.execute(sql`drop table spools`);
    await db.execute(sql`create table spools (id text primary key, metres integer)`);
    await db.execute(sql`insert into spools values ('s2', 50)`);
    expect(await all()).toEqual([{ id: 's2', metres: 50 }]);
  });

  it('fail as PGlite fails (the code, the query) and the statement works again after', async () => {
    const { db } = database;
    const add = (id: string) => db.insert(kites).values({ id, name: 'Sled' });
    await add('k3');
    const failure = await add('k3').then(
      () => null,
      (error: Error & { cause?: { code?: string; query?: string } }) => error,
    );
    expect(failure?.cause?.code).toBe('23505');
    expect(failure?.cause?.query).toBe(add('k3').toSQL().sql);
    await add('k4');
    expect(await db.select({ id: kites.id }).from(kites).where(eq(kites.name, 'Sled'))).toEqual([
      { id: 'k3' },
      { id: 'k4' },
    ]);
  });

  it('bind every kind of value as PGlite does in a transaction (its own unnamed statement)', async () => {
    const { db } = database;
    const row = {
      id: 'k5',
      name: 'Diamond “Ü”',
      spanCm: 120,
      stunt: false,
      madeAt: new Date('2026-03-04T05:06:07.089Z'),
      colours: { tail: ['red', 'blue'], n: 2 },
    };
    await db.insert(kites).values(row);
    await db.insert(kites).values({ id: 'k6', name: 'Bare', spanCm: null, stunt: null, madeAt: null, colours: null });
    const read = (tx: typeof db) =>
      tx.execute(sql`select ${'x'}::text as t, ${7}::int as i, ${true}::boolean as b, ${null}::text as nothing,
        ${row.madeAt}::timestamptz as at, ${JSON.stringify(row.colours)}::jsonb as j,
        (select count(*)::int from kites where name = ${row.name}) as found`);
    const named = await read(db);
    const unnamed = await db.transaction((tx) => read(tx as unknown as typeof db));
    expect(rowsOf(named)).toEqual(rowsOf(unnamed));
    expect(await db.select().from(kites).where(eq(kites.id, 'k5'))).toEqual([row]);
    expect(await db.select().from(kites).where(eq(kites.id, 'k6'))).toEqual([
      { id: 'k6', name: 'Bare', spanCm: null, stunt: null, madeAt: null, colours: null },
    ]);
  });

  it(`keep the ${NAMED_STATEMENTS_KEPT} used last and close the rest`, async () => {
    const { db } = database;
    for (let i = 0; i < NAMED_STATEMENTS_KEPT + 25; i++) await db.execute(sql.raw(`select ${i}::int as kite_number`));
    const result = await db.execute(sql`select count(*)::int as n from pg_prepared_statements`);
    expect(rowsOf(result)[0].n).toBeLessThanOrEqual(NAMED_STATEMENTS_KEPT + 1);
    // One closed long ago is prepared again.
    expect(rowsOf(await db.execute(sql.raw(`select 0::int as kite_number`)))).toEqual([{ kite_number: 0 }]);
  });

  it('wait for a transaction: calls made during it never see what it rolled back', async () => {
    const { db } = database;
    const count = () => db.$count(kites, eq(kites.name, 'Ghost'));
    const transaction = db
      .transaction(async (tx) => {
        await tx.insert(kites).values({ id: 'ghost', name: 'Ghost' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        tx.rollback();
      })
      .catch(() => 'rolled back');
    const during = await Promise.all(Array.from({ length: 20 }, count));
    expect(await transaction).toBe('rolled back');
    expect(during).toEqual(Array.from({ length: 20 }, () => 0));
  });
});
