import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#contract/envelope';
import { recordSmsKeyword } from '#api/features/systems/sms-opt-outs';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * customers/list builds its page in the database, as JSON, with each contact's SMS opt-outs
 * (api/features/customers/list-json.ts); `get` serialises one row in JavaScript
 * (serializeCustomer). Both must give the same bytes for every contact, whatever it holds,
 * and the list of a business whose contacts fit one page costs the token lookup and one
 * statement, whatever the number of contacts.
 */
let h: Harness;
let statements: string[] | null = null;
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => void statements?.push(query) });
});
afterAll(() => h.close());

const list = async (b: string, token: string, body: Record<string, unknown> = {}) => {
  const result = await h.call(`businesses/customers/${b}/list`, { limit: 500, ...body }, token);
  expect(result.status).toBe(200);
  return result.body.data as { customers: ApiCustomer[]; total: number };
};
const get = async (b: string, id: string, token: string) =>
  (await h.call(`businesses/customers/${b}/get/${id}`, undefined, token)).body.data.customer as ApiCustomer;

async function expectEveryContactAsGetAnswersIt(b: string, token: string, body: Record<string, unknown> = {}) {
  const page = await list(b, token, body);
  for (const customer of page.customers)
    expect(JSON.stringify(customer)).toBe(JSON.stringify(await get(b, customer._id, token)));
  return page;
}

describe('businesses/customers/{business_id}/list', () => {
  it('answers each contact as get does: names, addresses, duplicates and SMS opt-outs in order', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await createCustomer(h, b, owner.token, {
      first_name: 'Zoë "Zed"',
      last_name: null,
      emails: ['zoe@example.com'],
      phones: ['+447700900201', '+447700900202', '+447700900203'],
      addresses: [{ line_1: '1 Ünïcode Street\\', city: 'Łódź', postcode: 'AB1 2CD', country: 'GB' }],
    });
    await createCustomer(h, b, owner.token, {
      first_name: 'Amy',
      last_name: 'Zed',
      emails: ['zoe@example.com'],
      phones: ['+447700900203'],
    });
    await createCustomer(h, b, owner.token, {
      first_name: 'amy',
      last_name: 'Ant',
      emails: ['ZOE@example.com'],
      phones: [],
    });
    await createCustomer(h, b, owner.token, {
      first_name: 'Solo',
      last_name: '',
      emails: [],
      phones: ['+447700900299'],
    });
    // Opted out in the reverse order of the phones: the list keeps the phones' order.
    await recordSmsKeyword(h.deps, b, '+447700900203', 'STOP');
    await recordSmsKeyword(h.deps, b, '+447700900201', 'unsubscribe');
    // Another business's opt-out of the same number is not this business's.
    const other = await h.signUpWithBusiness();
    await recordSmsKeyword(h.deps, other.business._id, '+447700900202', 'STOP');

    const page = await expectEveryContactAsGetAnswersIt(b, owner.token);
    expect(page.total).toBe(4);
    const zoe = page.customers.find((customer) => customer.first_name === 'Zoë "Zed"')!;
    expect(zoe.sms_opt_outs.map((optOut) => optOut.phone)).toEqual(['+447700900201', '+447700900203']);
    expect(zoe.duplicates.map((duplicate) => [duplicate.name, duplicate.reason])).toEqual([
      ['Amy Zed', 'phone'],
      ['amy Ant', 'email'],
    ]);
    // Filtered and paged lists take the duplicates from SQL (loadDuplicates): the same answer.
    await expectEveryContactAsGetAnswersIt(b, owner.token, { search: 'zed' });
    await expectEveryContactAsGetAnswersIt(b, owner.token, { limit: 1, page: 1 });
    await expectEveryContactAsGetAnswersIt(b, owner.token, { sort_by: 'first_name', sort_order: 'asc' });

    // START takes the opt-out away on the very next list.
    await recordSmsKeyword(h.deps, b, '+447700900203', 'START');
    const after = await expectEveryContactAsGetAnswersIt(b, owner.token);
    expect(after.customers.find((customer) => customer._id === zoe._id)!.sms_opt_outs.map((o) => o.phone)).toEqual([
      '+447700900201',
    ]);
  });

  it('reads a whole list in two statements (the token and the page), for 3 contacts as for 30', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const counts: number[] = [];
    for (const size of [3, 30]) {
      while ((await list(b, owner.token)).total < size)
        await createCustomer(h, b, owner.token, { phones: [`+4477009${String(Math.random()).slice(2, 7)}`] });
      await list(b, owner.token); // a token's sliding expiry is written at most once a minute
      statements = [];
      const page = await list(b, owner.token);
      counts.push(statements.length);
      statements = null;
      expect(page.customers).toHaveLength(size);
    }
    expect(counts).toEqual([2, 2]);
  });

  it('answers an empty page for a business without contacts and past the end of a list', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expect(await list(b, owner.token)).toMatchObject({ customers: [], total: 0 });
    await createCustomer(h, b, owner.token);
    expect(await list(b, owner.token, { limit: 1, page: 3 })).toMatchObject({ customers: [], total: 1 });
  });
});
