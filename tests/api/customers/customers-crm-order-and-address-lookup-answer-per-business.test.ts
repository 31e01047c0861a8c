import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAddressLookup } from '#api/features/address-lookup/lookup';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

const LOOKUP = 'https://nominatim.test';
// The service finds nothing unless a test says otherwise.
const server = setupServer(http.get(`${LOOKUP}/search`, () => HttpResponse.json([])));
const lookedUp: URL[] = [];

let h: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ addressLookup: createAddressLookup(LOOKUP) });
});
afterEach(() => {
  server.resetHandlers();
  lookedUp.length = 0;
});
afterAll(async () => {
  server.close();
  await h.close();
});

describe('businesses/crm-order/{business_id}/get|set|clear', () => {
  it('answers the default status order until one is set', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(`businesses/crm-order/${owner.business._id}/get`, undefined, owner.token);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { crm_order: ['lead', 'customer', 'inactive'] }, messages: [] });
  });

  it('sets an order that get then answers, and clear goes back to the default', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const set = await h.call(
      `businesses/crm-order/${b}/set`,
      { crm_order: ['customer', 'lead', 'inactive'] },
      owner.token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ data: { crm_order: ['customer', 'lead', 'inactive'] }, messages: ['CRM order saved.'] });
    expect((await h.call(`businesses/crm-order/${b}/get`, undefined, owner.token)).body.data.crm_order).toEqual([
      'customer',
      'lead',
      'inactive',
    ]);
    const events = h.events.filter(
      (event) => event.channels.includes(`private-business.${b}`) && event.event === 'BusinessUpdated',
    );
    expect(events.length).toBeGreaterThan(0);

    const cleared = await h.call(`businesses/crm-order/${b}/clear`, undefined, owner.token);
    expect(cleared.body).toEqual({
      data: { crm_order: ['lead', 'customer', 'inactive'] },
      messages: ['CRM order reset to the default.'],
    });
    expect((await h.call(`businesses/crm-order/${b}/get`, undefined, owner.token)).body.data.crm_order).toEqual([
      'lead',
      'customer',
      'inactive',
    ]);
  });

  it('refuses an order that does not list each status exactly once', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const message = 'The order must list each status once: lead, customer, inactive.';
    expectFieldError(
      await h.call(`businesses/crm-order/${b}/set`, { crm_order: ['lead', 'customer'] }, owner.token),
      'crm_order',
      message,
    );
    expectFieldError(
      await h.call(`businesses/crm-order/${b}/set`, { crm_order: ['lead', 'lead', 'customer'] }, owner.token),
      'crm_order',
      message,
    );
    expectFailureEnvelope(
      await h.call(`businesses/crm-order/${b}/set`, { crm_order: ['lead', 'customer', 'vip'] }, owner.token),
      422,
    );
    expectFailureEnvelope(await h.call(`businesses/crm-order/${b}/set`, {}, owner.token), 422);
    expect((await h.call(`businesses/crm-order/${b}/get`, undefined, owner.token)).body.data.crm_order).toEqual([
      'lead',
      'customer',
      'inactive',
    ]);
  });

  it('keeps each business its own order', async () => {
    const one = await h.signUpWithBusiness();
    const two = await h.signUpWithBusiness();
    await h.call(
      `businesses/crm-order/${one.business._id}/set`,
      { crm_order: ['inactive', 'customer', 'lead'] },
      one.token,
    );
    expect(
      (await h.call(`businesses/crm-order/${two.business._id}/get`, undefined, two.token)).body.data.crm_order,
    ).toEqual(['lead', 'customer', 'inactive']);
  });
});

describe('helpers/address-lookup', () => {
  const lookup = (address: string, token: string, businessId?: string) =>
    h.call('helpers/address-lookup', { address }, token, businessId ? { 'business-id': businessId } : {});

  it('answers a structured parse of what was typed', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await lookup('10 Downing St, London SW1A 2AA, UK', owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.addresses_found).toEqual([
      {
        line_1: '10 Downing St',
        city: 'London',
        state: null,
        postcode: 'SW1A 2AA',
        country: 'GB',
        label: '10 Downing St, London, SW1A 2AA, United Kingdom',
        source: 'parsed',
      },
    ]);
  });

  it("suggests addresses already on the selected business's contacts first, matching every word typed", async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const b = owner.business._id;
    const address = { line_1: '221B Baker Street', city: 'London', postcode: 'NW1 6XE', country: 'GB' };
    await createCustomer(h, b, owner.token, { addresses: [address] });
    await createCustomer(h, b, owner.token, { addresses: [address, { line_1: '1 Baker Lane', city: 'Bristol' }] });
    await createCustomer(h, other.business._id, other.token, {
      addresses: [{ line_1: '5 Baker Street', city: 'London' }],
    });

    const result = await lookup('baker street', owner.token, b);
    expect(result.status).toBe(200);
    const found = result.body.data.addresses_found;
    expect(found[0]).toEqual({
      ...address,
      state: null,
      label: '221B Baker Street, London, NW1 6XE, United Kingdom',
      source: 'known',
    });
    expect(found.filter((entry: { source: string }) => entry.source === 'known')).toHaveLength(1);
    expect(found.map((entry: { label: string }) => entry.label).join('|')).not.toContain('5 Baker Street');
    expect(found.at(-1).source).toBe('parsed');

    // Without the header there is no business to take known addresses from.
    const plain = await lookup('baker street', owner.token);
    expect(plain.body.data.addresses_found.map((entry: { source: string }) => entry.source)).toEqual(['parsed']);
  });

  it('leaves out the addresses of deleted contacts', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const gone = await createCustomer(h, b, owner.token, {
      addresses: [{ line_1: '77 Vanished Road', city: 'Nowhere' }],
    });
    await h.call(`businesses/customers/${b}/delete/${gone._id}`, undefined, owner.token);
    const result = await lookup('Vanished', owner.token, b);
    expect(result.body.data.addresses_found.map((entry: { source: string }) => entry.source)).toEqual(['parsed']);
  });

  it('adds the Nominatim-compatible service results when ADDRESS_LOOKUP_URL is set', async () => {
    const owner = await h.signUpWithBusiness();
    server.use(
      http.get(`${LOOKUP}/search`, ({ request }) => {
        lookedUp.push(new URL(request.url));
        return HttpResponse.json([
          {
            display_name:
              '1600, Amphitheatre Parkway, Mountain View, Santa Clara County, California, 94043, United States',
            address: {
              house_number: '1600',
              road: 'Amphitheatre Parkway',
              town: 'Mountain View',
              state: 'California',
              postcode: '94043',
              country: 'United States',
              country_code: 'us',
            },
          },
        ]);
      }),
    );
    const result = await lookup('1600 Amphitheatre Parkway, Mountain View, CA 94043, USA', owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.addresses_found).toEqual([
      {
        line_1: '1600 Amphitheatre Parkway',
        city: 'Mountain View',
        state: 'CA',
        postcode: '94043',
        country: 'US',
        label: '1600 Amphitheatre Parkway, Mountain View, CA 94043, United States',
        source: 'parsed',
      },
      {
        line_1: '1600 Amphitheatre Parkway',
        city: 'Mountain View',
        state: 'California',
        postcode: '94043',
        country: 'US',
        label: '1600 Amphitheatre Parkway, Mountain View, California 94043, United States',
        source: 'directory',
      },
    ]);
    expect(lookedUp).toHaveLength(1);
    expect(lookedUp[0].searchParams.get('q')).toBe('1600 Amphitheatre Parkway, Mountain View, CA 94043, USA');
    expect(lookedUp[0].searchParams.get('format')).toBe('jsonv2');
    expect(lookedUp[0].searchParams.get('addressdetails')).toBe('1');
  });

  it('still answers when the service fails', async () => {
    const owner = await h.signUpWithBusiness();
    server.use(http.get(`${LOOKUP}/search`, () => new HttpResponse('down', { status: 503 })));
    const result = await lookup('10 Downing St, London', owner.token);
    expect(result.status).toBe(200);
    expect(result.body.data.addresses_found.map((entry: { source: string }) => entry.source)).toEqual(['parsed']);
  });

  it("refuses an empty address with 'This field is required.'", async () => {
    const owner = await h.signUpWithBusiness();
    expectFieldError(await lookup('  ', owner.token), 'address', 'This field is required.');
    expectFieldError(await h.call('helpers/address-lookup', {}, owner.token), 'address', 'This field is required.');
  });
});
