import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  findOrCreateByEmail,
  findOrCreateByPhone,
  mergeCustomers,
} from '#api/features/customers/service';
import { formatPhoneNumber } from '#contract/phone';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { eventsFor, expectCustomerShape } from '#tests/support/customers';
import { randomMobile } from '#tests/support/expect-envelope';

/**
 * The service functions the telephony and lead-catcher systems (and the demo seed) call
 * on the server side, without a request: they normalise like the API and publish the same events.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('findOrCreateByPhone', () => {
  it('creates a lead named after the number the first time, and finds it afterwards', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const phone = randomMobile();
    const first = await findOrCreateByPhone(h.deps, b, phone);
    expect(first.created).toBe(true);
    expectCustomerShape(first.customer);
    expect(first.customer).toMatchObject({
      first_name: formatPhoneNumber(phone),
      status: 'lead',
      phones: [phone],
      emails: [],
    });
    expect(eventsFor(h, first.customer._id).map((event) => event.event)).toEqual(['CustomerCreated']);

    const again = await findOrCreateByPhone(h.deps, b, ` ${phone} `);
    expect(again).toEqual({ customer: first.customer, created: false });
    expect(eventsFor(h, first.customer._id)).toHaveLength(1);

    const listed = await h.call(`businesses/customers/${b}/list`, {}, owner.token);
    expect(listed.body.data.customers).toEqual([first.customer]);
  });

  it('creates one contact when the same number calls twice at once', async () => {
    const owner = await h.signUpWithBusiness();
    const phone = randomMobile();
    const results = await Promise.all([
      findOrCreateByPhone(h.deps, owner.business._id, phone),
      findOrCreateByPhone(h.deps, owner.business._id, phone),
    ]);
    expect(new Set(results.map((result) => result.customer._id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });

  it("finds an existing contact that has the number among others, and only in the caller's business", async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const phone = randomMobile();
    const known = await createCustomer(h.deps, owner.business._id, {
      first_name: 'Known',
      status: 'customer',
      phones: [randomMobile(), phone],
    });
    expect((await findOrCreateByPhone(h.deps, owner.business._id, phone)).customer._id).toBe(known._id);
    const elsewhere = await findOrCreateByPhone(h.deps, other.business._id, phone, { first_name: 'Caller' });
    expect(elsewhere.created).toBe(true);
    expect(elsewhere.customer.first_name).toBe('Caller');
  });

  it('skips deleted and merged contacts', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const phone = randomMobile();
    const survivor = await createCustomer(h.deps, b, { first_name: 'Survivor', status: 'lead' });
    const merged = await createCustomer(h.deps, b, { first_name: 'Merged', status: 'lead', phones: [phone] });
    await mergeCustomers(h.deps, b, survivor._id, merged._id);
    expect((await findOrCreateByPhone(h.deps, b, phone)).customer._id).toBe(survivor._id);
  });
});

describe('findOrCreateByEmail', () => {
  it('matches an email whatever its case, and creates a lead with it otherwise', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const created = await findOrCreateByEmail(h.deps, b, 'New.Lead@Example.com', {
      first_name: 'New',
      last_name: 'Lead',
    });
    expect(created.created).toBe(true);
    expect(created.customer).toMatchObject({ name: 'New Lead', emails: ['new.lead@example.com'], status: 'lead' });
    const found = await findOrCreateByEmail(h.deps, b, 'NEW.LEAD@example.com');
    expect(found).toEqual({ customer: created.customer, created: false });
  });
});

describe('createCustomer (service)', () => {
  it('normalises emails, phones and addresses like the API', async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await createCustomer(h.deps, owner.business._id, {
      first_name: ' Lin ',
      last_name: '',
      status: 'customer',
      emails: ['A@B.co', 'a@b.co', ' '],
      phones: ['+15555550100', '+15555550100'],
      addresses: [{ line_1: ' 1 Road ', city: '' }, {}, { line_1: '1 road' }],
    });
    expect(customer).toMatchObject({
      first_name: 'Lin',
      last_name: null,
      emails: ['a@b.co'],
      phones: ['+15555550100'],
      addresses: [{ line_1: '1 Road' }],
    });
  });
});
