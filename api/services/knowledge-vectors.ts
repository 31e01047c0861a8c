import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DIMENSIONS as TABLE_DIMENSIONS } from './language/word-table';

import { sentenceVector } from './language/vectors';

// A module-local copy for the loops over every chunk: run from TypeScript (tsx, vitest) an imported
// binding is a getter call on each read.
const DIMENSIONS: number = TABLE_DIMENSIONS;

/**
 * Recall by meaning over knowledge_chunks. Each chunk stores what it means as a unit
 * sentence vector quantised to 100 signed bytes (`embedding`, bytea: no database extension,
 * so PostgreSQL and PGlite behave the same). An answered question stores its question's
 * vector, so a caller's paraphrase of it finds it.
 *
 * Nearest chunks are found in process: a business's vectors are read once into a matrix
 * (~100 bytes a chunk: 30,000 chunks are 3 MB) and scanned per question (~1 ms for 10,000
 * chunks). A checksum of the business's chunk ids tells when the matrix is stale (any write
 * replaces a record's chunks with new ids), so every server instance sees every change; it
 * is asked at most every CHECK_EVERY_MS while this instance wrote nothing to the business
 * (a write here checks at once), as it reads every chunk row of the business. Chunks written before vectors existed (or by bulk
 * loads) get theirs when their business's matrix is next read.
 */
const SCALE = 127;

/** A text's meaning vector as stored, or null when it has no known word. */
export function encodeEmbedding(text: string): Buffer | null {
  const vector = sentenceVector(text);
  if (!vector) return null;
  const bytes = Buffer.alloc(DIMENSIONS);
  for (let d = 0; d < DIMENSIONS; d += 1)
    bytes.writeInt8(Math.max(-SCALE, Math.min(SCALE, Math.round(vector[d] * SCALE))), d);
  return bytes;
}

/** The text a chunk's vector is made of: an answered question's question, otherwise the heading and the text. */
export function embeddingText(chunk: { heading: string | null; text: string }, answeredQuestion: boolean): string {
  if (answeredQuestion) return chunk.heading ?? chunk.text;
  return `${chunk.heading ?? ''}\n${chunk.text}`;
}

/** Cosine of a query vector and a stored embedding (both unit length, up to quantisation). */
export function embeddingSimilarity(query: Float32Array, embedding: Uint8Array | null | undefined): number {
  if (!embedding || embedding.length !== DIMENSIONS) return 0;
  const signed = new Int8Array(embedding.buffer, embedding.byteOffset, DIMENSIONS);
  let dot = 0;
  for (let d = 0; d < DIMENSIONS; d += 1) dot += query[d] * signed[d];
  return dot / SCALE;
}

type BusinessVectors = { checksum: string; checkedAt: number; ids: string[]; matrix: Int8Array };

const CHECK_EVERY_MS = 2_000;

/** This instance changed the business's chunks: the next search re-reads its checksum. */
export function forgetBusinessVectors(businessId: string): void {
  const known = cache.get(businessId);
  if (known) known.checkedAt = 0;
}

const cache = new Map<string, BusinessVectors>();
const CACHED_BUSINESSES = 64;

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function checksumOf(db: Db, businessId: string): Promise<string> {
  const [row] = rowsOf<{ count: number | string; hash: number | string | null; missing: number | string }>(
    await db.execute(sql`
      select count(*) as count, sum(hashtext(id)::bigint) as hash, count(*) filter (where embedding is null) as missing
      from knowledge_chunks where business_id = ${businessId}
    `),
  );
  return `${row?.count ?? 0}:${row?.hash ?? 0}:${row?.missing ?? 0}`;
}

const BACKFILL_BATCH = 200;

/** Computes the vectors a business's chunks lack (rows written by older code or bulk loads). */
export async function backfillEmbeddings(db: Db, businessId: string): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = rowsOf<{ id: string; heading: string | null; text: string; memory_type: string | null }>(
      await db.execute(sql`
        select c.id, c.heading, c.text, m.type as memory_type
        from knowledge_chunks c left join memories m on m.id = c.memory_id
        where c.business_id = ${businessId} and c.embedding is null
        limit ${BACKFILL_BATCH}
      `),
    );
    if (!rows.length) return filled;
    // A chunk with no known word gets an empty vector, so it is not read again and again.
    const values = rows.map(
      (row) =>
        sql`(${row.id}, ${encodeEmbedding(embeddingText(row, row.memory_type === 'answered_question')) ?? Buffer.alloc(0)}::bytea)`,
    );
    await db.execute(sql`
      update knowledge_chunks as c set embedding = v.embedding
      from (values ${sql.join(values, sql`, `)}) as v(id, embedding)
      where c.id = v.id and c.embedding is null
    `);
    filled += rows.length;
  }
}

async function businessVectors(db: Db, businessId: string): Promise<BusinessVectors> {
  const known = cache.get(businessId);
  if (known && Date.now() - known.checkedAt < CHECK_EVERY_MS) return known;
  let checksum = await checksumOf(db, businessId);
  if (known && known.checksum === checksum) {
    known.checkedAt = Date.now();
    return known;
  }
  if (!checksum.endsWith(':0')) {
    await backfillEmbeddings(db, businessId);
    checksum = await checksumOf(db, businessId);
  }
  // In text order, so chunks equally near a question are chosen the same way every time (ids are random).
  const rows = rowsOf<{ id: string; embedding: Uint8Array | null }>(
    await db.execute(
      sql`select id, embedding from knowledge_chunks where business_id = ${businessId} and octet_length(embedding) = ${DIMENSIONS} order by text collate "C", id`,
    ),
  );
  const matrix = new Int8Array(rows.length * DIMENSIONS);
  rows.forEach((row, index) =>
    matrix.set(new Int8Array(row.embedding!.buffer, row.embedding!.byteOffset, DIMENSIONS), index * DIMENSIONS),
  );
  const loaded = { checksum, checkedAt: Date.now(), ids: rows.map((row) => row.id), matrix };
  cache.delete(businessId);
  if (cache.size >= CACHED_BUSINESSES) cache.delete(cache.keys().next().value!);
  cache.set(businessId, loaded);
  return loaded;
}

export type NearChunk = { id: string; similarity: number };

/** The business's `count` chunks nearest in meaning to a query vector, at least `floor` alike. */
export async function nearestChunks(
  db: Db,
  businessId: string,
  query: Float32Array,
  count: number,
  floor: number,
): Promise<NearChunk[]> {
  const { ids, matrix } = await businessVectors(db, businessId);
  const best: NearChunk[] = [];
  for (let row = 0; row < ids.length; row += 1) {
    const offset = row * DIMENSIONS;
    let dot = 0;
    for (let d = 0; d < DIMENSIONS; d += 1) dot += query[d] * matrix[offset + d];
    const similarity = dot / SCALE;
    if (similarity < floor || (best.length === count && similarity <= best[count - 1].similarity)) continue;
    best.push({ id: ids[row], similarity });
    best.sort((a, b) => b.similarity - a.similarity);
    if (best.length > count) best.pop();
  }
  return best;
}
