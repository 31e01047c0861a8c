import type { APIRequestContext } from '@playwright/test';
import { api, type Account } from './helpers';

type Seeded = { _id: string; name: string };

/** A record created in the business through the v1 API, with the defaults a form would send. */
function seeder<K extends string>(resource: string, key: K, defaults: Record<string, unknown>) {
  return (request: APIRequestContext, account: Account, businessId: string, body: Record<string, unknown>) =>
    api<Record<K, Seeded>>(
      request,
      `businesses/${resource}/${businessId}/create`,
      { ...defaults, ...body },
      account.token,
    ).then((data) => data[key]);
}

export const seedCustomer = seeder('customers', 'customer', { status: 'lead' });
export const seedService = seeder('services', 'service', { status: 'active', frequency: 0 });
export const seedOrder = seeder('orders', 'order', { status: 'new' });
