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
