import { sql } from 'drizzle-orm';
import type { Db } from '#api/db/client';

/**
 * A fingerprint of everything a set of businesses owns: every row of every table with a
 * business_id column (and the businesses themselves), hashed. Equal before and after a
 * refused call proves the refusal changed nothing. Scoped to the given businesses because
 * test files may share one PostgreSQL database and write to it concurrently.
 */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

let tablesCache: Promise<string[]> | undefined;

function businessTables(db: Db): Promise<string[]> {
  tablesCache ??= db
    .execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'business_id' order by table_name`,
    )
    .then((result) => rowsOf<{ table_name: string }>(result).map((row) => row.table_name));
  return tablesCache;
}

export async function businessFingerprint(db: Db, businessIds: string[]): Promise<Record<string, string>> {
  const ids = sql.join(
    businessIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const parts = (await businessTables(db)).map(
    (table) =>
      sql`select ${table} as name, count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as hash from ${sql.identifier(table)} t where t.business_id in (${ids})`,
  );
  parts.push(
    sql`select 'businesses' as name, count(*)::int as rows, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as hash from businesses t where t.id in (${ids})`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  return Object.fromEntries(
    rowsOf<{ name: string; rows: number; hash: string }>(result).map((row) => [row.name, `${row.rows}:${row.hash}`]),
  );
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name]);
}
