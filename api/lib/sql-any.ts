import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::text[])`: one bind parameter for a whole list of text values, where
 * `inArray` sends one per value. A page of 500 contacts asks about 500 ids or phones at
 * once, and parsing and binding 500 parameters cost PGlite several times the lookup itself.
 */
export function anyText(column: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
