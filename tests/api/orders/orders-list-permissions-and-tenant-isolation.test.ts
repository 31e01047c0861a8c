import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOrder } from '#contract/v1/orders';
import { listCustomerOrders } from '#api/features/orders/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const VIEW_REFUSAL = 'You do not have permission to view orders';
const EDIT_REFUSAL = 'You do not have permission to edit orders';
const path = (businessId: string, action: string) => `businesses/orders/${businessId}/${action}`;

/** Three orders a minute apart (so created_at orders them) for two customers. */
async function businessWithOrders() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const nora = await createCustomer(h, b, owner.token, { first_name: 'Nora', last_name: 'Baker' });
  const sam = await createCustomer(h, b, owner.token, { first_name: 'Sam', last_name: 'Oduya' });
  const made: ApiOrder[] = [];
  for (const input of [
    { customer_id: nora._id, status: 'new', lines: [{ name: 'Sourdough loaf', quantity: 2 }], notes: 'Sliced' },
    {
      customer_id: sam._id,
      status: 'confirmed',
      lines: [{ name: 'Birthday cake', quantity: 1, price: '£30' }],
      notes: '50% deposit paid',
    },
    { customer_id: nora._id, status: 'cancelled', lines: [{ name: 'Croissant', quantity: 6 }] },
  ]) {
    const result = await h.call(path(b, 'create'), input, owner.token);
    if (result.status !== 200) throw new Error(JSON.stringify(result.body));
    made.push(result.body.data.order);
    h.clock.offsetMs += 60_000;
  }
  return { owner, b, nora, sam, bread: made[0], cake: made[1], croissants: made[2] };
}

const firstLines = (result: { body: { data?: { orders: ApiOrder[] } } }) =>
  result.body.data!.orders.map((order) => order.lines[0]?.name);

describe('businesses/orders/{business_id}/list', () => {
  it('answers data.orders newest first with total, page and limit', async () => {
    const { owner, b } = await businessWithOrders();
    const result = await h.call(path(b, 'list'), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['limit', 'orders', 'page', 'total']);
    expect(firstLines(result)).toEqual(['Croissant', 'Birthday cake', 'Sourdough loaf']);
    expect(result.body.data).toMatchObject({ total: 3, page: 0, limit: 50 });
    expect(result.body.messages).toEqual([]);
  });

  it('sorts by created_at, updated_at and status, and pages with page (from 0) and limit', async () => {
    const { owner, b, bread } = await businessWithOrders();
    const list = (body: Record<string, unknown>) => h.call(path(b, 'list'), body, owner.token);
    expect(firstLines(await list({ sort_by: 'created_at', sort_order: 'asc' }))).toEqual([
      'Sourdough loaf',
      'Birthday cake',
      'Croissant',
    ]);
    expect(firstLines(await list({ sort_by: 'status', sort_order: 'asc' }))).toEqual([
      'Croissant',
      'Birthday cake',
      'Sourdough loaf',
    ]);
    h.clock.offsetMs += 60_000;
    await h.call(path(b, `update/${bread._id}`), { notes: 'Unsliced' }, owner.token);
    expect(firstLines(await list({ sort_by: 'updated_at' }))[0]).toBe('Sourdough loaf');
    const second = await list({ limit: 2, page: 1, sort_by: 'created_at', sort_order: 'asc' });
    expect(firstLines(second)).toEqual(['Croissant']);
    expect(second.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
  });

  it('filters by status and customer, and searches product names, notes and the customer’s name (wildcards taken literally)', async () => {
    const { owner, b, nora, sam } = await businessWithOrders();
    const list = (body: Record<string, unknown>) => h.call(path(b, 'list'), body, owner.token).then(firstLines);
    expect(await list({ status: 'confirmed' })).toEqual(['Birthday cake']);
    expect(await list({ customer_id: nora._id })).toEqual(['Croissant', 'Sourdough loaf']);
    expect(await list({ customer_id: nora._id, status: 'new' })).toEqual(['Sourdough loaf']);
    expect(await list({ search: 'CAKE' })).toEqual(['Birthday cake']);
    expect(await list({ search: 'sliced' })).toEqual(['Sourdough loaf']);
    expect(await list({ search: '50%' })).toEqual(['Birthday cake']);
    expect(await list({ search: 'oduya' })).toEqual(['Birthday cake']);
    expect(await list({ search: 'nora baker' })).toEqual(['Croissant', 'Sourdough loaf']);
    expect(await list({ customer_id: 'nobody' })).toEqual([]);
    expectFieldError(
      await h.call(path(b, 'list'), { status: 'lost' }, owner.token),
      'status',
      'Status must be one of new, confirmed, fulfilled, cancelled.',
    );
    // The customer view's orders section reads the same records.
    expect((await listCustomerOrders(h.deps.db, b, sam._id)).map((order) => order.lines[0].name)).toEqual([
      'Birthday cake',
    ]);
  });
});

describe('order permissions', () => {
  it("refuses a member without orders/view: 'You do not have permission to view orders' on every read", async () => {
    const { b, bread } = await businessWithOrders();
    const bare = await h.signUp();
    await h.addMember(b, bare.user.id, []);
    for (const call of ['list', `get/${bread._id}`]) {
      const result = await h.call(path(b, call), undefined, bare.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([VIEW_REFUSAL]);
    }
  });

  it("lets orders/view read but not write: 'You do not have permission to edit orders', and nothing changes", async () => {
    const { owner, b, nora, bread } = await businessWithOrders();
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['orders/view']);
    expect((await h.call(path(b, 'list'), {}, viewer.token)).body.data.total).toBe(3);
    expect((await h.call(path(b, `get/${bread._id}`), undefined, viewer.token)).body.data.order).toEqual(bread);
    const attempts: [string, unknown][] = [
      ['create', { customer_id: nora._id, status: 'new' }],
      [`update/${bread._id}`, { status: 'cancelled' }],
      [`delete/${bread._id}`, undefined],
      [`restore/${bread._id}`, undefined],
    ];
    for (const [call, body] of attempts) {
      const result = await h.call(path(b, call), body, viewer.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([EDIT_REFUSAL]);
    }
    expect((await h.call(path(b, `get/${bread._id}`), undefined, owner.token)).body.data.order).toEqual(bread);
    expect((await h.call(path(b, 'list'), {}, owner.token)).body.data.total).toBe(3);
  });

  it('lets orders/edit create, update, delete and restore', async () => {
    const { b, nora, bread } = await businessWithOrders();
    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['orders/edit']);
    expect((await h.call(path(b, 'create'), { customer_id: nora._id, status: 'new' }, editor.token)).status).toBe(200);
    expect((await h.call(path(b, `update/${bread._id}`), { notes: 'Edited' }, editor.token)).status).toBe(200);
    expect((await h.call(path(b, `delete/${bread._id}`), undefined, editor.token)).status).toBe(200);
    expect((await h.call(path(b, `restore/${bread._id}`), undefined, editor.token)).status).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const { b } = await businessWithOrders();
    expectFailureEnvelope(await h.call(path(b, 'list')), 401);
  });
});

describe('order tenant isolation', () => {
  it('another business gets 404 for every call on this business and for this business’s orders in its own, 422 for its customers; nothing changes', async () => {
    const { owner, b, nora, bread, croissants } = await businessWithOrders();
    await h.call(path(b, `delete/${croissants._id}`), undefined, owner.token);
    const eventCount = h.events.length;
    const other = await h.signUpWithBusiness();
    const ob = other.business._id;
    const calls: [string, string, unknown][] = [
      [b, 'list', {}],
      [b, 'create', { customer_id: nora._id, status: 'new' }],
      [b, `get/${bread._id}`, undefined],
      [b, `update/${bread._id}`, { status: 'cancelled' }],
      [b, `delete/${bread._id}`, undefined],
      [b, `restore/${croissants._id}`, undefined],
      [ob, `get/${bread._id}`, undefined],
      [ob, `update/${bread._id}`, { status: 'cancelled' }],
      [ob, `delete/${bread._id}`, undefined],
      [ob, `restore/${croissants._id}`, undefined],
    ];
    for (const [business, call, body] of calls) {
      const result = await h.call(path(business, call), body, other.token);
      expectFailureEnvelope(result, 404);
    }
    // In its own business, naming this business's customer: the customer is not found.
    expectFieldError(
      await h.call(path(ob, 'create'), { customer_id: nora._id, status: 'new' }, other.token),
      'customer_id',
      'Customer not found.',
    );
    expect((await h.call(path(ob, 'list'), { customer_id: nora._id }, other.token)).body.data.orders).toEqual([]);

    expect((await h.call(path(b, `get/${bread._id}`), undefined, owner.token)).body.data.order).toEqual(bread);
    expect((await h.call(path(b, `get/${croissants._id}`), undefined, owner.token)).status).toBe(404);
    expect(
      h.events
        .slice(eventCount)
        .filter((event) => event.channels.includes(`private-business.${b}`) && event.event.startsWith('Order')),
    ).toEqual([]);
  });
});
