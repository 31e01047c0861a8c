import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { startTestServer, testServerEnv, type TestServer } from '#tests/support/test-server';
import { startServer } from '../../server';

/**
 * The composed server over real HTTP (the built web app: `npm test` builds before vitest).
 * The auth rate limit is lowered to 3 a minute so the limit is reached quickly.
 */
const LIMIT = 3;
const settings = { RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ settings });
}, 60_000);

afterAll(() => server?.close());

describe('the composed server', () => {
  it('answers the health check with the database status', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('refuses the v1 login after the per-minute limit with a clear 429 message', async () => {
    const attempt = () =>
      fetch(`${server.url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
      });
    for (let i = 0; i < LIMIT; i++) expect((await attempt()).status).toBe(422);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ errors: [messages.rateLimited] });
  });

  it('refuses the login form after the per-minute limit and says so on the page', async () => {
    const attempt = () =>
      fetch(`${server.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'nobody@example.com', password: 'wrong password' }),
        redirect: 'manual',
      });
    for (let i = 0; i < LIMIT; i++) expect((await attempt()).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(messages.rateLimited);
  });

  it('enforces a CSP whose nonce is on every inline script of the page', async () => {
    const response = await fetch(`${server.url}/register`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('caches fingerprinted assets immutably and compresses them', async () => {
    const html = await (await fetch(`${server.url}/register`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves the OpenAPI document and answers unknown paths with 404', async () => {
    const doc = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(doc.status).toBe(200);
    expect(Object.keys((await doc.json()).paths)).toContain('/api/v1/users/login');
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
    const api404 = await fetch(`${server.url}/api/v1/no/such/call`, { method: 'POST' });
    expect(api404.status).toBe(404);
    expect(await api404.json()).toEqual({ errors: ['There is no such API call.'] });
  });

  it('refuses to open a PGlite directory another live process holds', async () => {
    await expect(startServer({ env: testServerEnv(server.dataDir, settings), log: () => {} })).rejects.toThrow(
      /already in use by another process/,
    );
  });
});
