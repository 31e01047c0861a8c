import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTimelineItem } from '#contract/envelope';
import { customers } from '#api/db/schema';
import { createChat, findTimelineRow, serializeRow } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { call, form, insertCustomer, sms } from '#tests/support/timeline-fixtures';

/**
 * The timeline lists (the merged one, notes, calls, smses, forms) build their page in the
 * database, as JSON, with each item's contact (api/features/timeline/list-json.ts); `get` and
 * the realtime events serialise one row in JavaScript (serializeTimelineItem). Both must give
 * the same bytes for every item, whatever it holds, and a list that fits one page costs the
 * token lookup and one statement, whatever the number of items.
 */
let h: Harness;
let statements: string[] | null = null;
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => void statements?.push(query) });
});
afterAll(() => h.close());

type Page = { items: ApiTimelineItem[]; total: number };
const hour = 3_600_000;

async function list(path: string, key: string, token: string, body: Record<string, unknown> = {}): Promise<Page> {
  const result = await h.call(path, { limit: 500, ...body }, token);
  expect(result.status).toBe(200);
  const data = result.body.data as Record<string, unknown> & { total: number };
  return { items: data[key] as ApiTimelineItem[], total: data.total };
}

const getPath: Partial<Record<ApiTimelineItem['type'], [string, string]>> = {
  note: ['notes', 'note'],
  call: ['calls', 'call'],
  sms: ['smses', 'sms'],
  form: ['forms', 'form'],
};

/** Every listed item as the serialiser writes its row, and as `get` answers it. */
async function expectEachItemAsSerialised(b: string, token: string, page: Page) {
  for (const item of page.items) {
    const row = await findTimelineRow(h.deps.db, b, item.type, item._id);
    expect(row).toBeDefined();
    expect(JSON.stringify(item)).toBe(JSON.stringify(await serializeRow(h.deps.db, row!)));
    const names = getPath[item.type];
    if (!names) continue;
    const got = await h.call(`businesses/${names[0]}/${b}/get/${item._id}`, undefined, token);
    expect(got.status).toBe(200);
    expect(JSON.stringify(item)).toBe(JSON.stringify(got.body.data[names[1]]));
  }
  return page;
}

const timeline = async (b: string, token: string, body: Record<string, unknown> = {}) =>
  expectEachItemAsSerialised(b, token, await list(`businesses/timeline/${b}/list`, 'timeline', token, body));

describe('timeline lists', () => {
  it('answer each item as get does: every kind, contacts, nulls, unicode, filters, paging and sorting', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const zoe = await insertCustomer(h, b, { firstName: 'Zoë "Zed"', lastName: null });
    const blank = await insertCustomer(h, b, { firstName: 'Solo', lastName: '' });
    const gone = await insertCustomer(h, b, { firstName: 'Łukasz', lastName: 'Żółć\\' });
    const note = async (input: Record<string, unknown>) => {
      const result = await h.call(`businesses/notes/${b}/create`, input, owner.token);
      if (result.status !== 200) throw new Error(JSON.stringify(result.body));
      return result.body.data.note as ApiTimelineItem;
    };
    const now = Date.now();
    const steps: (() => Promise<unknown>)[] = [
      () => call(h, b, { customerId: zoe.id, details: { duration_seconds: 12.5, transcript: 'Hé "quoted"\n\tline' } }),
      () => call(h, b, { direction: 'outbound', status: 'missed_call', from: null, to: '+447700900001' }),
      () => sms(h, b, { customerId: blank.id, body: 'Emoji 😀 and \u2028 separators', phonesFound: ['+447700900009'] }),
      () => form(h, b, { details: { fields: { name: 'Ann', ключ: 'значение' }, nested: { a: [1, null, true] } } }),
      () =>
        createChat(h.deps, { businessId: b, direction: 'inbound', body: 'Hello from the widget', customerId: gone.id }),
      () => note({ body: 'Plain note', customer_id: zoe.id }),
      () => note({ body: 'Internal', internal: true }),
      () => note({ body: 'Later', reminder: new Date(now + 24 * hour).toISOString(), customer_id: gone.id }),
      () => note({ body: 'Done', reminder: new Date(now - 24 * hour).toISOString(), completed: true }),
      () =>
        note({
          body: 'Weekly',
          reminder: new Date(now + 48 * hour).toISOString(),
          repeat: { every: 'week', interval: 2 },
        }),
    ];
    for (const [index, step] of steps.entries()) {
      h.clock.offsetMs = (index - steps.length) * 60_000;
      await step();
    }
    h.clock.offsetMs = 0;
    // A deleted contact stays on its items, as get shows it.
    await h.database.db.update(customers).set({ deletedAt: new Date() }).where(eq(customers.id, gone.id));
    // Another business's items are never listed.
    const other = await h.signUpWithBusiness();
    await call(h, other.business._id);
    await h.call(`businesses/notes/${other.business._id}/create`, { body: 'Not yours' }, other.token);

    const all = await timeline(b, owner.token);
    expect(all.total).toBe(steps.length);
    expect(new Set(all.items.map((item) => item.type))).toEqual(new Set(['call', 'sms', 'form', 'chat', 'note']));
    expect(all.items.find((item) => item.customer_id === gone.id)?.customer?.name).toBe('Łukasz Żółć\\');
    expect(all.items.find((item) => item.customer_id === blank.id)?.customer?.name).toBe('Solo');
    expect(all.items.find((item) => item.body === 'Weekly')).toMatchObject({ repeated: true });

    // Ascending is descending reversed (ids break ties both ways); pages add up to the list.
    const ascending = await timeline(b, owner.token, { sort_order: 'asc' });
    expect(ascending.items.map((item) => item._id)).toEqual(all.items.map((item) => item._id).reverse());
    const paged: string[] = [];
    for (let page = 0; page < 4; page++) {
      const part = await timeline(b, owner.token, { limit: 3, page });
      expect(part.total).toBe(steps.length);
      paged.push(...part.items.map((item) => item._id));
    }
    expect(paged).toEqual(all.items.map((item) => item._id));
    expect((await timeline(b, owner.token, { limit: 3, page: 9 })).items).toEqual([]);

    for (const filters of [
      { type: 'note' },
      { type: ['call', 'chat'] },
      { customer_id: zoe.id },
      { tasks_only: true, sort_by: 'reminder', sort_order: 'asc' },
      { incomplete_tasks_only: true, sort_by: 'reminder' },
      { without_reminder: true, sort_by: 'updated_at' },
      { reminder: { from: new Date(now).toISOString() } },
      { created_at: { from: new Date(now - 5 * 60_000).toISOString() }, sort_by: 'created_at' },
    ]) {
      const page = await timeline(b, owner.token, filters);
      expect(page.items.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(page.total).toBe(page.items.length);
    }

    // The lists of one kind answer the same bytes.
    for (const [kind, key] of [
      ['notes', 'notes'],
      ['calls', 'calls'],
      ['smses', 'smses'],
      ['forms', 'forms'],
    ]) {
      const page = await list(`businesses/${kind}/${b}/list`, key, owner.token);
      expect(page.items.length).toBeGreaterThan(0);
      await expectEachItemAsSerialised(b, owner.token, page);
    }
  });

  it('reads a whole timeline in two statements (the token and the page), for 3 items as for 30', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const counts: number[] = [];
    for (const size of [3, 30]) {
      while ((await list(`businesses/timeline/${b}/list`, 'timeline', owner.token)).total < size)
        await sms(h, b, { body: `Message ${Math.random()}` });
      await list(`businesses/timeline/${b}/list`, 'timeline', owner.token); // a token's sliding expiry is written at most once a minute
      statements = [];
      const page = await list(`businesses/timeline/${b}/list`, 'timeline', owner.token);
      counts.push(statements.length);
      statements = null;
      expect(page.items).toHaveLength(size);
    }
    expect(counts).toEqual([2, 2]);
  });

  it('answers an empty page for a business without items and past the end of a list', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expect(await list(`businesses/timeline/${b}/list`, 'timeline', owner.token)).toMatchObject({ items: [], total: 0 });
    await sms(h, b);
    expect(await list(`businesses/timeline/${b}/list`, 'timeline', owner.token, { limit: 1, page: 3 })).toMatchObject({
      items: [],
      total: 1,
    });
  });
});
