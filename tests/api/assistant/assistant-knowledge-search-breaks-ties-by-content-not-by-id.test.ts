import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { searchKnowledge } from '#api/services/knowledge';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createMemory } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/**
 * Passages that score the same come back in one order whatever their ids (which are random,
 * so an order by id changes each time the knowledge is written): products before other
 * text, then by title and text. Two businesses hold the same passages with their ids in
 * opposite orders.
 */
async function business(reverse: boolean) {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const content = 'We sell gift vouchers for any amount, posted or collected from the shop.';
  const titles = ['Alpha notes', 'Beta notes', 'Gamma notes'];
  for (const title of titles) await createMemory(h, b, owner.token, { title, content });
  const rows = (await h.deps.db.execute(
    sql`select c.id, m.title from knowledge_chunks c join memories m on m.id = c.memory_id where c.business_id = ${b}`,
  )) as unknown as { rows: { id: string; title: string }[] };
  const ordered = [...rows.rows].sort((x, y) => x.title.localeCompare(y.title));
  if (reverse) ordered.reverse();
  for (const [index, row] of ordered.entries())
    await h.deps.db.execute(sql`update knowledge_chunks set id = ${`${b}-${index}`} where id = ${row.id}`);
  return b;
}

describe('knowledge search ties', () => {
  it('orders equal-score passages by content, not by their random ids', async () => {
    const first = await business(false);
    const second = await business(true);
    for (const semantic of [false, true]) {
      const titles = async (b: string) =>
        (await searchKnowledge(h.deps.db, b, 'gift vouchers', { limit: 3, semantic })).map((hit) => hit.source.title);
      expect(await titles(first)).toEqual(['Alpha notes', 'Beta notes', 'Gamma notes']);
      expect(await titles(second)).toEqual(['Alpha notes', 'Beta notes', 'Gamma notes']);
      // A cut inside a tie keeps the same passage.
      const one = async (b: string) =>
        (await searchKnowledge(h.deps.db, b, 'gift vouchers', { limit: 1, semantic }))[0]?.source.title;
      expect(await one(first)).toBe('Alpha notes');
      expect(await one(second)).toBe('Alpha notes');
    }
  });
});
