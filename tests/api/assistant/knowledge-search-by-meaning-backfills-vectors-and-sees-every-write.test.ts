import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, memories } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { searchKnowledge } from '#api/services/knowledge';
import { createMemory, deleteMemory } from '#api/features/memories/service';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { insertBusinessDirectly } from '#tests/support/direct-business';

/**
 * The assistant's search by meaning: chunks written without a vector (before the column
 * existed, or by a bulk load) get one when their business is searched, and a write shows
 * in the next search (the in-process vector cache never hides a new or deleted chunk).
 */
let h: Harness;
let businessId: string;
const deps = () => ({ db: h.deps.db, clock: { now: () => new Date() }, broadcaster: createRecordingBroadcaster() });

beforeAll(async () => {
  h = await createHarness();
  businessId = await insertBusinessDirectly(h, {
    owner: 'Sam Reed',
    name: 'Reed Bikes',
    email: 'shop@reedbikes.example',
    telephones: [],
  });
});
afterAll(() => h.close());

describe('knowledge search by meaning', () => {
  it('gives chunks written without a vector one when their business is searched, and finds them by meaning', async () => {
    const memoryId = newId();
    const now = new Date();
    await h.deps.db.insert(memories).values({
      id: memoryId,
      businessId,
      type: 'text',
      status: 'active',
      title: 'Hire',
      content: 'x',
      meta: {},
      createdAt: now,
      updatedAt: now,
    });
    await h.deps.db.insert(knowledgeChunks).values({
      id: newId(),
      businessId,
      memoryId,
      ordinal: 0,
      heading: 'Hire',
      text: 'Electric bicycles can be rented by the day or the week.',
    });
    const hits = await searchKnowledge(h.deps.db, businessId, 'Could I borrow an e-bike for a weekend?', {
      semantic: true,
    });
    expect(hits.map((hit) => hit.source._id)).toContain(memoryId);
    const missing = await h.deps.db.select().from(knowledgeChunks).where(isNull(knowledgeChunks.embedding));
    expect(missing.filter((row) => row.businessId === businessId)).toEqual([]);
  });

  it('sees a memory added or deleted by the very next search', async () => {
    // No word in common: only the meaning vectors can find it.
    const question = 'Can my kids come along?';
    const before = await searchKnowledge(h.deps.db, businessId, question, { semantic: true });
    const memory = await createMemory(deps(), businessId, {
      type: 'text',
      status: 'active',
      title: 'Families',
      content: 'Children are welcome with an adult.',
      answer: null,
      source_url: null,
    });
    const added = await searchKnowledge(h.deps.db, businessId, question, { semantic: true });
    expect(before.map((hit) => hit.source._id)).not.toContain(memory._id);
    expect(added.map((hit) => hit.source._id)).toContain(memory._id);
    await deleteMemory(deps(), businessId, memory._id);
    const removed = await searchKnowledge(h.deps.db, businessId, question, { semantic: true });
    expect(removed.map((hit) => hit.source._id)).not.toContain(memory._id);
    const [row] = await h.deps.db.select().from(memories).where(eq(memories.id, memory._id));
    expect(row.deletedAt).not.toBeNull();
  });
});
