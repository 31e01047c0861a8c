import { sql } from 'drizzle-orm';
import type { ApiKnowledgeHit } from '#contract/envelope';
import type { Db } from '../db/client';
import { lemmas } from './language/lemma';
import { contentWords, sentenceVector } from './language/vectors';
import { embeddingSimilarity, nearestChunks } from './knowledge-vectors';

/**
 * Knowledge search over one business's memories and services (knowledge_chunks), for the
 * assistant, the training questions and the search call.
 *
 * A caller's question rarely has every one of its words in one passage, so a plain query
 * (no operators) matches passages with ANY of its words, and those holding ALL of them
 * (websearch_to_tsquery's AND) come first; within each group ts_rank_cd orders them (the
 * heading weighs more than the body: weights A and B). A query with websearch operators
 * ("a phrase", -word, or) is taken as written: only what it matches.
 */
export type SearchOptions = {
  limit?: number;
  /**
   * Hybrid search (the assistant's): the any-word pass also takes the words' lemmas
   * ("brought" finds "bring"), chunks near the question in meaning are recalled even when
   * they share no word with it, and the candidates are ordered by meaning and words
   * together (below). Off for the v1 search call, which finds exactly the words asked.
   */
  semantic?: boolean;
};

const OPERATORS = /"|(^|\s)-\S|\bor\b/i;

/** db.execute answers { rows } on node-postgres and on PGlite; accept a bare array too. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

type HitRow = {
  id: string;
  heading: string | null;
  text: string;
  memory_id: string | null;
  service_id: string | null;
  memory_type: string | null;
  memory_title: string | null;
  service_name: string | null;
  score: number | string;
  ordinal?: number | string | null;
  embedding?: Uint8Array | null;
};

/**
 * Passages that score the same are ordered by what they are, never by their ids (random, so
 * an order by id would change the answer each time the knowledge is written): the business's
 * structured facts first (services, products, answered questions), then its own text, files
 * and web pages; then by title, place in the document and text.
 */
const PRIORITY_SQL = sql`case when c.service_id is not null then 0 when m.type = 'product' then 1
  when m.type = 'answered_question' then 2 when m.type = 'text' then 3 when m.type in ('pdf', 'file', 'image') then 4 else 5 end`;
const TIE_BREAK_SQL = sql`${PRIORITY_SQL}, coalesce(s.name, m.title, '') collate "C", c.ordinal, c.text collate "C", c.id`;
const PRIORITY: Record<string, number> = { product: 1, answered_question: 2, text: 3, pdf: 4, file: 4, image: 4 };
const priorityOf = (row: HitRow) => (row.service_id ? 0 : (PRIORITY[row.memory_type ?? ''] ?? 5));
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
function compareTies(a: HitRow, b: HitRow): number {
  return (
    priorityOf(a) - priorityOf(b) ||
    byCode(a.service_name ?? a.memory_title ?? '', b.service_name ?? b.memory_title ?? '') ||
    Number(a.ordinal ?? 0) - Number(b.ordinal ?? 0) ||
    byCode(a.text, b.text) ||
    byCode(a.id, b.id)
  );
}

/**
 * The OR of the query's stemmed words, built as a tsquery literal from to_tsvector's
 * lexemes (each quoted, so no lexeme is read as an operator).
 */
const anyWordQuery = (query: string) => sql`(
  select coalesce(
    string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery,
    websearch_to_tsquery('english', ${query})
  ) from unnest(tsvector_to_array(to_tsvector('english', ${query}))) as lexeme
)`;

type Match = 'every_word' | 'any_word';

/** One pass: chunks matching `match`, scored (1 + rank for every-word matches, so they sort first). */
async function searchPass(
  db: Db,
  businessId: string,
  text: string,
  match: Match,
  strict: boolean,
  limit: number,
  anyWords = text,
): Promise<HitRow[]> {
  const result = await db.execute(sql`
    with q as (
      select websearch_to_tsquery('english', ${text}) as every_word,
             ${strict || match === 'every_word' ? sql`websearch_to_tsquery('english', ${text})` : anyWordQuery(anyWords)} as any_word
    )
    select c.id, c.heading, c.text, c.memory_id, c.service_id, c.embedding, c.ordinal,
           m.type as memory_type, m.title as memory_title, s.name as service_name,
           ${match === 'every_word' ? sql`1 + ts_rank_cd(c.search, q.every_word, 32)` : sql`ts_rank_cd(c.search, q.any_word, 32)`} as score
    from knowledge_chunks c
    cross join q
    left join memories m on m.id = c.memory_id
    left join services s on s.id = c.service_id
    where c.business_id = ${businessId}
      and ${match === 'every_word' ? sql`c.search @@ q.every_word` : sql`c.search @@ q.any_word and not (c.search @@ q.every_word)`}
      and (c.memory_id is null or (m.deleted_at is null and m.status = 'active'))
      and (c.service_id is null or (s.deleted_at is null and s.status = 'active'))
    order by score desc, ${TIE_BREAK_SQL}
    limit ${limit}
  `);
  return rowsOf<HitRow>(result);
}

/**
 * Two passes, so the common case stays cheap: the every-word query is selective (GIN
 * intersection); the any-word one, which may match most of a large knowledge base, runs
 * only when the first found fewer than `limit` passages.
 */
export async function searchKnowledge(
  db: Db,
  businessId: string,
  query: string,
  options: SearchOptions = {},
): Promise<ApiKnowledgeHit[]> {
  const text = query.trim().slice(0, 500);
  if (!text) return [];
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? 5)), 50);
  const strict = OPERATORS.test(text);
  if (options.semantic && !strict) return (await hybridSearch(db, businessId, text, limit)).map(toHit);
  const rows = await searchPass(db, businessId, text, 'every_word', strict, limit);
  if (!strict && rows.length < limit)
    rows.push(...(await searchPass(db, businessId, text, 'any_word', strict, limit - rows.length)));
  return rows.map(toHit);
}

function toHit(row: HitRow): ApiKnowledgeHit {
  return {
    source: row.memory_id
      ? { kind: 'memory', _id: row.memory_id, type: row.memory_type ?? 'text', title: row.memory_title }
      : { kind: 'service', _id: row.service_id!, type: 'service', title: row.service_name },
    text: row.text,
    heading: row.heading,
    rank: Math.round(Number(row.score) * 1e6) / 1e6,
  };
}

/** Candidates per pass, as a multiple of the limit: enough for the fusion below to reorder. */
const CANDIDATES = 3;
/** Below this a chunk is not near the question in meaning (unrelated passages of one business score ~0.2-0.4). */
const NEAR_FLOOR = 0.45;
/** Reciprocal rank fusion's damping (the usual 60 suits lists of thousands; ours are short). */
const FUSION_K = 10;

/** The question's words with their other base forms ("brought" → "bring", "left" → "leave"). */
function withLemmas(text: string): string {
  const extra = new Set<string>();
  for (const word of contentWords(text)) for (const base of lemmas(word)) if (base !== word) extra.add(base);
  return extra.size ? `${text} ${[...extra].join(' ')}` : text;
}

/**
 * Words and meaning together: the full-text passes (every word, then any word or lemma)
 * and the chunks nearest in meaning are merged by reciprocal rank fusion, so a passage that
 * both holds the words and means the same comes first, and one that only means the same
 * ("can't eat gluten" → "gluten-free loaves") is still among the candidates.
 */
async function hybridSearch(db: Db, businessId: string, text: string, limit: number): Promise<HitRow[]> {
  const pool = limit * CANDIDATES;
  const lexical = await searchPass(db, businessId, text, 'every_word', false, pool);
  if (lexical.length < pool)
    lexical.push(
      ...(await searchPass(db, businessId, text, 'any_word', false, pool - lexical.length, withLemmas(text))),
    );
  const query = sentenceVector(text);
  if (!query) return lexical.slice(0, limit);
  const near = await nearestChunks(db, businessId, query, pool, NEAR_FLOOR);
  const byId = new Map(lexical.map((row) => [row.id, row]));
  const missing = near.filter((hit) => !byId.has(hit.id)).map((hit) => hit.id);
  for (const row of await chunksById(db, businessId, missing)) byId.set(row.id, { ...row, score: 0 });
  const fused = new Map<string, number>();
  lexical.forEach((row, index) => fused.set(row.id, 1 / (FUSION_K + index)));
  [...byId.values()]
    .map((row) => ({ id: row.id, row, similarity: embeddingSimilarity(query, row.embedding) }))
    .sort((a, b) => b.similarity - a.similarity || compareTies(a.row, b.row))
    .forEach((entry, index) => {
      if (entry.similarity >= NEAR_FLOOR || fused.has(entry.id))
        fused.set(entry.id, (fused.get(entry.id) ?? 0) + 1 / (FUSION_K + index));
    });
  return [...fused.entries()]
    .sort((a, b) => b[1] - a[1] || compareTies(byId.get(a[0])!, byId.get(b[0])!))
    .slice(0, limit)
    .map(([id, score]) => ({ ...byId.get(id)!, score }));
}

/** Chunks by id, with the same liveness rules as the full-text passes. */
async function chunksById(db: Db, businessId: string, ids: string[]): Promise<(HitRow & { id: string })[]> {
  if (!ids.length) return [];
  const result = await db.execute(sql`
    select c.id, c.heading, c.text, c.memory_id, c.service_id, c.embedding, c.ordinal,
           m.type as memory_type, m.title as memory_title, s.name as service_name, 0 as score
    from knowledge_chunks c
    left join memories m on m.id = c.memory_id
    left join services s on s.id = c.service_id
    where c.business_id = ${businessId}
      and c.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      and (c.memory_id is null or (m.deleted_at is null and m.status = 'active'))
      and (c.service_id is null or (s.deleted_at is null and s.status = 'active'))
  `);
  return rowsOf<HitRow & { id: string }>(result);
}
