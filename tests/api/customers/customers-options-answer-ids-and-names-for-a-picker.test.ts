import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '#contract/envelope';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let other: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
const made: Record<string, ApiCustomer> = {};

const options = async (body?: unknown, business = owner.business._id, token = owner.token) =>
  h.call(`businesses/customers/${business}/options`, body, token);
const list = async (body: unknown) =>
  (await h.call(`businesses/customers/${owner.business._id}/list`, body, owner.token)).body.data
    .customers as ApiCustomer[];
const pairs = (customers: ApiCustomer[]) => customers.map((customer) => ({ _id: customer._id, name: customer.name }));

/** Four contacts a minute apart (so updated_at orders them), one without a last name, and one deleted. */
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUpWithBusiness();
  other = await h.signUpWithBusiness();
  const people = {
    ada: { first_name: 'Ada', last_name: 'Lovelace', status: 'customer', phones: ['+447700900001'] },
    grace: { first_name: 'Grace', last_name: 'Hopper', status: 'lead', emails: ['grace@navy.example'] },
    cher: { first_name: 'Cher', last_name: null, status: 'lead' },
    alan: { first_name: 'Alan', last_name: 'Turing', status: 'inactive', phones: ['+447700900002'] },
  };
  for (const [key, input] of Object.entries(people)) {
    h.clock.offsetMs += 60_000;
    made[key] = await createCustomer(h, owner.business._id, owner.token, input);
  }
  h.clock.offsetMs += 60_000;
  const gone = await createCustomer(h, owner.business._id, owner.token, { first_name: 'Deleted', status: 'lead' });
  await h.call(`businesses/customers/${owner.business._id}/delete/${gone._id}`, undefined, owner.token);
  await createCustomer(h, other.business._id, other.token, {
    first_name: 'Ada',
    last_name: 'Elsewhere',
    status: 'lead',
  });
});
afterAll(() => h.close());

describe('businesses/customers/{business_id}/options', () => {
  it('answers only the id and display name of the live contacts, newest update first, as the list orders them', async () => {
    const result = await options();
    expect(result.status).toBe(200);
    expect(result.body.messages).toEqual([]);
    expect(Object.keys(result.body.data)).toEqual(['customers']);
    expect(result.body.data.customers).toEqual(pairs(await list({})));
    expect(result.body.data.customers).toEqual([
      { _id: made.alan._id, name: 'Alan Turing' },
      { _id: made.cher._id, name: 'Cher' },
      { _id: made.grace._id, name: 'Grace Hopper' },
      { _id: made.ada._id, name: 'Ada Lovelace' },
    ]);
  });

  it('answers the first `limit` of them (default 100, at most 500)', async () => {
    expect((await options({ limit: 2 })).body.data.customers).toEqual(pairs(await list({ limit: 2 })));
    expect((await options({ limit: 501 })).status).toBe(422);
  });

  it('matches a search as the list does: name, email, phone digits', async () => {
    for (const search of ['ada', 'navy.example', '07700 900002', 'lovelace ']) {
      expect((await options({ search })).body.data.customers, search).toEqual(pairs(await list({ search })));
    }
    expect((await options({ search: 'turing' })).body.data.customers).toEqual([
      { _id: made.alan._id, name: 'Alan Turing' },
    ]);
  });

  it("never answers another business's contacts", async () => {
    const names = (await options({ search: 'ada' }, other.business._id, other.token)).body.data.customers.map(
      (customer: { name: string }) => customer.name,
    );
    expect(names).toEqual(['Ada Elsewhere']);
    expect((await options({}, owner.business._id, other.token)).status).toBe(404);
  });
});
