import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client';
import { memories } from '#api/db/schema';
import { loadBusinessContext } from '../assistant/context';
import type { SpeechKnowledge } from './business-corpus';
import { DAYS } from './caller-phrasing';

/**
 * What a business's callers will name, gathered from what the business told us: its name,
 * services and products, the places and people its address and pages mention, the
 * questions it has answered and the lines of its knowledge. The recogniser's language model
 * is built from it (business-language-model.ts).
 */
export type KnowledgeMemory = { type: string; title: string | null; content: string | null; answer?: string | null };
export type KnowledgeSource = {
  name: string;
  assistantName?: string | null;
  address?: string | null;
  services: { name: string; description?: string | null }[];
  products: { name: string }[];
  memories: KnowledgeMemory[];
};

const MEMORIES_MAX = 400;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const NOT_NAMES = new Set([
  ...DAYS,
  ...MONTHS,
  'i',
  'we',
  'our',
  'you',
  'your',
  'the',
  'a',
  'an',
  'and',
  'or',
  'if',
  'for',
  'to',
  'in',
  'on',
  'at',
  'of',
  'all',
  'any',
]);
/** UK-style postcodes and their outward codes (BS8, LS3 1HA): callers say them letter by letter. */
const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?(?:\s?\d[A-Z]{2})?\b/g;

/** Capitalised words and runs of them that do not start a sentence: towns, areas, people, brands. */
export function properNouns(text: string): string[] {
  const found: string[] = [];
  for (const sentence of text.split(/(?<=[.!?:])\s+|\n+|\s+\|\s+/)) {
    const words = sentence.split(/[\s,;()/]+/).map((word) => word.replace(/^[^A-Za-z]+|[^A-Za-z']+$/g, ''));
    let run: string[] = [];
    const flush = () => {
      if (run.length && run.length <= 3) found.push(run.join(' '));
      run = [];
    };
    words.forEach((word, index) => {
      const capitalised = /^[A-Z][a-z]+(?:'[a-z]+)?$/.test(word) && !NOT_NAMES.has(word.toLowerCase());
      if (capitalised && index > 0) run.push(word);
      else flush();
    });
    flush();
  }
  return found;
}

export function speechKnowledge(source: KnowledgeSource): SpeechKnowledge {
  const texts = source.memories.map((memory) =>
    [memory.title, memory.content, memory.answer].filter(Boolean).join('\n'),
  );
  const everything = [
    source.address ?? '',
    ...source.services.map((service) => service.description ?? ''),
    ...texts,
  ].join('\n');
  const count = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  };
  const nouns = count(properNouns(everything));
  const addressParts = (source.address ?? '')
    .split(/,|\n/)
    .map((part) => part.replace(/^\s*\d+[a-z]?\s+/i, '').trim())
    .filter(Boolean);
  const postcodes = count(everything.match(POSTCODE) ?? []);
  return {
    businessName: source.name,
    assistantName: source.assistantName ?? null,
    things: [...source.services.map((service) => service.name), ...source.products.map((product) => product.name)],
    places: [...addressParts, ...postcodes, ...nouns],
    people: nouns,
    questions: source.memories
      .filter((memory) => memory.type === 'answered_question')
      .map((memory) => memory.title ?? memory.content ?? ''),
    lines: source.memories
      .filter((memory) => memory.type !== 'answered_question')
      .flatMap((memory) => [memory.title ?? '', memory.content ?? '']),
  };
}

/** The speech knowledge of a business, read from its record, services, products and most recent memories. */
export async function loadSpeechKnowledge(db: Db, businessId: string): Promise<SpeechKnowledge> {
  const business = await loadBusinessContext(db, businessId);
  const rows = await db
    .select({ type: memories.type, title: memories.title, content: memories.content, answer: memories.answer })
    .from(memories)
    .where(and(eq(memories.businessId, businessId), eq(memories.status, 'active'), isNull(memories.deletedAt)))
    .orderBy(desc(memories.updatedAt), desc(memories.id))
    .limit(MEMORIES_MAX);
  return speechKnowledge({
    name: business.name,
    assistantName: business.settings.assistant.name,
    address: business.address,
    services: business.services.map((service) => ({ name: service.name, description: service.description })),
    products: business.products.map((product) => ({ name: product.name })),
    memories: rows,
  });
}
