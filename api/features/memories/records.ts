import { and, count, eq, getTableColumns, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiMemory } from '#contract/envelope';
import type { ListFilters } from '#contract/schemas/list';
import { MEMORY_PREVIEW_CHARS, MEMORY_TYPES, memoryPreview, type MemoryType } from '#contract/schemas/memory';
import type { Db } from '#api/db/client';
import { memories } from '#api/db/schema';
import { listQuery } from '#api/lib/list';
import type { MemoryRow } from './service';

/** Reading memories: the list (with per-type counts for the tabs) and the open questions. */
export type MemoryListFilters = ListFilters & { type?: MemoryType | MemoryType[]; status?: string; search?: string };

/** Escape LIKE wildcards so a search for "50%" means the text 50%. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const sortable = {
  created_at: memories.createdAt,
  updated_at: memories.updatedAt,
  title: memories.title,
  type: memories.type,
  status: memories.status,
};

function searchCondition(search: string): SQL | undefined {
  const pattern = likePattern(search);
  return or(
    ilike(memories.title, pattern),
    ilike(memories.content, pattern),
    ilike(memories.answer, pattern),
    ilike(memories.sourceUrl, pattern),
  );
}

/**
 * A list carries the start of each content, never the whole (a page of 500 memories of
 * 200,000 characters each would be 100 MB): the database answers only that much, and the
 * memory's own call answers it whole.
 */
const listedColumns = {
  ...getTableColumns(memories),
  content: sql<string>`left(${memories.content}, ${MEMORY_PREVIEW_CHARS + 1})`,
};

/**
 * A page of the business's live memories, newest first by default. `counts` holds every
 * type's number under the same status and search filters but whatever the type filter,
 * so each tab can show how many it would list.
 */
export async function listMemories(
  db: Db,
  businessId: string,
  filters: MemoryListFilters,
  serialize: (row: MemoryRow) => ApiMemory,
): Promise<{ memories: ApiMemory[]; total: number; page: number; limit: number; counts: Record<MemoryType, number> }> {
  const query = listQuery(filters, {
    sortable,
    defaultSort: 'created_at',
    createdAt: memories.createdAt,
    tieBreaker: memories.id,
  });
  const types = filters.type === undefined ? [] : Array.isArray(filters.type) ? filters.type : [filters.type];
  const shared = and(
    eq(memories.businessId, businessId),
    isNull(memories.deletedAt),
    query.where,
    filters.status ? eq(memories.status, filters.status) : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
  );
  const where = and(shared, types.length ? inArray(memories.type, types) : undefined);
  const [rows, [{ total }], perType] = await Promise.all([
    db
      .select(listedColumns)
      .from(memories)
      .where(where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(memories).where(where),
    db.select({ type: memories.type, n: count() }).from(memories).where(shared).groupBy(memories.type),
  ]);
  const counts = Object.fromEntries(MEMORY_TYPES.map((type) => [type, 0])) as Record<MemoryType, number>;
  for (const row of perType) if (row.type in counts) counts[row.type as MemoryType] = Number(row.n);
  return {
    memories: rows.map((row) => serialize({ ...row, content: memoryPreview(row.content) })),
    total: Number(total),
    page: query.page,
    limit: query.limit,
    counts,
  };
}

/** The questions still waiting for an answer (type 'question'), newest first by default. */
export async function listQuestions(
  db: Db,
  businessId: string,
  filters: ListFilters & { search?: string },
  serialize: (row: MemoryRow) => ApiMemory,
) {
  const {
    memories: questions,
    total,
    page,
    limit,
  } = await listMemories(
    db,
    businessId,
    { ...filters, sort_by: filters.sort_by ?? 'created_at', sort_order: filters.sort_order, type: 'question' },
    serialize,
  );
  return { questions, total, page, limit };
}
