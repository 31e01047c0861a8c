import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOrder } from '#contract/v1/orders';
import { notifications } from '#api/db/schema';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { createMemory } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/orders/${businessId}/${action}`;
const eventsFor = (id: string) => h.events.filter((event) => event.payload.id === id);
const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** The keys of contract/schemas/order.ts ApiOrder: the API answers exactly these. */
const ORDER_KEYS = [
  '_id',
  'cancelled_at',
  'confirmed_at',
  'conversation_id',
  'created_at',
  'customer',
  'customer_id',
  'deleted_at',
  'fulfilled_at',
  'lines',
  'notes',
  'source',
  'status',
  'updated_at',
];

type Owner = Awaited<ReturnType<Harness['signUpWithBusiness']>>;

async function setup() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const customer = await createCustomer(h, b, owner.token, {
    first_name: 'Nora',
    last_name: 'Baker',
    phones: [],
    emails: [],
  });
  return { owner, b, customer };
}

async function create(owner: Owner, body: Record<string, unknown>): Promise<ApiOrder> {
  const result = await h.call(path(owner.business._id, 'create'), body, owner.token);
  if (result.status !== 200) throw new Error(`order create failed: ${JSON.stringify(result.body)}`);
  return result.body.data.order;
}

describe('businesses/orders/{business_id}/create', () => {
  it("creates an order and answers data.order in the ApiOrder shape with 'Order created.'", async () => {
    const { owner, b, customer } = await setup();
    const loaf = await createMemory(h, b, owner.token, {
      type: 'product',
      title: 'Sourdough loaf',
      content: 'Sourdough loaf, £4.50',
      status: 'active',
    });
    const result = await h.call(
      path(b, 'create'),
      {
        customer_id: customer._id,
        status: 'new',
        lines: [
          { memory_id: loaf._id, name: ' Sourdough loaf ', quantity: '2', price: '£4.50' },
          { name: 'Birthday candles', quantity: 1 },
        ],
        notes: '  Collect on Saturday ',
      },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Order created.']);
    expect(Object.keys(result.body.data)).toEqual(['order']);
    const order = result.body.data.order as ApiOrder;
    expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
    expect(order).toEqual({
      _id: expect.any(String),
      customer_id: customer._id,
      customer: { _id: customer._id, name: 'Nora Baker' },
      status: 'new',
      lines: [
        { memory_id: loaf._id, name: 'Sourdough loaf', quantity: 2, price: '£4.50' },
        { memory_id: null, name: 'Birthday candles', quantity: 1, price: null },
      ],
      notes: 'Collect on Saturday',
      source: 'manual',
      conversation_id: null,
      confirmed_at: null,
      fulfilled_at: null,
      cancelled_at: null,
      created_at: isoDate,
      updated_at: isoDate,
      deleted_at: null,
    });
  });

  it('accepts `customer` (an id or { _id }) for customer_id; lines and notes are optional', async () => {
    const { owner, customer } = await setup();
    expect(await create(owner, { customer: customer._id, status: 'new' })).toMatchObject({
      customer_id: customer._id,
      lines: [],
      notes: null,
    });
    expect(await create(owner, { customer: { _id: customer._id }, status: 'confirmed' })).toMatchObject({
      customer_id: customer._id,
      status: 'confirmed',
      confirmed_at: isoDate,
    });
  });

  it("refuses a missing customer or status with the spec's messages", async () => {
    const { owner, b, customer } = await setup();
    expectFieldError(
      await h.call(path(b, 'create'), { status: 'new' }, owner.token),
      'customer_id',
      'Customer is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { customer_id: '  ', status: 'new' }, owner.token),
      'customer_id',
      'Customer is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { customer_id: customer._id }, owner.token),
      'status',
      'Order status is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { customer_id: customer._id, status: 'shipped' }, owner.token),
      'status',
      'Order status is required.',
    );
    const both = await h.call(path(b, 'create'), {}, owner.token);
    expectFailureEnvelope(both, 422);
    expect(both.body.errors).toEqual(expect.arrayContaining(['Customer is required.', 'Order status is required.']));
  });

  it("refuses a customer of another business, a deleted or unknown one: customer_id 'Customer not found.'", async () => {
    const { owner, b } = await setup();
    const other = await setup();
    const gone = await createCustomer(h, b, owner.token);
    await h.call(`businesses/customers/${b}/delete/${gone._id}`, undefined, owner.token);
    for (const id of [other.customer._id, gone._id, 'nobody']) {
      expectFieldError(
        await h.call(path(b, 'create'), { customer_id: id, status: 'new' }, owner.token),
        'customer_id',
        'Customer not found.',
      );
    }
    expect((await h.call(path(b, 'list'), {}, owner.token)).body.data.total).toBe(0);
  });

  it('refuses lines without a product name, with a bad quantity, or naming a product that is not one of this business’s product memories', async () => {
    const { owner, b, customer } = await setup();
    const other = await setup();
    const theirs = await createMemory(h, other.b, other.owner.token, {
      type: 'product',
      title: 'Rye',
      content: 'Rye bread',
      status: 'active',
    });
    const note = await createMemory(h, b, owner.token, { type: 'text', content: 'We open at nine.', status: 'active' });
    const base = { customer_id: customer._id, status: 'new' };
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, lines: [{ name: '', quantity: 1 }] }, owner.token),
      'lines[0].name',
      'Each order line needs a product name.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, lines: [{ name: 'Rye', quantity: 0 }] }, owner.token),
      'lines[0].quantity',
      'Quantity must be a whole number of at least 1.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, lines: [{ name: 'Rye', quantity: 1.5 }] }, owner.token),
      'lines[0].quantity',
      'Quantity must be a whole number of at least 1.',
    );
    expectFieldError(
      await h.call(
        path(b, 'create'),
        { ...base, lines: [{ name: 'Rye', quantity: 1, memory_id: theirs._id }] },
        owner.token,
      ),
      'lines[0].memory_id',
      'The product was not found.',
    );
    expectFieldError(
      await h.call(
        path(b, 'create'),
        {
          ...base,
          lines: [
            { name: 'Cake', quantity: 1 },
            { name: 'Hours', quantity: 1, memory_id: note._id },
          ],
        },
        owner.token,
      ),
      'lines[1].memory_id',
      'The product was not found.',
    );
  });

  it('publishes OrderCreated on the business channel with the record', async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    expect(eventsFor(order._id)).toEqual([
      { channels: [`private-business.${b}`], event: 'OrderCreated', payload: { id: order._id } },
    ]);
  });

  it('tells the team: a new_order notification for each member who may view orders, linking to the order', async () => {
    const { owner, b, customer } = await setup();
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['orders/view']);
    const outsider = await h.signUp();
    await h.addMember(b, outsider.user.id, ['customers/view']);
    const order = await create(owner, {
      customer_id: customer._id,
      status: 'new',
      lines: [{ name: 'Sourdough loaf', quantity: 2, price: '£4.50' }],
    });
    const rows = await h.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.businessId, b), eq(notifications.kind, 'new_order')));
    expect(rows.map((row) => row.userId).sort()).toEqual([owner.user.id, viewer.user.id].sort());
    expect(rows[0]).toMatchObject({
      title: 'New order from Nora Baker',
      body: '2 × Sourdough loaf (£4.50)',
      customerId: customer._id,
      internalLink: `/dashboard/orders/${order._id}`,
      sourceId: order._id,
    });
    const events = h.events.filter(
      (event) => event.event === 'NotificationCreated' && event.channels.includes(`private-user.${viewer.user.id}`),
    );
    expect(events).toHaveLength(1);
  });
});

describe('businesses/orders/{business_id}/get', () => {
  it('answers data.order, and 404 for an unknown id', async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    const result = await h.call(path(b, `get/${order._id}`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { order }, messages: [] });
    const missing = await h.call(path(b, 'get/nope'), undefined, owner.token);
    expectFailureEnvelope(missing, 404);
    expect(missing.body.errors).toEqual(['The order was not found.']);
  });

  it('still names the customer after the customer is deleted', async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    await h.call(`businesses/customers/${b}/delete/${customer._id}`, undefined, owner.token);
    const result = await h.call(path(b, `get/${order._id}`), undefined, owner.token);
    expect(result.body.data.order.customer).toEqual({ _id: customer._id, name: 'Nora Baker' });
  });
});

describe('businesses/orders/{business_id}/update', () => {
  it("changes only the fields sent, answers 'Order updated.' and publishes OrderUpdated", async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, {
      customer_id: customer._id,
      status: 'new',
      lines: [{ name: 'Rye', quantity: 1 }],
      notes: 'Sliced',
    });
    h.clock.offsetMs += 1000;
    const result = await h.call(path(b, `update/${order._id}`), { notes: 'Sliced, please' }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Order updated.']);
    const updated = result.body.data.order as ApiOrder;
    expect(updated).toEqual({ ...order, notes: 'Sliced, please', updated_at: expect.any(String) });
    expect(eventsFor(order._id).map((event) => event.event)).toEqual(['OrderCreated', 'OrderUpdated']);
    expect(eventsFor(order._id)[1].payload).toEqual({ id: updated._id });
    // null or '' clears the notes; lines are replaced as sent.
    const cleared = await h.call(
      path(b, `update/${order._id}`),
      { notes: null, lines: [{ name: 'Spelt', quantity: 3 }] },
      owner.token,
    );
    expect(cleared.body.data.order).toMatchObject({
      notes: null,
      lines: [{ memory_id: null, name: 'Spelt', quantity: 3, price: null }],
    });
  });

  it('stamps confirmed_at, fulfilled_at and cancelled_at as the status moves (without telling anyone when notify_customer is false)', async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    const move = (status: string) =>
      h.call(path(b, `update/${order._id}`), { status, notify_customer: false }, owner.token);
    const confirmed = await move('confirmed');
    expect(confirmed.body.messages).toEqual(['Order updated.']);
    expect(confirmed.body.data.order).toMatchObject({
      status: 'confirmed',
      confirmed_at: isoDate,
      fulfilled_at: null,
      cancelled_at: null,
    });
    h.clock.offsetMs += 1000;
    const fulfilled = await move('fulfilled');
    expect(fulfilled.body.data.order).toMatchObject({
      status: 'fulfilled',
      confirmed_at: confirmed.body.data.order.confirmed_at,
      fulfilled_at: isoDate,
    });
    const cancelled = await move('cancelled');
    expect(cancelled.body.data.order).toMatchObject({ status: 'cancelled', cancelled_at: isoDate });
    // Reopening an order clears cancelled_at: it is no longer cancelled.
    expect((await move('new')).body.data.order).toMatchObject({ status: 'new', cancelled_at: null });
  });

  it("refuses an empty customer or status with the spec's messages, a foreign customer with 'Customer not found.', and changes nothing", async () => {
    const { owner, b, customer } = await setup();
    const other = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    expectFieldError(
      await h.call(path(b, `update/${order._id}`), { customer_id: '' }, owner.token),
      'customer_id',
      'Customer is required.',
    );
    expectFieldError(
      await h.call(path(b, `update/${order._id}`), { status: null }, owner.token),
      'status',
      'Order status is required.',
    );
    expectFieldError(
      await h.call(path(b, `update/${order._id}`), { customer: other.customer._id }, owner.token),
      'customer_id',
      'Customer not found.',
    );
    expect((await h.call(path(b, `get/${order._id}`), undefined, owner.token)).body.data.order).toEqual(order);
  });

  it('moves the order to another customer of this business', async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    const second = await createCustomer(h, b, owner.token, { first_name: 'Olu', last_name: null });
    const result = await h.call(path(b, `update/${order._id}`), { customer_id: second._id }, owner.token);
    expect(result.body.data.order).toMatchObject({
      customer_id: second._id,
      customer: { _id: second._id, name: 'Olu' },
    });
  });

  it('answers 404 for an unknown or deleted order', async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    await h.call(path(b, `delete/${order._id}`), undefined, owner.token);
    for (const id of ['nope', order._id]) {
      const result = await h.call(path(b, `update/${id}`), { notes: 'x' }, owner.token);
      expectFailureEnvelope(result, 404);
      expect(result.body.errors).toEqual(['The order was not found.']);
    }
  });
});

describe('businesses/orders/{business_id}/delete and restore', () => {
  it("soft-deletes ('Order deleted.') and restores exactly what was deleted ('Order restored.')", async () => {
    const { owner, b, customer } = await setup();
    const order = await create(owner, { customer_id: customer._id, status: 'new' });
    const deleted = await h.call(path(b, `delete/${order._id}`), undefined, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages).toEqual(['Order deleted.']);
    expect(deleted.body.data.order.deleted_at).toEqual(isoDate);
    expect((await h.call(path(b, `get/${order._id}`), undefined, owner.token)).status).toBe(404);
    expect((await h.call(path(b, 'list'), {}, owner.token)).body.data.orders).toEqual([]);
    expectFailureEnvelope(await h.call(path(b, `delete/${order._id}`), undefined, owner.token), 404);

    const restored = await h.call(path(b, `restore/${order._id}`), undefined, owner.token);
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual(['Order restored.']);
    expect(restored.body.data.order).toEqual(order);
    expect(eventsFor(order._id).map((event) => event.event)).toEqual(['OrderCreated', 'OrderDeleted', 'OrderCreated']);

    const again = await h.call(path(b, `restore/${order._id}`), undefined, owner.token);
    expectFailureEnvelope(again, 404);
    expect(again.body.errors).toEqual(['The deleted order was not found.']);
  });
});
