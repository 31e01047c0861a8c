import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '#api/db/client';

/**
 * A list page built as JSON by the database: one text per record instead of one row per
 * record that the driver decodes cell by cell (PGlite does that in JavaScript), that drizzle
 * then maps and a serialiser copies into the v1 shape. For a page of 500 contacts that
 * decoding alone cost about as much as the SQL itself.
 *
 * Each record comes as its own text, never the whole page as one: V8 puts a string over
 * 128 kB in its large-object space, a fresh memory mapping for each one, which cost about
 * 1.3 ms of CPU per string here (a 120 kB string: 0.01 ms), and a page of 200 timeline items
 * or 500 contacts is 130-180 kB. The answer's body is written from the pieces (respond.ts).
 */

/** A timestamptz as Date#toISOString writes it (UTC, milliseconds, Z); null stays null. */
export const isoTime = (column: SQL): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A JSON object of `fields`, in their order, as JSON.stringify writes one (no spaces):
 * `row_to_json` of a one-row subquery. It took about 12 % less of the database's CPU than
 * `json_build_object` over a page of 200 timeline items (which also writes `"key" : value`),
 * and the smaller text costs less to send and to parse.
 */
export const jsonObject = (fields: Record<string, SQLWrapper>): SQL =>
  sql`(select row_to_json(o) from (select ${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  )}) o)`;

/** [first, last].filter(Boolean).join(' '), as displayName writes it. */
export const nameOf = (first: SQL, last: SQL): SQL => sql`concat_ws(' ', nullif(${first}, ''), nullif(${last}, ''))`;

/**
 * The list's total beside its page, in the page's own statement. The page (a `page` CTE
 * numbered by `ord`, its position in the whole list) is read with one row more than it
 * holds: when that row does not come the page ends the list, and the total is its offset
 * plus its rows, from the same snapshot, so it is exact; only a full page with more after it,
 * or a page past the end, runs `countAll`, an uncorrelated subquery that the database
 * evaluates only in the branch that needs it. `inPage` keeps the extra row out of the page.
 * `totalRow` is a CTE of one row, `total`, which the statement's select left-joins the page
 * to: an empty page still answers its total, in a row without an item.
 */
export function paged(countAll: SQLWrapper, page: { limit: number; offset: number }) {
  const end = page.offset + page.limit;
  return {
    readLimit: page.limit + 1,
    inPage: sql`page.ord <= ${end}`,
    totalRow: sql`list_total as (select (case when count(*) <= ${page.limit} and (count(*) > 0 or ${page.offset} = 0)
      then ${page.offset} + count(*) else (${countAll}) end)::int as total from page)`,
  };
}

/**
 * A JSON array as the database wrote it: one text per element. A v1 answer over HTTP writes
 * the texts into its body as they are (api/lib/respond.ts): parsing a page of 200 timeline
 * items only to write them out again cost about a millisecond of CPU a call. Whoever needs
 * the values (a handler that adds to each row, the web app's in-process answer, the answer
 * check of tests) parses them, once.
 */
export class JsonRows<T> {
  #parsed: T[] | undefined;
  /** `parsed`, when the caller already holds them, are the texts' values in the same order. */
  constructor(
    readonly texts: readonly string[],
    parsed?: T[],
  ) {
    this.#parsed = parsed;
  }
  parse(): T[] {
    return (this.#parsed ??= this.texts.map((text) => JSON.parse(text) as T));
  }
}

/**
 * Runs `query`, which answers the page's rows in order, each with its JSON text as `item`, and
 * the list's size as `total` on every row; an empty page answers one row whose `item` is null.
 */
export async function readJsonPage<T>(db: Db, query: SQL): Promise<{ rows: JsonRows<T>; total: number }> {
  const result = (await db.execute(query)) as unknown as
    { rows?: { item: string | null; total: number }[] } | { item: string | null; total: number }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  const texts: string[] = [];
  for (const row of rows) if (row.item !== null) texts.push(row.item);
  return { rows: new JsonRows<T>(texts), total: rows.length ? Number(rows[0].total) : 0 };
}
