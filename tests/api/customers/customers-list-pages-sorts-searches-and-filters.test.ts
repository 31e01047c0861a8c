import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#contract/envelope';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer, expectCustomerShape } from '#tests/support/customers';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';

let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let list: (
  body?: unknown,
) => Promise<{ customers: ApiCustomer[]; total: number; page: number; limit: number; status: number; body: unknown }>;
const made: Record<string, ApiCustomer> = {};
const times: Record<string, string> = {};

/**
 * One business with six contacts created a minute apart (so created_at and updated_at
 * order them), plus one deleted contact that no list may show.
 */
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  list = async (body = {}) => {
    const result = await h.call(`businesses/customers/${b}/list`, body, owner.token);
    return { ...(result.body.data ?? {}), status: result.status, body: result.body };
  };
  const people = [
    {
      key: 'ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      status: 'customer',
      emails: ['ada@engines.example'],
      phones: ['+447700900001'],
    },
    {
      key: 'grace',
      first_name: 'Grace',
      last_name: 'Hopper',
      status: 'lead',
      emails: ['grace@navy.example'],
      phones: ['+15555550123'],
    },
    {
      key: 'alan',
      first_name: 'Alan',
      last_name: 'Turing',
      status: 'inactive',
      emails: ['alan@bletchley.example'],
      phones: ['+447700900002'],
    },
    { key: 'percent', first_name: '50% Off', last_name: 'Shop_Owner', status: 'lead', emails: [], phones: [] },
    {
      key: 'katherine',
      first_name: 'Katherine',
      last_name: 'Johnson',
      status: 'customer',
      emails: ['kj@nasa.example'],
      phones: ['+15555550999'],
    },
    {
      key: 'ada2',
      first_name: 'Ada',
      last_name: 'Yonath',
      status: 'lead',
      emails: ['ada.yonath@weizmann.example'],
      phones: [],
    },
  ];
  for (const { key, ...input } of people) {
    h.clock.offsetMs += 60_000;
    made[key] = await createCustomer(h, b, owner.token, input);
    times[key] = made[key].created_at;
  }
  h.clock.offsetMs += 60_000;
  const gone = await createCustomer(h, b, owner.token, { first_name: 'Deleted', last_name: 'Person', status: 'lead' });
  await h.call(`businesses/customers/${b}/delete/${gone._id}`, undefined, owner.token);
});
afterAll(() => h.close());

const ids = (customers: ApiCustomer[]) => customers.map((customer) => customer._id);
const keys = (...names: string[]) => names.map((name) => made[name]._id);

describe('businesses/customers/{business_id}/list', () => {
  it('answers data.customers (ApiCustomer), total, page 0 and limit 500 by default, newest update first, without deleted contacts', async () => {
    const result = await list();
    expect(result.status).toBe(200);
    expect(Object.keys(result.body as object).sort()).toEqual(['data', 'messages']);
    expect((result.body as { messages: string[] }).messages).toEqual([]);
    expect(result.total).toBe(6);
    expect(result.page).toBe(0);
    expect(result.limit).toBe(500);
    expect(ids(result.customers)).toEqual(keys('ada2', 'katherine', 'percent', 'alan', 'grace', 'ada'));
    result.customers.forEach(expectCustomerShape);
  });

  it('also answers without any body', async () => {
    const result = await h.call(`businesses/customers/${owner.business._id}/list`, undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.total).toBe(6);
  });

  it('puts a contact that was just updated first', async () => {
    h.clock.offsetMs += 60_000;
    await h.call(
      `businesses/customers/${owner.business._id}/update/${made.grace._id}`,
      { status: 'lead' },
      owner.token,
    );
    const result = await list();
    expect(ids(result.customers).slice(0, 2)).toEqual(keys('grace', 'ada2'));
  });

  it('pages from 0 with a limit, with the same total on every page', async () => {
    const sort = { sort_by: 'created_at', sort_order: 'asc' };
    const pages = [
      await list({ ...sort, limit: 4, page: 0 }),
      await list({ ...sort, limit: 4, page: 1 }),
      await list({ ...sort, limit: 4, page: 2 }),
    ];
    expect(pages.map((page) => page.total)).toEqual([6, 6, 6]);
    expect(ids(pages[0].customers)).toEqual(keys('ada', 'grace', 'alan', 'percent'));
    expect(ids(pages[1].customers)).toEqual(keys('katherine', 'ada2'));
    expect(pages[2].customers).toEqual([]);
    expect(pages[1]).toMatchObject({ page: 1, limit: 4 });
  });

  it('sorts by first_name, last_name, status or created_at in either order; anything else falls back to updated_at', async () => {
    expect(ids((await list({ sort_by: 'last_name', sort_order: 'asc' })).customers)).toEqual(
      keys('grace', 'katherine', 'ada', 'percent', 'alan', 'ada2'),
    );
    expect(ids((await list({ sort_by: 'created_at', sort_order: 'desc' })).customers)).toEqual(
      keys('ada2', 'katherine', 'percent', 'alan', 'grace', 'ada'),
    );
    const byFirst = (await list({ sort_by: 'first_name', sort_order: 'asc' })).customers.map((c) => c.first_name);
    expect(byFirst).toEqual([...byFirst].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byStatus = (await list({ sort_by: 'status', sort_order: 'asc' })).customers.map((c) => c.status);
    expect(byStatus).toEqual(['customer', 'customer', 'inactive', 'lead', 'lead', 'lead']);
    const fallback = await list({ sort_by: 'password_hash' });
    expect(ids(fallback.customers)).toEqual(ids((await list()).customers));
  });

  it('searches first and last name, the full name, emails and phones, ignoring case', async () => {
    const search = async (text: string) =>
      ids((await list({ search: text, sort_by: 'created_at', sort_order: 'asc' })).customers);
    expect(await search('ada')).toEqual(keys('ada', 'ada2'));
    expect(await search('LOVELACE')).toEqual(keys('ada'));
    expect(await search('ada yon')).toEqual(keys('ada2'));
    expect(await search('navy.example')).toEqual(keys('grace'));
    expect(await search('+1555555')).toEqual(keys('grace', 'katherine'));
    expect(await search('nobody-matches-this')).toEqual([]);
  });

  it('matches typed phone digits whatever their spacing', async () => {
    const result = await list({ search: '7700 900 001' });
    expect(ids(result.customers)).toEqual(keys('ada'));
    expect(result.total).toBe(1);
  });

  it('treats % and _ in the search as plain text', async () => {
    expect(ids((await list({ search: '50%' })).customers)).toEqual(keys('percent'));
    expect(ids((await list({ search: '%' })).customers)).toEqual(keys('percent'));
    expect(ids((await list({ search: 'p_o' })).customers)).toEqual(keys('percent'));
    expect(ids((await list({ search: '_' })).customers)).toEqual(keys('percent'));
  });

  it('filters by status, alone or with a search, and the total counts the filtered contacts', async () => {
    const leads = await list({ status: 'lead', sort_by: 'created_at', sort_order: 'asc' });
    expect(ids(leads.customers)).toEqual(keys('grace', 'percent', 'ada2'));
    expect(leads.total).toBe(3);
    const adaLeads = await list({ status: 'lead', search: 'ada' });
    expect(ids(adaLeads.customers)).toEqual(keys('ada2'));
    expect(adaLeads.total).toBe(1);
  });

  it('filters by a created_at range (from and to are inclusive, either may be left out)', async () => {
    const asc = { sort_by: 'created_at', sort_order: 'asc' };
    expect(ids((await list({ ...asc, created_at: { from: times.alan, to: times.katherine } })).customers)).toEqual(
      keys('alan', 'percent', 'katherine'),
    );
    expect(ids((await list({ ...asc, created_at: { from: times.katherine } })).customers)).toEqual(
      keys('katherine', 'ada2'),
    );
    expect(ids((await list({ ...asc, created_at: { to: times.grace } })).customers)).toEqual(keys('ada', 'grace'));
  });

  it('flags duplicates in the list entries', async () => {
    const b = owner.business._id;
    const twin = await createCustomer(h, b, owner.token, {
      first_name: 'Ada',
      last_name: 'Twin',
      emails: ['ADA@engines.example'],
      phones: [],
    });
    try {
      const result = await list({ search: 'ada' });
      const original = result.customers.find((c) => c._id === made.ada._id)!;
      expect(original.duplicates).toEqual([{ _id: twin._id, name: 'Ada Twin', reason: 'email' }]);
      expect(result.customers.find((c) => c._id === made.ada2._id)!.duplicates).toEqual([]);
    } finally {
      await h.call(`businesses/customers/${b}/delete/${twin._id}`, undefined, owner.token);
    }
  });

  it('refuses bad filters with 422: a limit over 500, a negative page, an unknown status, a bad date', async () => {
    for (const body of [
      { limit: 501 },
      { limit: 0 },
      { page: -1 },
      { status: 'vip' },
      { sort_order: 'sideways' },
      { created_at: { from: 'yesterday' } },
      { search: 'x'.repeat(101) },
    ]) {
      expectFailureEnvelope(await h.call(`businesses/customers/${owner.business._id}/list`, body, owner.token), 422);
    }
    const statusError = await h.call(`businesses/customers/${owner.business._id}/list`, { status: 'vip' }, owner.token);
    expect(statusError.body.field_errors).toHaveProperty('status');
  });

  it('accepts a limit of exactly 500', async () => {
    const result = await list({ limit: 500 });
    expect(result.status).toBe(200);
    expect(result.limit).toBe(500);
  });
});
