import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOrder } from '#contract/v1/orders';
import { conversationMessages, customers, memories, notifications, orders } from '#api/db/schema';
import { handleGather, handleVoice } from '#api/features/systems/inbound-call';
import { handleSms } from '#api/features/systems/inbound-sms';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { callParams, phoneSystem, randomUkMobile, saidIn, sid, smsItems } from '#tests/support/inbound-fixtures';
import { createMemory } from '#tests/support/memories';
import type { ApiSystem } from '#contract/v1/systems';
import type { SystemRow } from '#api/features/systems/store';

/**
 * Issue 10: the built-in assistant takes an order when the business sells products
 * (`product` memories): it reads the items back (name, quantity, price), asks who the order
 * is for when it does not know, places it only after the customer confirms, as `new` with
 * the channel as source and the conversation linked, and the team is notified.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

async function bakery() {
  const { owner, b, system, row } = await phoneSystem(h);
  const product = (title: string, content: string) =>
    createMemory(h, b, owner.token, { type: 'product', status: 'active', title, content });
  const sourdough = await product('Sourdough loaf', 'Slow-proved white sourdough, baked every morning. £4.50 a loaf.');
  const croissant = await product('Croissant', 'All-butter croissant, £1.20 each.');
  const chocolate = await product('Chocolate croissant', 'A croissant with two bars of dark chocolate. £1.60 each.');
  // Not for sale: an inactive product is never offered.
  await createMemory(h, b, owner.token, {
    type: 'product',
    status: 'inactive',
    title: 'Christmas stollen',
    content: '£12 each.',
  });
  return { owner, b, system, row, sourdough, croissant, chocolate };
}

/** One SMS from the customer; answers the assistant's reply as sent back by SMS. */
async function text(system: ApiSystem, row: SystemRow, b: string, from: string, body: string): Promise<string> {
  await handleSms(h.deps, row, {
    AccountSid: 'ACtest',
    MessageSid: sid('SM'),
    SmsSid: sid('SM'),
    From: from,
    To: system.phone_number!,
    Body: body,
    NumMedia: '0',
  });
  const replies = (await smsItems(h, b))
    .filter((sms) => sms.direction === 'outbound' && sms.to === from)
    .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
  return replies.at(-1)?.body ?? '';
}

const ordersOf = (b: string) => h.deps.db.select().from(orders).where(eq(orders.businessId, b));

describe('the built-in assistant takes an order by SMS', () => {
  it('reads the items back with prices, takes a change, and places the order only after CONFIRM: new, source sms, the conversation linked, the team notified', async () => {
    const { owner, b, system, row, sourdough, croissant } = await bakery();
    const from = randomUkMobile();

    const first = await text(
      system,
      row,
      b,
      from,
      "Hi, I'd like to order 2 sourdough loaves and half a dozen croissants for Saturday morning",
    );
    expect(first).toContain("Here's your order: 2 × Sourdough loaf (£4.50 a loaf) and 6 × Croissant (£1.20 each).");
    expect(first).toContain('Saturday morning');
    // By SMS a bare "yes" is a carrier keyword: the customer is asked to reply CONFIRM.
    expect(first).toContain('Shall I place the order? Reply CONFIRM to go ahead, or tell me what to change.');
    expect(await ordersOf(b)).toHaveLength(0);

    const changed = await text(system, row, b, from, 'Actually make it 3 sourdough loaves please');
    expect(changed).toContain("Here's your order: 3 × Sourdough loaf (£4.50 a loaf) and 6 × Croissant (£1.20 each).");
    expect(await ordersOf(b)).toHaveLength(0);

    const placed = await text(system, row, b, from, 'Confirm');
    expect(placed).toContain("I've placed your order: 3 × Sourdough loaf and 6 × Croissant.");
    expect(placed).toContain('The team will confirm it with you soon.');

    const [order] = await ordersOf(b);
    const inbound = (await smsItems(h, b)).find((sms) => sms.direction === 'inbound' && sms.from === from)!;
    const conversationId = (inbound.details as { conversation_id: string }).conversation_id;
    expect(order).toMatchObject({
      status: 'new',
      source: 'sms',
      conversationId,
      customerId: inbound.customerId,
      createdBy: null,
      notes: 'Wanted: Saturday morning',
      lines: [
        { memory_id: sourdough._id, name: 'Sourdough loaf', quantity: 3, price: '£4.50 a loaf' },
        { memory_id: croissant._id, name: 'Croissant', quantity: 6, price: '£1.20 each' },
      ],
    });

    // The reply records what was done; the orders API shows the same order.
    const [reply] = await h.deps.db
      .select()
      .from(conversationMessages)
      .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'assistant')))
      .then((rows) => rows.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime()));
    expect(reply.actions).toEqual([
      { type: 'order_created', order_id: order.id, summary: 'Order taken: 3 × Sourdough loaf, 6 × Croissant' },
    ]);
    const got = await h.call(`businesses/orders/${b}/get/${order.id}`, {}, owner.token);
    expect(got.status).toBe(200);
    expect(got.body.data.order as ApiOrder).toMatchObject({
      _id: order.id,
      status: 'new',
      source: 'sms',
      conversation_id: conversationId,
      customer_id: inbound.customerId,
    });

    const notices = await h.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.businessId, b), eq(notifications.kind, 'new_order')));
    expect(notices.map((notice) => notice.userId)).toEqual([owner.user.id]);
    expect(notices[0]).toMatchObject({ internalLink: `/dashboard/orders/${order.id}`, customerId: inbound.customerId });

    // The orders table is the record: no `order` memory, so no other caller can ever be told about it.
    expect(
      await h.deps.db
        .select()
        .from(memories)
        .where(and(eq(memories.businessId, b), eq(memories.type, 'order'))),
    ).toHaveLength(0);

    // Saying it again places nothing more: the order is done.
    await text(system, row, b, from, 'Confirm');
    expect(await ordersOf(b)).toHaveLength(1);
  });

  it('a customer who changes their mind places nothing, and a question in the middle is answered without losing the order', async () => {
    const { system, row, b } = await bakery();
    const from = randomUkMobile();
    await text(system, row, b, from, 'Can I order 4 croissants?');
    const answered = await text(system, row, b, from, 'Where are you based?');
    expect(answered).toContain('About your order:');
    expect(answered).toContain('4 × Croissant (£1.20 each)');
    const dropped = await text(system, row, b, from, 'No thanks');
    expect(dropped).toBe("No problem, I haven't placed an order. Is there anything else I can help with?");
    expect(await ordersOf(b)).toHaveLength(0);
  });

  it('names the products when the customer asks how to order, and never offers an inactive one', async () => {
    const { system, row, b } = await bakery();
    const reply = await text(system, row, b, randomUkMobile(), 'How do I place an order?');
    expect(reply).toContain('What would you like to order?');
    expect(reply).toContain(
      'Chocolate croissant (£1.60 each), Croissant (£1.20 each) and Sourdough loaf (£4.50 a loaf)',
    );
    expect(reply).not.toContain('stollen');
  });
});

describe('the built-in assistant takes an order on a call', () => {
  it('reads the order back in words a voice can say, and a spoken yes places it with source call', async () => {
    const { b, row, system, croissant } = await bakery();
    const params = callParams(system, randomUkMobile());
    await handleVoice(h.deps, row, params);
    const asked = await handleGather(h.deps, row, {
      ...params,
      CallStatus: 'in-progress',
      SpeechResult: "I'd like to order two croissants please",
    });
    expect(saidIn(asked)).toContain("Here's your order: two croissants at £1.20 each.");
    expect(saidIn(asked)).toContain('Shall I place the order? Just say yes, or tell me what to change.');
    const placed = await handleGather(h.deps, row, {
      ...params,
      CallStatus: 'in-progress',
      SpeechResult: 'yes please',
    });
    expect(saidIn(placed)).toContain("I've placed your order: two croissants.");
    const [order] = await ordersOf(b);
    expect(order).toMatchObject({
      status: 'new',
      source: 'call',
      lines: [{ memory_id: croissant._id, name: 'Croissant', quantity: 2, price: '£1.20 each' }],
    });
  });
});

describe('the built-in assistant takes an order in a chat', () => {
  it('asks who the order is for, finds or creates the contact by the number given, and places the order after a yes', async () => {
    const { owner, b, chocolate, croissant } = await bakery();
    const created = await h.call(`businesses/conversations/${b}/create`, {}, owner.token);
    const id = created.body.data.conversation.id as string;
    const say = async (message: string) => {
      const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, owner.token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.messages.at(-1) as { content: string; actions: { type: string; order_id?: string }[] };
    };

    const first = await say('Can I order a chocolate croissant and 2 croissants?');
    expect(first.content).toContain(
      "Here's your order: 1 × Chocolate croissant (£1.60 each) and 2 × Croissant (£1.20 each).",
    );
    expect(first.content).toContain('Please send your name and a phone number for the order.');

    const who = await say("I'm Priya Shah, 07700 900456");
    expect(who.content).toContain('For Priya Shah on 07700900456.');
    expect(who.content).toContain('Shall I place the order? Just say yes, or tell me what to change.');
    expect(await ordersOf(b)).toHaveLength(0);

    const done = await say('Yes please');
    expect(done.content).toContain(
      "Thank you, Priya Shah! I've placed your order: 1 × Chocolate croissant and 2 × Croissant.",
    );
    const [order] = await ordersOf(b);
    expect(done.actions).toEqual([expect.objectContaining({ type: 'order_created', order_id: order.id })]);
    expect(order).toMatchObject({
      status: 'new',
      source: 'chat',
      conversationId: id,
      lines: [
        { memory_id: chocolate._id, name: 'Chocolate croissant', quantity: 1, price: '£1.60 each' },
        { memory_id: croissant._id, name: 'Croissant', quantity: 2, price: '£1.20 each' },
      ],
    });
    const [customer] = await h.deps.db.select().from(customers).where(eq(customers.id, order.customerId));
    expect(customer).toMatchObject({ businessId: b, firstName: 'Priya', lastName: 'Shah', phones: ['07700900456'] });
  });

  it('a business without products takes no orders: the words go to the usual answers', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const created = await h.call(`businesses/conversations/${b}/create`, {}, owner.token);
    const result = await h.call(
      `businesses/conversations/${b}/update/${created.body.data.conversation.id}`,
      { message: "I'd like to order 2 sourdough loaves" },
      owner.token,
    );
    expect(result.body.data.messages.at(-1).content).not.toContain('Shall I place the order?');
    expect(await ordersOf(b)).toHaveLength(0);
  });
});
