import { describe, expect, it } from 'vitest';
import type { AssistantTools, CapturedDetails, HistoryMessage } from '#api/services/assistant/types';
import { business, product, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * A caller who orders a thing that one of the business's services names better than any of its
 * products ("a cake for our wedding" at a bakery with a *Wedding cake* made to order and a *Cake
 * slice* on the counter) asks for the service: a booking request for the team, with their name
 * and number, never an order of the product that shares one word. A product the caller names in
 * full is still ordered. Made-up businesses, unlike the evaluation's.
 */
const BAKERY = business(
  'Crumb & Co',
  [
    service('Wedding cake', 'From £250', 'A tiered cake made to order for your wedding day, with a tasting first.'),
    service('Bread making class', '£60', 'Three hours in the bakery on a Saturday morning; you take home two loaves.'),
  ],
  [product('Cake slice', '£3.50'), product('Sourdough loaf', '£4.80')],
);

const GARDEN_CENTRE = business(
  'Greenacre Garden Centre',
  [service('Hedge planting', '£18 a metre', 'We plant a new hedge of beech, privet or laurel, bare-root or potted.')],
  [product('Hedge trimmer', '£89', 'A cordless trimmer with a 50 cm blade.'), product('Bag of compost', '£6')],
);

type Made = { title: string; details: CapturedDetails };

/** Each message in turn with the replies in the history; the tasks made and the orders placed. */
async function converse(biz: typeof BAKERY, messages: string[]) {
  const created: Made[] = [];
  const base = tools();
  const kit: AssistantTools & { orders: number } = {
    ...base,
    get orders() {
      return base.orders;
    },
    async createTask(input) {
      created.push({ title: input.title, details: { ...input.details } });
      return { type: 'task_created', note_id: `note-${created.length}`, summary: input.title };
    },
  };
  const history: HistoryMessage[] = [];
  const texts: string[] = [];
  for (const message of messages) {
    const { text } = await run(biz, message, { history: [...history], kit });
    texts.push(text);
    history.push({ role: 'user', content: message }, { role: 'assistant', content: text });
  }
  return { texts, created, orders: kit.orders };
}

describe('a service asked for with the words of ordering is a booking request', () => {
  it.each([
    ["I'd like to order a cake for our wedding in June please", BAKERY],
    ['Can I order a wedding cake for the 14th of March?', BAKERY],
    ["We'd like a wedding cake for Saturday 14 June please", BAKERY],
    ["I'd like to order some hedge planting along our drive next week please", GARDEN_CENTRE],
    ['I want to buy a hedge planting for the front garden', GARDEN_CENTRE],
  ])('%s', async (message, biz) => {
    const { texts, created, orders } = await converse(biz, [message, 'Priya Shah, 07700 900211']);
    expect(texts[0]).not.toMatch(/your order|What would you like to order|for the order/i);
    expect(texts[0]).toMatch(/your name/i);
    expect(created).toHaveLength(1);
    expect(created[0].title).toBe('Booking request from Priya Shah');
    expect(created[0].details).toMatchObject({ name: 'Priya Shah', phone: '07700900211', reason: message });
    expect(orders).toBe(0);
  });
});

describe('a product named in full is still an order', () => {
  it.each([
    ['two cake slices please', BAKERY, /cake slice/i],
    ["I'd like to order a sourdough loaf please", BAKERY, /sourdough loaf/i],
    ["I'd like to order a hedge trimmer please", GARDEN_CENTRE, /hedge trimmer/i],
  ])('%s', async (message, biz, item) => {
    const { texts, created } = await converse(biz, [message]);
    expect(texts[0]).toMatch(/Here's your order/);
    expect(texts[0]).toMatch(item);
    expect(created).toHaveLength(0);
  });
});

describe('a price asked of the service is answered, not booked', () => {
  it("I'd like a cake for our wedding, what do they cost?", async () => {
    const { texts, created, orders } = await converse(BAKERY, ["I'd like a cake for our wedding, what do they cost?"]);
    expect(texts[0]).toContain('£250');
    expect(texts[0]).not.toMatch(/your order|your name/i);
    expect(created).toHaveLength(0);
    expect(orders).toBe(0);
  });
});
