import { faker } from '@faker-js/faker';
import { expect } from 'vitest';
import type { ApiCustomer } from '#contract/envelope';
import type { Harness } from './api-harness';
import { randomMobile } from './expect-envelope';

/** The keys of contract/envelope.ts ApiCustomer: the API answers exactly these. */
export const CUSTOMER_KEYS = [
  '_id',
  'addresses',
  'created_at',
  'deleted_at',
  'duplicates',
  'emails',
  'first_name',
  'last_name',
  'name',
  'phones',
  'sms_opt_outs',
  'status',
  'updated_at',
];

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** Exactly the ApiCustomer shape, with the right types in every field. */
export function expectCustomerShape(customer: ApiCustomer): void {
  expect(Object.keys(customer).sort()).toEqual(CUSTOMER_KEYS);
  expect(customer).toEqual({
    _id: expect.any(String),
    first_name: expect.any(String),
    last_name: customer.last_name === null ? null : expect.any(String),
    name: expect.any(String),
    status: expect.stringMatching(/^(lead|customer|inactive)$/),
    emails: expect.any(Array),
    phones: expect.any(Array),
    addresses: expect.any(Array),
    duplicates: expect.any(Array),
    sms_opt_outs: expect.any(Array),
    created_at: isoDate,
    updated_at: isoDate,
    deleted_at: customer.deleted_at === null ? null : isoDate,
  });
  for (const duplicate of customer.duplicates) {
    expect(Object.keys(duplicate).sort()).toEqual(['_id', 'name', 'reason']);
    expect(['phone', 'email']).toContain(duplicate.reason);
  }
  for (const optOut of customer.sms_opt_outs)
    expect(optOut).toEqual({ phone: expect.stringMatching(/^\+\d+$/), at: isoDate });
  for (const address of customer.addresses) {
    for (const key of Object.keys(address)) expect(['line_1', 'city', 'state', 'postcode', 'country']).toContain(key);
  }
}

export function customerInput(overrides: Record<string, unknown> = {}) {
  return {
    first_name: faker.person.firstName(),
    last_name: faker.person.lastName(),
    status: 'lead',
    emails: [
      faker.internet
        .email()
        .toLowerCase()
        .replace('@', `.${faker.string.alphanumeric(6).toLowerCase()}@`),
    ],
    phones: [randomMobile()],
    addresses: [],
    ...overrides,
  };
}

/** Create a contact through the API (as `token`) and return it. */
export async function createCustomer(
  h: Harness,
  businessId: string,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<ApiCustomer> {
  const result = await h.call(`businesses/customers/${businessId}/create`, customerInput(overrides), token);
  if (result.status !== 200) throw new Error(`customer create failed: ${JSON.stringify(result.body)}`);
  return result.body.data.customer;
}

/** The events published about one record, in order. */
export function eventsFor(h: Harness, id: string) {
  return h.events.filter((event) => event.payload.id === id);
}
