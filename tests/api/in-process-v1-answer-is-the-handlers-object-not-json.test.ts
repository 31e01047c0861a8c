import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { apiCall, apiFetch } from '#app/lib/api.server';
import { awaitAnswer, handOver } from '#contract/in-process-answer.server';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * The web app's in-process v1 calls (API_URL unset; contract/in-process-answer.server.ts): a
 * 200 hands the handler's envelope object over with an empty body, the same data an HTTP
 * client parses from JSON; refusals and raw-Response calls keep their JSON bodies; and outside
 * production the object is frozen and must be plain JSON.
 */
let h: Harness;
vi.stubGlobal('__APP_VERSION__', '9.9.9');
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** A loader's caller whose calls reach the harness's v1 app in process, the Request itself, as server.ts sends it. */
function callerFor(token: string, businessId?: string) {
  const bodies: string[] = [];
  const context = {
    apiFetch: async (request: Request) => {
      const response = await h.app.fetch(request);
      bodies.push(await response.clone().text());
      return response;
    },
    clientIp: '203.0.113.9',
    requestId: 'req-in-process',
  } as unknown as AppLoadContext;
  const request = new Request('http://app.test/dashboard/customers');
  return { caller: { context, request, token, businessId }, bodies };
}

describe('an in-process v1 call', () => {
  it('answers a 200 with the handler’s object and no JSON body, equal to what HTTP answers', async () => {
    const account = await h.signUpWithBusiness();
    const businessId = account.business._id as string;
    for (const [first_name, last_name] of [
      ['Ada', 'Lovelace'],
      ['Grace', 'Hopper'],
    ])
      await createCustomer(h, businessId, account.token, { first_name, last_name });
    const { caller, bodies } = callerFor(account.token, businessId);
    const path = `businesses/customers/${businessId}/list`;
    const result = await apiCall<{ customers: { name: string }[]; total: number }>(caller, path, { limit: 500 });
    expect(bodies).toEqual(['']);
    expect(result.ok).toBe(true);
    const overHttp = await h.call(path, { limit: 500 }, account.token);
    expect(result.ok && { data: result.data, messages: result.messages }).toEqual(overHttp.body);
    if (!result.ok) return;
    expect(result.data.customers.map((c) => c.name).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    // Outside production a page cannot change the handler's object.
    expect(Object.isFrozen(result.data.customers[0])).toBe(true);
    expect(() => result.data.customers.sort()).toThrow(TypeError);
  });

  it('keeps JSON for a refusal and for a raw-Response call', async () => {
    const account = await h.signUpWithBusiness();
    const businessId = account.business._id as string;
    const refused = callerFor('not-a-token', businessId);
    const result = await apiCall(refused.caller, `businesses/customers/${businessId}/list`, {});
    expect(result.ok).toBe(false);
    expect(result.status).toBe(401);
    expect(!result.ok && result.errors.length).toBeGreaterThan(0);
    expect(JSON.parse(refused.bodies[0]).errors).toEqual(!result.ok && result.errors);

    const raw = callerFor(account.token, businessId);
    const response = await apiFetch(raw.caller, `businesses/customers/${businessId}/list`, {});
    expect(response?.status).toBe(200);
    expect(JSON.parse(raw.bodies[0]).data.total).toBe(0);
  });
});

describe('handOver', () => {
  const envelope = (data: Record<string, unknown>) => ({ data, messages: [] });

  it('hands nothing over for a request the app did not mark (an HTTP client)', () => {
    expect(handOver(new Request('http://api.test/x'), envelope({}))).toBe(false);
  });

  it('meets the app’s mark from another copy of the module (the Remix server build bundles its own)', async () => {
    const copyPath = '../../contract/in-process-answer.server.ts?another-copy';
    const copy = (await import(/* @vite-ignore */ copyPath)) as { awaitAnswer: typeof awaitAnswer };
    expect(copy.awaitAnswer).not.toBe(awaitAnswer);
    const request = new Request('http://api.test/x');
    const answer = copy.awaitAnswer(request);
    expect(handOver(request, envelope({ a: 1 }))).toBe(true);
    expect(answer()?.data).toEqual({ a: 1 });
  });

  it('refuses, outside production, what JSON would not carry the same', () => {
    for (const data of [{ at: new Date() }, { n: Number.NaN }, { list: [undefined] }, { big: 1n }, { f: () => 1 }]) {
      const request = new Request('http://api.test/x');
      awaitAnswer(request);
      expect(() => handOver(request, envelope(data))).toThrow(/JSON/);
    }
    const request = new Request('http://api.test/x');
    const answer = awaitAnswer(request);
    expect(handOver(request, envelope({ a: [1, 'b', null, true, { c: undefined }] }))).toBe(true);
    expect(answer()?.data).toEqual({ a: [1, 'b', null, true, {}] });
  });
});
