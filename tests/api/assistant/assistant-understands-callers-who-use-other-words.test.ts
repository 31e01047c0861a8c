import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '#api/services/assistant/builtin/index';
import { loadBusinessContext } from '#api/services/assistant/context';
import { createAssistantTools } from '#api/services/assistant/tools';
import { createMemory } from '#api/features/memories/service';
import { createRecordingBroadcaster } from '#api/services/realtime';
import { createService } from '#api/features/services/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { insertBusinessDirectly } from '#tests/support/direct-business';

/**
 * The built-in assistant on a florist that has nothing to do with the evaluation's
 * businesses: callers who do not use the owner's words still get the owner's answer (a
 * paraphrase of an answered question or of an FAQ's question, a passage that shares no
 * word with the question), a product is said whole, and a question about something the
 * data does not say is passed on rather than answered with a near miss.
 */
let h: Harness;
let businessId: string;
const now = new Date('2026-06-10T10:00:00Z');

beforeAll(async () => {
  h = await createHarness();
  const deps = { db: h.deps.db, clock: { now: () => now }, broadcaster: createRecordingBroadcaster() };
  businessId = await insertBusinessDirectly(h, {
    owner: 'Ada Lark',
    name: 'Juniper & Fern',
    email: 'hello@juniperfern.example',
    telephones: ['+441632960123'],
  });
  await createService(deps, businessId, {
    name: 'Wedding flowers',
    status: 'active',
    frequency: 0,
    price: 'From £600',
    description: 'Bridal bouquets, buttonholes and table arrangements.',
  });
  const memory = (
    type: 'answered_question' | 'product' | 'text',
    title: string,
    content: string,
    answer: string | null = null,
  ) => createMemory(deps, businessId, { type, status: 'active', title, content, answer, source_url: null });
  await memory(
    'answered_question',
    'Do you offer flower subscriptions?',
    'Do you offer flower subscriptions?',
    'Yes, a seasonal bouquet every week or every month from £30, delivered to your door.',
  );
  await memory('product', 'Peony bouquet', 'Seasonal pink peonies wrapped in brown paper. £45 each.');
  await memory(
    'text',
    'Shop policies',
    'Dogs on a lead are welcome in the shop.\n\nWe wrap every bouquet in recycled paper.',
  );
  await memory(
    'text',
    'FAQ',
    '## Frequently asked questions\n\n**Q: What happens to the flowers you do not sell?**\nA: Anything left at the end of the day goes to the hospice on Mill Lane.\n\n**Q: Do you sell pot plants?**\nA: Yes, we keep a small range of houseplants from £12.',
  );
});
afterAll(() => h.close());

async function ask(message: string) {
  const deps = { db: h.deps.db, clock: { now: () => now }, broadcaster: createRecordingBroadcaster() };
  const tools = createAssistantTools(deps, { businessId, conversationId: null, customerId: null, channel: 'chat' });
  const business = await loadBusinessContext(h.deps.db, businessId);
  let text = '';
  let escalated = false;
  for await (const event of createBuiltinProvider().reply(
    { business, channel: 'chat', history: [], message, customer: null, now },
    tools,
  )) {
    if (event.type === 'text') text += event.text;
    if (event.type === 'action' && event.action.type === 'question_recorded') escalated = true;
  }
  return { text, escalated: escalated || /not sure/i.test(text) };
}

describe('the assistant understands callers who use other words', () => {
  it('gives the owner answer to a paraphrase of an answered question', async () => {
    for (const paraphrase of [
      'Can I sign up for a flower subscription for my sister?',
      'Is there a monthly flower subscription?',
    ]) {
      const reply = await ask(paraphrase);
      expect(reply.text, paraphrase).toContain('£30');
      expect(reply.escalated, paraphrase).toBe(false);
    }
  });

  it('answers from an FAQ whose question is put in other words', async () => {
    const reply = await ask('What do you do with the flowers you have left over?');
    expect(reply.text).toContain('hospice');
  });

  it('finds a passage that shares no word with the question', async () => {
    const tools = createAssistantTools(
      { db: h.deps.db, clock: { now: () => now }, broadcaster: createRecordingBroadcaster() },
      { businessId, conversationId: null, customerId: null, channel: 'chat' },
    );
    const hits = await tools.searchKnowledge('Can I come in with my puppy?', 5);
    expect(hits.map((hit) => hit.text).join('\n')).toContain('Dogs on a lead are welcome');
  });

  it('says a product whole, by its name and with its price, never a fragment of it', async () => {
    const reply = await ask('Do you do peonies?');
    expect(reply.text).toMatch(/peony bouquet/i);
    expect(reply.text).toContain('£45');
  });

  it('passes on a question whose telling word the data never says, instead of a near miss', async () => {
    for (const question of ['Are the peony bouquets scented?', 'Do you sell flower seeds?']) {
      const reply = await ask(question);
      expect(reply.escalated, `${question} → ${reply.text}`).toBe(true);
      expect(reply.text, question).not.toContain('£45');
    }
  });
});
