import type { ApiSystem } from '#contract/v1/systems';
import type { TelephonyProvider } from '#api/services/telephony/provider';
import type { Harness } from './api-harness';

/**
 * Systems fixtures for the v1 tests. Phone numbers are unique among live systems across the
 * whole database, and parallel test files share one PostgreSQL database: each test buys a
 * random number from the sandbox's NANP fiction range (+1 NXX 555-01xx, 80,000 of them).
 */
export function randomSandboxNumber(): string {
  const area = 200 + Math.floor(Math.random() * 800);
  const line = String(Math.floor(Math.random() * 100)).padStart(2, '0');
  return `+1${area}55501${line}`;
}

/** A random UK mobile in E.164 form (parallel files may share one outbox). */
export function randomUkMobile(): string {
  return `+447${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

async function expectOk(result: Awaited<ReturnType<Harness['call']>>, what: string) {
  if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

export async function addSystem(
  h: Harness,
  businessId: string,
  token: string,
  name: 'telephony' | 'leadcatcher' | 'mobile',
): Promise<ApiSystem> {
  const body = await expectOk(
    await h.call(`businesses/systems/${businessId}/create`, { name }, token),
    `create ${name} system`,
  );
  return body.data.system;
}

/** Buy a free sandbox number for a system (or a new telephony system), retrying on the rare collision. */
export async function buyNumber(h: Harness, businessId: string, token: string, systemId?: string): Promise<ApiSystem> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const result = await h.call(
      `businesses/purchase-number/${businessId}`,
      { phone_number: randomSandboxNumber(), ...(systemId ? { system_id: systemId } : {}) },
      token,
    );
    if (result.status === 200) return result.body.data.system;
    if (result.status !== 422) throw new Error(`purchase-number: ${result.status} ${JSON.stringify(result.body)}`);
  }
  throw new Error('purchase-number: no free sandbox number after 5 attempts');
}

/** An active telephony system with its own number. */
export async function telephonySystem(h: Harness, businessId: string, token: string): Promise<ApiSystem> {
  const system = await addSystem(h, businessId, token, 'telephony');
  return buyNumber(h, businessId, token, system._id);
}

/** A v1 path under businesses/systems/{business_id}/. */
export const systemsPath = (businessId: string, action: string) => `businesses/systems/${businessId}/${action}`;

/** Swap the provider for one test (the app reads deps.telephony on every call). */
export async function withProvider<T>(
  h: Harness,
  patch: Partial<TelephonyProvider>,
  run: () => Promise<T>,
): Promise<T> {
  const original = h.deps.telephony;
  h.deps.telephony = { ...original, ...patch };
  try {
    return await run();
  } finally {
    h.deps.telephony = original;
  }
}
