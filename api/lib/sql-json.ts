import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#api/db/client';

/**
 * A list page built as JSON by the database: one text value for the whole page instead of
 * one row per record that the driver decodes cell by cell (PGlite does that in JavaScript),
 * that drizzle then maps and a serialiser copies into the v1 shape. For a page of 500 contacts
 * that decoding alone cost about as much as the SQL itself. The page is parsed once, so the
 * answer is written by JSON.stringify as before: the same values give the same bytes.
 */

/** A timestamptz as Date#toISOString writes it (UTC, milliseconds, Z); null stays null. */
export const isoTime = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** [first, last].filter(Boolean).join(' '), as displayName writes it. */
export const nameOf = (first: SQL, last: SQL): SQL => sql`concat_ws(' ', nullif(${first}, ''), nullif(${last}, ''))`;

/** Runs `query`, which answers one row whose `page` is a JSON array as text; answers it parsed. */
export async function readJsonPage<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: { page: string }[] } | { page: string }[];
  const [row] = Array.isArray(result) ? result : (result.rows ?? []);
  return row ? (JSON.parse(row.page) as T[]) : [];
}
