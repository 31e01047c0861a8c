import { and, asc, desc, gte, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListFilters } from '#contract/schemas/list';

/**
 * The generic list filters in docs/product.md#entities turned into SQL pieces: paging (page from 0),
 * ordering by an allowed column (anything else falls back to the entity's default: spec
 * docs/product.md#limits), and a created_at range.
 */
export function listQuery<C extends Record<string, AnyColumn | SQL>>(
  filters: ListFilters,
  options: { sortable: C; defaultSort: keyof C & string; createdAt: AnyColumn; tieBreaker: AnyColumn },
) {
  const key = filters.sort_by && filters.sort_by in options.sortable ? filters.sort_by : options.defaultSort;
  const column = options.sortable[key];
  const direction = filters.sort_order === 'asc' ? asc : desc;
  const conditions: SQL[] = [];
  if (filters.created_at?.from) conditions.push(gte(options.createdAt, new Date(filters.created_at.from)));
  if (filters.created_at?.to) conditions.push(lte(options.createdAt, new Date(filters.created_at.to)));
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: [direction(column), direction(options.tieBreaker)],
    limit: filters.limit,
    offset: filters.page * filters.limit,
    page: filters.page,
    sortBy: key,
  };
}

/**
 * A page of rows and the list's total, counted only when the page cannot tell it: the rows
 * are read with one more than the page holds, so a page that ends the list (the usual case:
 * a business's whole contact list fits the 500 of one page) gives the total as its offset
 * plus its rows, from the same snapshot. Only a full page with more after it, or a page past
 * the end, runs the count query.
 */
export async function pageAndTotal<T>(
  query: { limit: number; offset: number },
  readRows: (limit: number) => Promise<T[]>,
  countRows: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const rows = await readRows(query.limit + 1);
  if (rows.length <= query.limit && (rows.length > 0 || query.offset === 0))
    return { rows, total: query.offset + rows.length };
  return { rows: rows.slice(0, query.limit), total: await countRows() };
}
