import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ApiMemory } from '#contract/envelope';
import { messages } from '#contract/messages';
import type { EntityEventKind } from '#contract/realtime';
import {
  MAX_MEMORY_CONTENT_CHARS,
  type MEMORY_STATUSES,
  type MemoryInput,
  type MemoryType,
} from '#contract/schemas/memory';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { memories } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { ApiError, invalid, notFound } from '#api/lib/errors';
import { entityChanged } from '#api/lib/events';
import { indexMemory } from '#api/services/knowledge-index';

/**
 * Memory writes (the knowledge base). The v1 routes, the data loader and the training
 * questions all go through these, so every write re-indexes the memory for search (in the
 * same transaction) and publishes Memory<Kind> with the record after it committed.
 */
export type MemoryDeps = Pick<ApiDeps, 'db' | 'clock' | 'broadcaster'>;
export type MemoryRow = typeof memories.$inferSelect;
type MemoryStatus = (typeof MEMORY_STATUSES)[number];

/** A stored file (already put in storage under `key`). */
export type MemoryFile = { key: string; name: string; mimeType: string; sizeBytes: number };

/** Any status, 'processing' and 'failed' included: the server (the upload reader) may set those; people may not (memoryFields). */
export type NewMemory = Pick<MemoryInput, 'type' | 'content'> & {
  status: MemoryStatus;
  title?: string | null;
  answer?: string | null;
  source_url?: string | null;
  file?: MemoryFile;
  meta?: Record<string, unknown>;
};
/** Only what is given changes; title, answer and source_url null (or '') clear them. */
export type MemoryPatch = {
  type?: MemoryType;
  status?: MemoryStatus;
  content?: string;
  title?: string | null;
  answer?: string | null;
  source_url?: string | null;
  meta?: Record<string, unknown>;
};

const memoryNotFound = () => notFound('The memory');
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
/**
 * NUL cannot be stored in a text column; extracted text sometimes carries it. Every writer
 * (the v1 calls, uploads, the data loader, the assistant, training questions) comes through
 * here, so no content is ever stored longer than a memory holds.
 */
const clean = (text: string) => text.replaceAll('\u0000', '').trim().slice(0, MAX_MEMORY_CONTENT_CHARS);

/** The v1 shape. The file's URL is signed per request by the routes (see memory-files.ts). */
export function serializeMemory(row: MemoryRow, options: { fileUrl?: string | null } = {}): ApiMemory {
  return {
    _id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    content: row.content,
    answer: row.answer,
    source_url: row.sourceUrl,
    file:
      row.fileKey && row.fileName
        ? {
            name: row.fileName,
            mime_type: row.mimeType ?? 'application/octet-stream',
            size_bytes: row.sizeBytes ?? 0,
            url: options.fileUrl ?? null,
          }
        : null,
    meta: row.meta ?? {},
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** A memory of this business; live ones only unless `deleted` says otherwise. */
export async function findMemory(
  db: Db,
  businessId: string,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<MemoryRow | undefined> {
  const [row] = await db
    .select()
    .from(memories)
    .where(
      and(
        eq(memories.id, id),
        eq(memories.businessId, businessId),
        options.deleted ? sql`${memories.deletedAt} is not null` : isNull(memories.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

async function publish(
  deps: MemoryDeps,
  businessId: string,
  kind: EntityEventKind,
  row: MemoryRow,
): Promise<ApiMemory> {
  const memory = serializeMemory(row);
  await entityChanged(deps, businessId, 'Memory', kind, memory);
  return memory;
}

export async function createMemory(
  deps: MemoryDeps,
  businessId: string,
  input: NewMemory,
  options: { actorId?: string | null } = {},
): Promise<ApiMemory> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(memories)
      .values({
        id: newId(),
        businessId,
        type: input.type,
        status: input.status,
        title: blankToNull(input.title),
        content: clean(input.content),
        answer: blankToNull(input.answer),
        sourceUrl: blankToNull(input.source_url),
        fileKey: input.file?.key ?? null,
        fileName: input.file?.name ?? null,
        mimeType: input.file?.mimeType ?? null,
        sizeBytes: input.file?.sizeBytes ?? null,
        meta: input.meta ?? {},
        createdBy: options.actorId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await indexMemory(tx, inserted);
    return inserted;
  });
  return publish(deps, businessId, 'Created', row);
}

export async function updateMemory(
  deps: MemoryDeps,
  businessId: string,
  id: string,
  patch: MemoryPatch,
): Promise<ApiMemory> {
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(memories)
      .set({
        type: patch.type,
        status: patch.status,
        content: patch.content === undefined ? undefined : clean(patch.content),
        title: patch.title === undefined ? undefined : blankToNull(patch.title),
        answer: patch.answer === undefined ? undefined : blankToNull(patch.answer),
        sourceUrl: patch.source_url === undefined ? undefined : blankToNull(patch.source_url),
        meta: patch.meta,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(memories.id, id), eq(memories.businessId, businessId), isNull(memories.deletedAt)))
      .returning();
    if (!updated) throw memoryNotFound();
    // Checked on the memory as saved (a patch may send only the type, or only a blank answer); throwing undoes the update.
    if (updated.type === 'answered_question' && !updated.answer?.trim())
      throw invalid({ answer: [messages.memory.answerRequired] });
    await indexMemory(tx, updated);
    return updated;
  });
  return publish(deps, businessId, 'Updated', row);
}

/**
 * Soft delete: only deleted_at is set, so a restore brings back exactly what was deleted.
 * Its chunks go (search must not quote a deleted memory); its file stays for the restore.
 */
export async function deleteMemory(deps: MemoryDeps, businessId: string, id: string): Promise<ApiMemory> {
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(memories)
      .set({ deletedAt: deps.clock.now() })
      .where(and(eq(memories.id, id), eq(memories.businessId, businessId), isNull(memories.deletedAt)))
      .returning();
    if (!deleted) throw memoryNotFound();
    await indexMemory(tx, deleted);
    return deleted;
  });
  return publish(deps, businessId, 'Deleted', row);
}

/** Undo a delete. Publishes MemoryCreated: a client that dropped the record must add it again. */
export async function restoreMemory(deps: MemoryDeps, businessId: string, id: string): Promise<ApiMemory> {
  const row = await deps.db.transaction(async (tx) => {
    const [restored] = await tx
      .update(memories)
      .set({ deletedAt: null })
      .where(and(eq(memories.id, id), eq(memories.businessId, businessId), sql`${memories.deletedAt} is not null`))
      .returning();
    if (!restored) throw notFound('The deleted memory');
    await indexMemory(tx, restored);
    return restored;
  });
  return publish(deps, businessId, 'Created', row);
}

const QUESTION_TYPES = new Set(['question', 'answered_question', 'ignored_question']);

async function requireQuestion(deps: MemoryDeps, businessId: string, id: string) {
  const row = await findMemory(deps.db, businessId, id);
  if (!row) throw memoryNotFound();
  if (!QUESTION_TYPES.has(row.type)) throw new ApiError(422, ['Only a question can be answered or ignored.']);
  return row;
}

/** Answer a question: it becomes an answered_question, active, and searchable with its answer. */
export async function answerQuestion(
  deps: MemoryDeps,
  businessId: string,
  id: string,
  answer: string,
): Promise<ApiMemory> {
  await requireQuestion(deps, businessId, id);
  return updateMemory(deps, businessId, id, { type: 'answered_question', status: 'active', answer });
}

/** Skip a question: it becomes an ignored_question (kept, so it is not proposed again). */
export async function ignoreQuestion(deps: MemoryDeps, businessId: string, id: string): Promise<ApiMemory> {
  await requireQuestion(deps, businessId, id);
  return updateMemory(deps, businessId, id, { type: 'ignored_question' });
}
