import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customers, notifications, orders } from '#api/db/schema';
import { waitForReplies } from '#api/services/assistant/turns';
import { handleSms } from '#api/features/systems/inbound-sms';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile, sid, smsItems } from '#tests/support/inbound-fixtures';
import { createMemory } from '#tests/support/memories';
import { createOpenAiMock } from '#tests/support/openai-mock';

/**
 * Issue 10, the openai-compatible provider: a business that sells products gets them in the
 * system prompt and a `take_order` tool; the model reads the order back, and only its call
 * with confirmed true places it (source = the channel, the conversation linked). Wrong calls
 * (not confirmed, an unknown product, an unknown customer without a number) place nothing
 * and tell the model why.
 */
const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);

let h: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ assistantModel: { baseUrl: BASE, model: 'test-model' } });
});
afterEach(async () => {
  await waitForReplies(h.deps);
  model.reset();
});
afterAll(async () => {
  await h.close();
  server.close();
});

async function shop() {
  const { owner, b, system, row } = await phoneSystem(h);
  await h.call(`businesses/settings/${b}/set`, { assistant: { provider: 'openai-compatible' } }, owner.token);
  const honey = await createMemory(h, b, owner.token, {
    type: 'product',
    status: 'active',
    title: 'Wildflower honey 340g',
    content: 'Raw honey from our own hives. £7.50 a jar.',
  });
  const candle = await createMemory(h, b, owner.token, {
    type: 'product',
    status: 'active',
    title: 'Beeswax candle',
    content: 'Hand-rolled pillar candle, £9 each.',
  });
  return { owner, b, system, row, honey, candle };
}

async function chat(owner: { token: string }, b: string) {
  const created = await h.call(`businesses/conversations/${b}/create`, {}, owner.token);
  const id = created.body.data.conversation.id as string;
  return async (message: string) => {
    const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return {
      id,
      reply: result.body.data.messages.at(-1) as {
        content: string;
        actions: { type: string; order_id?: string }[];
        sources: { _id: string; type: string }[];
      },
    };
  };
}

const ordersOf = (b: string) => h.deps.db.select().from(orders).where(eq(orders.businessId, b));
const toolResult = (index: number) =>
  JSON.parse(model.requests[index].messages.filter((message) => message.role === 'tool').at(-1)!.content!);

describe('the model takes an order with the take_order tool', () => {
  it('sees the products and the ordering rule, and its confirmed call places the order for the contact it names', async () => {
    const { owner, b, honey, candle } = await shop();
    const say = await chat(owner, b);

    model.enqueue({
      text: "That's 2 × Wildflower honey 340g at £7.50 a jar [p2] and 1 × Beeswax candle at £9 [p1]. What name and number shall I put it under?",
    });
    const first = await say("I'd like two jars of honey and a candle");
    expect(first.reply.content).toBe(
      "That's 2 × Wildflower honey 340g at £7.50 a jar and 1 × Beeswax candle at £9. What name and number shall I put it under?",
    );
    const request = model.requests[0];
    expect(request.tools?.map((tool) => tool.function.name)).toContain('take_order');
    // Products sorted by name: the candle is p1, the honey p2.
    expect(request.system).toContain('[p1] Beeswax candle — £9 each');
    expect(request.system).toContain('[p2] Wildflower honey 340g — £7.50 a jar');
    expect(request.system).toContain('Only after they say yes, call take_order with confirmed true');
    expect(first.reply.sources.map((source) => source._id).sort()).toEqual([candle._id, honey._id].sort());
    expect(await ordersOf(b)).toHaveLength(0);

    model.enqueue({ text: 'Thanks Tom. Shall I place the order?' });
    await say('Tom Reed, 07700 900789');

    model.enqueue(
      {
        toolCalls: [
          {
            name: 'take_order',
            arguments: {
              items: [
                { product: 'p2', quantity: 2 },
                { product: 'Beeswax candle', quantity: 1 },
              ],
              name: 'Tom Reed',
              phone: '07700 900789',
              notes: 'Collect Friday',
              confirmed: true,
            },
          },
        ],
      },
      { text: 'Done: your order is placed and the team will confirm it.' },
    );
    const placed = await say('Yes, go ahead');
    expect(placed.reply.content).toBe('Done: your order is placed and the team will confirm it.');
    const [order] = await ordersOf(b);
    expect(placed.reply.actions).toEqual([
      {
        type: 'order_created',
        order_id: order.id,
        summary: 'Order taken: 2 × Wildflower honey 340g, 1 × Beeswax candle',
      },
    ]);
    expect(order).toMatchObject({
      status: 'new',
      source: 'chat',
      conversationId: placed.id,
      notes: 'Collect Friday',
      lines: [
        { memory_id: honey._id, name: 'Wildflower honey 340g', quantity: 2, price: '£7.50 a jar' },
        { memory_id: candle._id, name: 'Beeswax candle', quantity: 1, price: '£9 each' },
      ],
    });
    const [customer] = await h.deps.db.select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer).toMatchObject({ firstName: 'Tom', lastName: 'Reed', phones: ['07700900789'] });
    expect(toolResult(model.requests.length - 1)).toMatchObject({ placed: true });
    const notices = await h.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.businessId, b), eq(notifications.kind, 'new_order')));
    expect(notices).toHaveLength(1);
  });

  it('places nothing when the call is not confirmed, names an unknown product, or has no number for an unknown customer, and tells the model why', async () => {
    const { owner, b } = await shop();
    const say = await chat(owner, b);
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'take_order',
            arguments: { items: [{ product: 'p1', quantity: 1 }], name: 'Ann', phone: '07700900111', confirmed: false },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'take_order',
            arguments: {
              items: [{ product: 'Royal jelly', quantity: 1 }],
              name: 'Ann',
              phone: '07700900111',
              confirmed: true,
            },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'take_order', arguments: { items: [{ product: 'p1', quantity: 1 }], name: 'Ann', confirmed: true } },
        ],
      },
      { text: 'Could I take your phone number?' },
    );
    await say('One candle please, I am Ann');
    expect(toolResult(1).error).toBe(
      'Not placed: read the order back to the customer and ask them to confirm it first.',
    );
    expect(toolResult(2).error).toBe(
      'Not placed: Royal jelly is not one of the products. The products are: p1 Beeswax candle; p2 Wildflower honey 340g.',
    );
    expect(toolResult(3).error).toBe(
      "Not placed: ask for the customer's name and phone number, then call take_order again with them.",
    );
    expect(await ordersOf(b)).toHaveLength(0);
  });

  it('by SMS the caller is the customer: no name or number is asked for, and the order says sms', async () => {
    const { b, system, row, candle } = await shop();
    const from = randomUkMobile();
    model.enqueue(
      { toolCalls: [{ name: 'take_order', arguments: { items: [{ product: 'p1', quantity: 3 }], confirmed: true } }] },
      { text: 'Your order for 3 candles is placed.' },
    );
    await handleSms(h.deps, row, {
      AccountSid: 'ACtest',
      MessageSid: sid('SM'),
      SmsSid: sid('SM'),
      From: from,
      To: system.phone_number!,
      Body: 'Yes please, 3 candles as we said',
      NumMedia: '0',
    });
    expect(model.requests[0].system).not.toContain('ask for their name and phone number');
    const inbound = (await smsItems(h, b)).find((sms) => sms.direction === 'inbound' && sms.from === from)!;
    const [order] = await ordersOf(b);
    expect(order).toMatchObject({
      source: 'sms',
      customerId: inbound.customerId,
      conversationId: (inbound.details as { conversation_id: string }).conversation_id,
      lines: [{ memory_id: candle._id, quantity: 3 }],
    });
    const reply = (await smsItems(h, b)).find((sms) => sms.direction === 'outbound' && sms.to === from)!;
    expect(reply.body).toBe('Your order for 3 candles is placed.');
  });

  it('a business without products is offered no take_order tool', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    await h.call(`businesses/settings/${b}/set`, { assistant: { provider: 'openai-compatible' } }, owner.token);
    const say = await chat(owner, b);
    model.enqueue({ text: 'We do not sell anything online.' });
    await say("I'd like to order something");
    expect(model.requests[0].tools?.map((tool) => tool.function.name)).not.toContain('take_order');
    expect(model.requests[0].system).not.toContain('Products');
  });
});
