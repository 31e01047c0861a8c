import { eq } from 'drizzle-orm';
import { frequencyLabel, type FrequencyUnit } from '#contract/schemas/service';
import type { Db } from '../db/client';
import { knowledgeChunks, type memories, type services } from '../db/schema';
import { newId } from '../lib/crypto';
import { vocabularyOf } from './extract/hyphenation';
import { readParagraphLines } from './extract/plain-lines';
import { embeddingText, encodeEmbedding, forgetBusinessVectors } from './knowledge-vectors';

/**
 * Keeps knowledge_chunks in step with memories and services: every write of one calls
 * indexMemory / indexService, which replaces its chunks. The database computes each chunk's
 * tsvector (a generated column), so search never sees a stale text. Pass the transaction
 * of the write when there is one, so the record and its chunks change together.
 */
export type Chunk = { heading: string | null; text: string };

const DEFAULT_MAX_CHARS = 1200;
const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;

/**
 * A sentence ends at ".", "!" or "?" (and any closing quote or bracket) followed by a space and
 * a capital, a figure or an opening quote, or at a line break (list items, table rows). Not a
 * regular expression's split nor Intl.Segmenter: V8's sentence segmenter takes quadratic time
 * (seconds on a 200,000-character memory).
 */
const SENTENCE_END = /[.!?]+["'’”)\]]*[ \t]+(?=["'‘“([]?[\p{Lu}\d£$€])|\n/gu;
/** Abbreviations a sentence does not end on ("Dr. Patel", "approx. 20 minutes"), and initials ("J. Smith"). */
const ABBREVIATION = /(?:^|[\s(])(?:mr|mrs|ms|dr|st|no|nr|approx|incl|excl|etc|vs|e\.g|i\.e|tel|ext|\p{Lu})\.$/iu;

/** The sentences of a paragraph, each with the spaces after it (so joining them gives the paragraph back). */
function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of paragraph.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (
      match[0] !== '\n' &&
      ABBREVIATION.test(paragraph.slice(Math.max(start, match.index - 12), match.index + match[0].trimEnd().length))
    )
      continue;
    sentences.push(paragraph.slice(start, end));
    start = end;
  }
  if (start < paragraph.length) sentences.push(paragraph.slice(start));
  return sentences;
}

/** Split a too-long paragraph at sentence ends, then (a sentence longer than a chunk) at spaces, then anywhere. */
function splitLong(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  const pieces: string[] = [];
  let current = '';
  for (const sentence of sentencesOf(paragraph)) {
    if (sentence.length > maxChars) {
      if (current.trim()) pieces.push(current.trim());
      current = '';
      let rest = sentence;
      while (rest.length > maxChars) {
        const cut = rest.lastIndexOf(' ', maxChars);
        const at = cut > maxChars / 2 ? cut : maxChars;
        pieces.push(rest.slice(0, at).trim());
        rest = rest.slice(at);
      }
      current = rest;
    } else if ((current + sentence).length > maxChars) {
      if (current.trim()) pieces.push(current.trim());
      current = sentence;
    } else {
      current += sentence;
    }
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}

/**
 * Searchable pieces of a text, one section at a time: paragraphs gathered up to maxChars,
 * never across a heading (a Markdown heading, as the PDF, Word and HTML extractors write
 * them, or a short unpunctuated line standing before its paragraph in line-broken text), and
 * split only at sentence ends. Each chunk carries the heading it sits under, which search
 * weighs above the body; a heading is never a chunk's text, and a short section stays whole.
 * Text stored with hard line breaks (PDFs read before reflow) is joined into sentences here,
 * so re-indexing such a memory gives whole sentences.
 */
export function chunkText(text: string, options: { maxChars?: number } = {}): Chunk[] {
  const maxChars = Math.max(100, options.maxChars ?? DEFAULT_MAX_CHARS);
  const chunks: Chunk[] = [];
  let heading: string | null = null;
  let buffer: string[] = [];
  let size = 0;
  const flush = () => {
    if (buffer.length) chunks.push({ heading, text: buffer.join('\n\n') });
    buffer = [];
    size = 0;
  };
  const normalised = text.replace(/\r\n?/g, '\n');
  let vocabulary: Set<string> | undefined;
  const words = () => (vocabulary ??= vocabularyOf(normalised));
  const startSection = (title: string) => {
    flush();
    heading = title.slice(0, 300);
  };
  const add = (paragraph: string) => {
    for (const piece of splitLong(paragraph, maxChars)) {
      if (size && size + piece.length + 2 > maxChars) flush();
      buffer.push(piece);
      size += piece.length + 2;
    }
  };
  for (const raw of normalised.split(/\n\s*\n/)) {
    let body: string[] = [];
    // Lines kept from a hard-wrapped source are read as sentences and headings first.
    const emit = () => {
      let lines: string[] = [];
      for (const line of readParagraphLines(body, words)) {
        if ('heading' in line) {
          if (lines.length) add(lines.join('\n'));
          lines = [];
          startSection(line.heading);
        } else lines.push(line.text);
      }
      if (lines.length) add(lines.join('\n'));
      body = [];
    };
    for (const line of raw.split('\n')) {
      const match = HEADING.exec(line.trim());
      if (match) {
        emit();
        startSection(match[1]);
      } else {
        body.push(line);
      }
    }
    emit();
  }
  flush();
  return chunks;
}

type MemoryRow = typeof memories.$inferSelect;
type ServiceRow = typeof services.$inferSelect;

/** Questions nobody answered (or that were ignored) are not knowledge. */
const UNSEARCHABLE_TYPES = new Set(['question', 'ignored_question']);

/** The chunks a memory contributes to search: none unless it is live, active and not an open question. */
export function memoryChunks(memory: MemoryRow): Chunk[] {
  if (memory.deletedAt || memory.status !== 'active' || UNSEARCHABLE_TYPES.has(memory.type)) return [];
  if (memory.type === 'answered_question') {
    const question = (memory.title?.trim() || memory.content.trim()).slice(0, 300);
    const answer = memory.answer?.trim() ?? '';
    return chunkText(`${memory.content.trim()}\n\n${answer}`).map((chunk) => ({
      heading: chunk.heading ?? question,
      text: chunk.text,
    }));
  }
  const title = memory.title?.trim() || null;
  return chunkText(memory.content).map((chunk) => ({ heading: chunk.heading ?? title, text: chunk.text }));
}

const frequencyText = (count: number, unit: FrequencyUnit) =>
  count === 0
    ? 'One-off service.'
    : unit === 'day' && count === 7
      ? 'Repeats every week.'
      : `Repeats ${frequencyLabel(count, unit).toLowerCase()}.`;

/** What a service contributes: one chunk naming it, with its description, price and frequency. */
export function serviceChunks(service: ServiceRow): Chunk[] {
  if (service.deletedAt || service.status !== 'active') return [];
  const parts = [
    `${service.name}.`,
    service.description?.trim(),
    service.price?.trim() ? `Price: ${service.price.trim()}.` : null,
    frequencyText(service.frequency, service.frequencyUnit),
  ].filter(Boolean);
  return chunkText(parts.join('\n\n')).map((chunk) => ({ heading: service.name, text: chunk.text }));
}

const BATCH = 200;

async function replaceChunks(
  db: Db,
  owner: { memoryId?: string; serviceId?: string; answeredQuestion?: boolean },
  businessId: string,
  chunks: Chunk[],
) {
  const column = owner.memoryId ? knowledgeChunks.memoryId : knowledgeChunks.serviceId;
  const id = (owner.memoryId ?? owner.serviceId)!;
  await db.delete(knowledgeChunks).where(eq(column, id));
  const rows = chunks.map((chunk, ordinal) => ({
    id: newId(),
    businessId,
    memoryId: owner.memoryId ?? null,
    serviceId: owner.serviceId ?? null,
    ordinal,
    heading: chunk.heading,
    // NUL cannot be stored in a text column (some PDFs carry it).
    text: chunk.text.replaceAll('\u0000', ''),
    // Empty when no word is known, so the lazy backfill does not try it again.
    embedding: encodeEmbedding(embeddingText(chunk, owner.answeredQuestion ?? false)) ?? Buffer.alloc(0),
  }));
  for (let start = 0; start < rows.length; start += BATCH)
    await db.insert(knowledgeChunks).values(rows.slice(start, start + BATCH));
  forgetBusinessVectors(businessId);
}

/** Replace the memory's chunks (none when deleted, not 'active', or an unanswered/ignored question). */
export async function indexMemory(db: Db, memory: MemoryRow): Promise<void> {
  await replaceChunks(
    db,
    { memoryId: memory.id, answeredQuestion: memory.type === 'answered_question' },
    memory.businessId,
    memoryChunks(memory),
  );
}

/** Replace the service's chunks (none when deleted or inactive). */
export async function indexService(db: Db, service: ServiceRow): Promise<void> {
  await replaceChunks(db, { serviceId: service.id }, service.businessId, serviceChunks(service));
}
