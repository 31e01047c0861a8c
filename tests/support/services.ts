import { faker } from '@faker-js/faker';
import { expect } from 'vitest';
import type { ApiService } from '#contract/envelope';
import type { Harness } from './api-harness';

/** The keys of contract/envelope.ts ApiService: the API answers exactly these. */
export const SERVICE_KEYS = [
  '_id',
  'created_at',
  'deleted_at',
  'description',
  'duration_minutes',
  'frequency',
  'frequency_unit',
  'name',
  'price',
  'status',
  'updated_at',
];

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** Exactly the ApiService shape, with the right types in every field. */
export function expectServiceShape(service: ApiService): void {
  expect(Object.keys(service).sort()).toEqual(SERVICE_KEYS);
  expect(service).toEqual({
    _id: expect.any(String),
    name: expect.any(String),
    status: expect.stringMatching(/^(active|inactive)$/),
    frequency: expect.any(Number),
    frequency_unit: expect.stringMatching(/^(day|week|month)$/),
    duration_minutes: expect.any(Number),
    description: service.description === null ? null : expect.any(String),
    price: service.price === null ? null : expect.any(String),
    created_at: isoDate,
    updated_at: isoDate,
    deleted_at: service.deleted_at === null ? null : isoDate,
  });
}

export function serviceInput(overrides: Record<string, unknown> = {}) {
  return {
    name: `${faker.commerce.productName()} ${faker.string.alphanumeric(4)}`,
    status: 'active',
    frequency: 30,
    description: faker.commerce.productDescription(),
    price: `£${faker.number.int({ min: 10, max: 500 })}`,
    ...overrides,
  };
}

/** Create a service through the API (as `token`) and return it. */
export async function createService(
  h: Harness,
  businessId: string,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<ApiService> {
  const result = await h.call(`businesses/services/${businessId}/create`, serviceInput(overrides), token);
  if (result.status !== 200) throw new Error(`service create failed: ${JSON.stringify(result.body)}`);
  return result.body.data.service;
}
