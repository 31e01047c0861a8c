import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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

/**
 * The list's total beside its page, in the page's own statement. The page (a `page` CTE
 * numbered by `ord`, its position in the whole list) is read with one row more than it
 * holds: when that row does not come the page ends the list, and the total is its offset
 * plus its rows, from the same snapshot, so it is exact; only a full page with more after it,
 * or a page past the end, runs `countAll`, an uncorrelated subquery that the database
 * evaluates only in the branch that needs it. `rowsOf` keeps the extra row out of the page.
 */
export function paged(countAll: SQLWrapper, page: { limit: number; offset: number }) {
  const end = page.offset + page.limit;
  return {
    readLimit: page.limit + 1,
    rowsOf: sql`filter (where page.ord <= ${end})`,
    total: sql`(case when count(*) <= ${page.limit} and (count(*) > 0 or ${page.offset} = 0)
      then ${page.offset} + count(*) else (${countAll}) end)::int`,
  };
}

/** Runs `query`, which answers one row whose `page` is a JSON array as text and `total` the list's size. */
export async function readJsonPage<T>(db: Db, query: SQL): Promise<{ rows: T[]; total: number }> {
  const result = (await db.execute(query)) as unknown as
    { rows?: { page: string; total: number }[] } | { page: string; total: number }[];
  const [row] = Array.isArray(result) ? result : (result.rows ?? []);
  return row ? { rows: JSON.parse(row.page) as T[], total: Number(row.total) } : { rows: [], total: 0 };
}
