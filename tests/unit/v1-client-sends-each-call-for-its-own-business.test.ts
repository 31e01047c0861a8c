import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { v1 } from '#app/lib/v1.server';

/**
 * The app's v1 client binds a feature's calls on first use (app/lib/v1.server.ts): clients made
 * for different businesses, or used one after another, each still send to their own paths.
 */
function caller(businessId: string | null) {
  const sent: string[] = [];
  const apiFetch = async (request: Request) => {
    sent.push(`${new URL(request.url).pathname} ${await request.text()}`);
    return Response.json({ data: { ok: true }, messages: [] });
  };
  const context = { apiFetch, clientIp: '203.0.113.9', requestId: 'req-v1' } as unknown as AppLoadContext;
  return { sent, caller: { context, request: new Request('http://app.test/dashboard/home'), token: 't', businessId } };
}

// Vite defines the web build's version at build time (the client sends it); restored after this file.
beforeAll(() => vi.stubGlobal('__APP_VERSION__', '1.0.0'));
afterAll(() => vi.unstubAllGlobals());

describe('the v1 client', () => {
  it("fills each call's path with its own client's business, whichever client was used first", async () => {
    const a = caller('business-a');
    const b = caller('business-b');
    const clientA = v1(a.caller);
    const clientB = v1(b.caller);
    await clientB.customers.get('c1');
    await clientA.customers.get('c2');
    await clientA.customers.list({ limit: 5 });
    await clientA.users.get();
    expect(b.sent).toEqual(['/api/v1/businesses/customers/business-b/get/c1 ']);
    expect(a.sent).toEqual([
      '/api/v1/businesses/customers/business-a/get/c2 ',
      '/api/v1/businesses/customers/business-a/list {"limit":5}',
      '/api/v1/users/get ',
    ]);
    expect(await v1(a.caller, 'business-c').customers.get('c3')).toMatchObject({ ok: true });
    expect(a.sent.at(-1)).toBe('/api/v1/businesses/customers/business-c/get/c3 ');
  });

  it("sends a user's own call without a business, and sends a page with none to set one up first", async () => {
    const none = caller(null);
    const client = v1(none.caller);
    expect(await client.users.get()).toMatchObject({ ok: true, data: { ok: true } });
    let thrown: unknown;
    try {
      await client.customers.get('c1');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/dashboard/onboard/mobile-submit');
    expect(none.sent).toEqual(['/api/v1/users/get ']);
  });
});
