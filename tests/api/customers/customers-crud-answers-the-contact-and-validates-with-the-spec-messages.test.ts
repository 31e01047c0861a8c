import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer, customerInput, eventsFor, expectCustomerShape } from '#tests/support/customers';
import {
  E164_MESSAGE,
  expectFailureEnvelope,
  expectFieldError,
  expectFieldErrorStartingWith,
} from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/customers/${businessId}/${action}`;

describe('businesses/customers/{business_id}/create', () => {
  it("creates a contact and answers data.customer in the ApiCustomer shape with 'Contact created.'", async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      {
        first_name: '  Ada ',
        last_name: 'Lovelace',
        status: 'customer',
        emails: ['Ada@Example.COM', '', 'ada@example.com'],
        phones: ['+447700900123', '  '],
        addresses: [{ line_1: '10 Downing St', city: 'London', postcode: 'SW1A 2AA', country: 'GB' }, { line_1: '' }],
      },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Contact created.']);
    const customer = result.body.data.customer;
    expectCustomerShape(customer);
    expect(customer).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      name: 'Ada Lovelace',
      status: 'customer',
      emails: ['ada@example.com'],
      phones: ['+447700900123'],
      addresses: [{ line_1: '10 Downing St', city: 'London', postcode: 'SW1A 2AA', country: 'GB' }],
      duplicates: [],
      deleted_at: null,
    });
    expect(Object.keys(result.body.data)).toEqual(['customer']);
  });

  it('publishes CustomerCreated on the business channel with the record', async () => {
    const owner = await h.signUpWithBusiness();
    const customer = await createCustomer(h, owner.business._id, owner.token);
    const events = eventsFor(h, customer._id);
    expect(events).toEqual([
      { channels: [`private-business.${owner.business._id}`], event: 'CustomerCreated', payload: { id: customer._id } },
    ]);
  });

  it('needs only first_name and status; last_name is null and the lists are empty', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      { first_name: 'Solo', status: 'lead' },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.customer).toMatchObject({
      first_name: 'Solo',
      last_name: null,
      name: 'Solo',
      emails: [],
      phones: [],
      addresses: [],
    });
  });

  it("refuses a missing or blank first name with 'First name is required.'", async () => {
    const owner = await h.signUpWithBusiness();
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { status: 'lead' }, owner.token),
      'first_name',
      'First name is required.',
    );
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { first_name: '   ', status: 'lead' }, owner.token),
      'first_name',
      'First name is required.',
    );
  });

  it("refuses a missing or unknown status with 'Customer status is required.'", async () => {
    const owner = await h.signUpWithBusiness();
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { first_name: 'A' }, owner.token),
      'status',
      'Customer status is required.',
    );
    expectFieldError(
      await h.call(path(owner.business._id, 'create'), { first_name: 'A', status: 'vip' }, owner.token),
      'status',
      'Customer status is required.',
    );
  });

  it("refuses any invalid email with 'Email is not valid.' under its own index", async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      customerInput({ emails: ['good@example.com', 'not-an-email'] }),
      owner.token,
    );
    expectFieldError(result, 'emails[1]', 'Email is not valid.');
  });

  it('refuses any phone that cannot be read as a number with the E.164 message', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(path(owner.business._id, 'create'), customerInput({ phones: ['12345'] }), owner.token);
    expectFieldErrorStartingWith(result, 'phones[0]', E164_MESSAGE);
    expectFieldErrorStartingWith(
      await h.call(path(owner.business._id, 'create'), customerInput({ phones: ['+123456789012345'] }), owner.token),
      'phones[0]',
      E164_MESSAGE,
    );
  });

  it('reports every invalid field at once and creates nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      { first_name: '', status: '', emails: ['x'], phones: ['1'] },
      owner.token,
    );
    expectFailureEnvelope(result, 422);
    expect(Object.keys(result.body.field_errors ?? {}).sort()).toEqual([
      'emails[0]',
      'first_name',
      'phones[0]',
      'status',
    ]);
    const list = await h.call(path(owner.business._id, 'list'), {}, owner.token);
    expect(list.body.data.total).toBe(0);
  });
});

describe('businesses/customers/{business_id}/get/{customer_id}', () => {
  it('answers data.customer', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createCustomer(h, owner.business._id, owner.token);
    const result = await h.call(path(owner.business._id, `get/${created._id}`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ customer: created });
    expect(result.body.messages).toEqual([]);
  });

  it('answers 404 for an unknown id and for a deleted contact', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(path(owner.business._id, 'get/no-such-contact'), undefined, owner.token), 404);
    const created = await createCustomer(h, owner.business._id, owner.token);
    await h.call(path(owner.business._id, `delete/${created._id}`), undefined, owner.token);
    expectFailureEnvelope(await h.call(path(owner.business._id, `get/${created._id}`), undefined, owner.token), 404);
  });
});

describe('businesses/customers/{business_id}/update/{customer_id}', () => {
  it("changes only the fields sent and answers 'Contact updated.'", async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createCustomer(h, owner.business._id, owner.token, { status: 'lead' });
    h.clock.offsetMs += 1000;
    const result = await h.call(
      path(owner.business._id, `update/${created._id}`),
      { status: 'customer', phones: ['+15555550100', '+15555550100'] },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Contact updated.']);
    expectCustomerShape(result.body.data.customer);
    expect(result.body.data.customer).toMatchObject({
      _id: created._id,
      first_name: created.first_name,
      last_name: created.last_name,
      emails: created.emails,
      status: 'customer',
      phones: ['+15555550100'],
      created_at: created.created_at,
    });
    expect(Date.parse(result.body.data.customer.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const read = await h.call(path(owner.business._id, `get/${created._id}`), undefined, owner.token);
    expect(read.body.data.customer).toEqual(result.body.data.customer);
    expect(eventsFor(h, created._id).map((event) => event.event)).toEqual(['CustomerCreated', 'CustomerUpdated']);
    expect(eventsFor(h, created._id)[1].payload).toEqual({ id: result.body.data.customer._id });
  });

  it("clears the last name with '' or null", async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createCustomer(h, owner.business._id, owner.token, {
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    const cleared = await h.call(path(owner.business._id, `update/${created._id}`), { last_name: '' }, owner.token);
    expect(cleared.body.data.customer).toMatchObject({ last_name: null, name: 'Grace' });
    await h.call(path(owner.business._id, `update/${created._id}`), { last_name: 'Hopper' }, owner.token);
    const nulled = await h.call(path(owner.business._id, `update/${created._id}`), { last_name: null }, owner.token);
    expect(nulled.body.data.customer.last_name).toBeNull();
  });

  it('validates with the same messages and leaves the contact unchanged', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createCustomer(h, owner.business._id, owner.token);
    const update = (body: unknown) => h.call(path(owner.business._id, `update/${created._id}`), body, owner.token);
    expectFieldError(await update({ first_name: '' }), 'first_name', 'First name is required.');
    expectFieldError(await update({ status: 'nope' }), 'status', 'Customer status is required.');
    expectFieldError(await update({ emails: ['bad@'] }), 'emails[0]', 'Email is not valid.');
    expectFieldErrorStartingWith(await update({ phones: ['+44 12'] }), 'phones[0]', E164_MESSAGE);
    const read = await h.call(path(owner.business._id, `get/${created._id}`), undefined, owner.token);
    expect(read.body.data.customer).toEqual(created);
  });

  it('answers 404 for an unknown or deleted contact', async () => {
    const owner = await h.signUpWithBusiness();
    expectFailureEnvelope(await h.call(path(owner.business._id, 'update/nope'), { first_name: 'X' }, owner.token), 404);
    const created = await createCustomer(h, owner.business._id, owner.token);
    await h.call(path(owner.business._id, `delete/${created._id}`), undefined, owner.token);
    expectFailureEnvelope(
      await h.call(path(owner.business._id, `update/${created._id}`), { first_name: 'X' }, owner.token),
      404,
    );
  });
});

describe('businesses/customers/{business_id}/delete and restore', () => {
  it("deletes softly ('Contact deleted.'), and restore brings back exactly what was deleted ('Contact restored.')", async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createCustomer(h, owner.business._id, owner.token, {
      addresses: [{ line_1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62704', country: 'US' }],
      emails: ['one@example.com', 'two@example.com'],
    });
    h.clock.offsetMs += 1000;
    const deleted = await h.call(path(owner.business._id, `delete/${created._id}`), undefined, owner.token);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.messages).toEqual(['Contact deleted.']);
    expectCustomerShape(deleted.body.data.customer);
    expect(deleted.body.data.customer).toEqual({ ...created, deleted_at: expect.any(String) });

    const list = await h.call(path(owner.business._id, 'list'), {}, owner.token);
    expect(list.body.data.customers.map((c: { _id: string }) => c._id)).not.toContain(created._id);

    const restored = await h.call(path(owner.business._id, `restore/${created._id}`), undefined, owner.token);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.messages).toEqual(['Contact restored.']);
    expect(restored.body.data.customer).toEqual(created);
    const read = await h.call(path(owner.business._id, `get/${created._id}`), undefined, owner.token);
    expect(read.body.data.customer).toEqual(created);

    const events = eventsFor(h, created._id);
    expect(events.map((event) => event.event)).toEqual(['CustomerCreated', 'CustomerDeleted', 'CustomerCreated']);
    expect(events.map((event) => event.payload)).toEqual([
      { id: created._id },
      { id: created._id },
      { id: created._id },
    ]);
  });

  it('answers 404 to a second delete, and to a restore of a contact that is not deleted', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createCustomer(h, owner.business._id, owner.token);
    expectFailureEnvelope(
      await h.call(path(owner.business._id, `restore/${created._id}`), undefined, owner.token),
      404,
    );
    await h.call(path(owner.business._id, `delete/${created._id}`), undefined, owner.token);
    expectFailureEnvelope(await h.call(path(owner.business._id, `delete/${created._id}`), undefined, owner.token), 404);
    expectFailureEnvelope(
      await h.call(path(owner.business._id, 'delete/no-such-contact'), undefined, owner.token),
      404,
    );
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('documents every customer call as a POST', async () => {
    const response = await h.app.fetch(new Request('http://x/api/v1/openapi.json'));
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const calls = [
      'businesses/customers/{business_id}/list',
      'businesses/customers/{business_id}/get/{customer_id}',
      'businesses/customers/{business_id}/create',
      'businesses/customers/{business_id}/update/{customer_id}',
      'businesses/customers/{business_id}/delete/{customer_id}',
      'businesses/customers/{business_id}/restore/{customer_id}',
      'businesses/customers/{business_id}/merge/{customer_id}',
      'businesses/crm-order/{business_id}/get',
      'businesses/crm-order/{business_id}/set',
      'businesses/crm-order/{business_id}/clear',
      'helpers/address-lookup',
    ];
    for (const call of calls) expect(document.paths[`/api/v1/${call}`], call).toHaveProperty('post');
  });
});
