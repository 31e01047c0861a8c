import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#contract/envelope';
import { listCustomers } from '#api/features/customers/service';
import { JsonRows } from '#api/lib/sql-json';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * A contacts page is the database's text of each contact (api/features/customers/list-json.ts),
 * written into the answer as it is: only a contact with duplicates gets its text changed, its
 * duplicates written where the statement left `"duplicates":[]`. Re-writing every contact with
 * JSON.stringify cost about 0.65 ms a page of 500. The texts read as what `get` answers, and the
 * parsed values (the web app's in-process call) carry the same duplicates.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const page = (b: string, filters: { search?: string; limit?: number; page?: number } = {}) =>
  listCustomers(h.deps.db, b, { page: 0, limit: 500, sort_order: 'desc', ...filters });
const get = async (b: string, id: string, token: string) =>
  (await h.call(`businesses/customers/${b}/get/${id}`, undefined, token)).body.data.customer as ApiCustomer;

describe('a contacts page', () => {
  it('is the texts the database wrote, each contact with its duplicates, as get answers it', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    // A name and an address that spell the statement's placeholder must not be taken for it.
    await createCustomer(h, b, owner.token, {
      first_name: '"duplicates":[]',
      last_name: 'Quill',
      emails: ['quill@example.com'],
      phones: ['+447700900311'],
      addresses: [{ line_1: '"duplicates":[]', city: 'Ely', postcode: 'CB7 4AA', country: 'GB' }],
    });
    await createCustomer(h, b, owner.token, {
      first_name: 'Rue',
      last_name: null,
      emails: ['QUILL@example.com'],
      phones: [],
    });
    await createCustomer(h, b, owner.token, { first_name: 'Sol', last_name: null, phones: ['+447700900311'] });
    await createCustomer(h, b, owner.token, { first_name: 'Tam', last_name: null, phones: ['+447700900399'] });

    for (const filters of [{}, { search: 'quill' }, { limit: 2, page: 1 }]) {
      const { customers } = await page(b, filters);
      expect(customers).toBeInstanceOf(JsonRows);
      const rows = customers as unknown as JsonRows<ApiCustomer>;
      expect(rows.texts.length).toBeGreaterThan(0);
      for (const [index, text] of rows.texts.entries()) {
        const contact = JSON.parse(text) as ApiCustomer;
        expect(JSON.stringify(contact)).toBe(JSON.stringify(await get(b, contact._id, owner.token)));
        expect(JSON.stringify(rows.parse()[index])).toBe(JSON.stringify(contact));
      }
    }
    const whole = (await page(b)).customers as unknown as JsonRows<ApiCustomer>;
    const quill = whole.parse().find((contact) => contact.last_name === 'Quill')!;
    expect(quill.first_name).toBe('"duplicates":[]');
    expect(quill.duplicates.map((duplicate) => [duplicate.name, duplicate.reason])).toEqual([
      ['Rue', 'email'],
      ['Sol', 'phone'],
    ]);
  });
});
