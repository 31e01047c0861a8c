import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * A list's page and its total come from one statement (api/lib/sql-json.ts `paged`): the page
 * is read with one row more than it holds, so a page that ends the list tells the total as
 * its offset plus its rows, and only a full page with more after it, or a page past the end,
 * counts the list. Whatever the case, the total is exact and the call makes two statements
 * (the token, the page), on the contacts list and the timeline alike; a contacts page that is
 * not the whole list looks up its duplicates besides (api/features/customers/records.ts).
 */
let h: Harness;
let statements: string[] | null = null;
let b: string;
let token: string;
const SIZE = 7;
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => void statements?.push(query) });
  const owner = await h.signUpWithBusiness();
  b = owner.business._id;
  token = owner.token;
  for (let i = 0; i < SIZE; i++) {
    await createCustomer(h, b, token, { first_name: `Person ${i}`, phones: [], emails: [] });
    const note = await h.call(`businesses/notes/${b}/create`, { body: `Note ${i}` }, token);
    expect(note.status).toBe(200);
  }
});
afterAll(() => h.close());

const lists = [
  { path: 'customers', key: 'customers', filter: {} },
  { path: 'timeline', key: 'timeline', filter: { type: 'note' } },
];

describe.each(lists)('$path/list', ({ path, key, filter }) => {
  const page = async (limit: number, pageNumber: number) => {
    statements = [];
    const result = await h.call(`businesses/${path}/${b}/list`, { ...filter, limit, page: pageNumber }, token);
    const made = statements;
    statements = null;
    expect(result.status).toBe(200);
    const data = result.body.data as Record<string, unknown> & { total: number };
    return { ids: (data[key] as { _id: string }[]).map((row) => row._id), total: data.total, made };
  };

  it.each([
    ['a page that ends the list', 10, 0, SIZE],
    ['a page that holds the list exactly', SIZE, 0, SIZE],
    ['a later page that ends the list', 3, 2, 1],
    ['a full page with more after it', 3, 0, 3],
    ['a full page in the middle', 3, 1, 3],
    ['a page past the end', 3, 5, 0],
  ])('%s: its rows and the exact total, in one statement after the token', async (_, limit, pageNumber, rows) => {
    const whole = await page(100, 0);
    const result = await page(limit, pageNumber);
    expect(result.total).toBe(SIZE);
    expect(result.ids).toEqual(whole.ids.slice(limit * pageNumber, limit * pageNumber + limit));
    expect(result.ids).toHaveLength(rows);
    expect(result.made.filter((query) => !/^\s*with mine as \(/i.test(query))).toHaveLength(2);
  });
});

it('an empty list: no rows, total 0', async () => {
  const other = await h.signUpWithBusiness();
  for (const { path, key, filter } of lists) {
    for (const pageNumber of [0, 2]) {
      const result = await h.call(
        `businesses/${path}/${other.business._id}/list`,
        { ...filter, limit: 5, page: pageNumber },
        other.token,
      );
      expect(result.status).toBe(200);
      expect(result.body.data[key]).toEqual([]);
      expect(result.body.data.total).toBe(0);
    }
  }
});
