/**
 * A deterministic synthetic knowledge base of a plumbing business (memories with their
 * search chunks), shared by the search and assistant benchmarks so both measure the same.
 */
import type { Db } from '../../api/db/client';
import { knowledgeChunks, memories } from '../../api/db/schema';
import { newId } from '../../api/lib/crypto';
import { memoryChunks } from '../../api/services/knowledge-index';
import { embeddingText, encodeEmbedding } from '../../api/services/knowledge-vectors';

// A deterministic generator, so every run searches the same knowledge base.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
const TOPICS = [
  'boiler',
  'radiator',
  'leak',
  'bathroom',
  'kitchen',
  'shower',
  'drain',
  'tap',
  'toilet',
  'heating',
  'pipe',
  'valve',
  'cylinder',
  'thermostat',
  'gas',
];
const PLACES = ['Leeds', 'Bradford', 'Wakefield', 'York', 'Harrogate', 'Halifax', 'Huddersfield'];
const VERBS = ['repair', 'install', 'service', 'replace', 'check', 'clean', 'upgrade', 'fit'];
const EXTRAS = [
  'opening hours are 8am to 6pm',
  'a call out costs 60 pounds',
  'we offer emergency call outs at night',
  'free parking behind the shop',
  'we issue a gas safety certificate',
  'payment by card or cash',
  'our engineers are Gas Safe registered',
];
function sentence(): string {
  return `We ${pick(VERBS)} ${pick(TOPICS)}s and ${pick(TOPICS)}s in ${pick(PLACES)}${random() < 0.15 ? `; ${pick(EXTRAS)}` : ''}.`;
}
const paragraph = () => Array.from({ length: 3 + Math.floor(random() * 6) }, sentence).join(' ');

export async function fillSyntheticKnowledge(db: Db, businessId: string, count: number) {
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const now = new Date();
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, () => ({
      id: newId(),
      businessId,
      type: pick(['text', 'web_page', 'pdf', 'answered_question']),
      status: 'active',
      title: `${pick(TOPICS)} ${pick(VERBS)} in ${pick(PLACES)}`,
      content: Array.from({ length: 1 + Math.floor(random() * 3) }, paragraph).join('\n\n'),
      answer: random() < 0.2 ? sentence() : null,
      meta: {},
      createdAt: now,
      updatedAt: now,
    }));
    const inserted = await db.insert(memories).values(rows).returning();
    // With their meaning vectors, as indexing writes them.
    const chunks = inserted.flatMap((row) =>
      memoryChunks(row).map((chunk, ordinal) => ({
        id: newId(),
        businessId,
        memoryId: row.id,
        ordinal,
        heading: chunk.heading,
        text: chunk.text,
        embedding: encodeEmbedding(embeddingText(chunk, row.type === 'answered_question')) ?? Buffer.alloc(0),
      })),
    );
    for (let i = 0; i < chunks.length; i += BATCH) await db.insert(knowledgeChunks).values(chunks.slice(i, i + BATCH));
  }
}
