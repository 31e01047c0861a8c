import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

it('runs on PostgreSQL in the postgres project and on PGlite otherwise, with the migrations applied', async () => {
  const pgUrl = inject('testPgUrl');
  expect(h.database.kind).toBe(pgUrl ? 'postgres' : 'pglite');
  if (pgUrl) {
    const result = await h.database.db.execute(sql`select current_database() as name`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as { name: string }[];
    expect(rows[0].name).toMatch(/^ba_test_\d+_[0-9a-f]+$/);
  }
  const tables = await h.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  const names = (
    (tables as { rows?: { table_name: string }[] }).rows ?? (tables as unknown as { table_name: string }[])
  ).map((row) => row.table_name);
  expect(names).toEqual(
    expect.arrayContaining(['users', 'tokens', 'verification_codes', 'businesses', 'business_users', 'outbox']),
  );
});
