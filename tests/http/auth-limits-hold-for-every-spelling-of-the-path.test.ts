import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { API_RATE_LIMITED } from '#server/rate-limit';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * The auth limits count the call that actually runs, however its path is spelled: every
 * character percent-encoded (upper and lower hex), the whole path encoded, an encoded
 * slash, dot segments, doubled and trailing slashes, other letter cases, a query string.
 * Each spelling either reaches the same handler and shares its bucket, or reaches no
 * handler at all. Requests go out raw (node:http), so no client normalises the path first.
 */
const LIMIT = 3;
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ settings: { RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) }, web: false });
  port = Number(new URL(server.url).port);
}, 60_000);

afterAll(() => server?.close());

let nextAddress = 0;
const freshIp = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

/** POST an empty JSON object to the raw path: handlers answer 401/422 at once, no argon2. */
function post(rawPath: string, ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: rawPath,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

const hex = (char: string, upper: boolean) => {
  const code = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? code.toUpperCase() : code.toLowerCase()}`;
};

/** Every spelling of /api/v1/<call> the test tries. */
export function spellings(call: string): string[] {
  const base = '/api/v1/';
  const out = new Set<string>();
  const full = base + call;
  for (const upper of [true, false]) {
    // One character at a time, in the call and in the prefix.
    for (let i = 1; i < full.length; i++) out.add(full.slice(0, i) + hex(full[i], upper) + full.slice(i + 1));
    // Every character of the call, and every character of the path.
    out.add(base + [...call].map((c) => hex(c, upper)).join(''));
    out.add([...full].map((c) => (c === '/' ? c : hex(c, upper))).join(''));
    out.add([...full].map((c) => hex(c, upper)).join(''));
  }
  const [resource, action] = call.split('/');
  out.add(`${base}${resource}%2F${action}`);
  out.add(`${base}${resource}%2f${action}`);
  out.add(`${full}/`);
  out.add(`${full}//`);
  out.add(`/api/v1//${call}`);
  out.add(`/api//v1/${call}`);
  out.add(`//api/v1/${call}`);
  out.add(`${base}${resource}//${action}`);
  out.add(`${base}${resource}/./${action}`);
  out.add(`${base}${resource}/%2e/${action}`);
  out.add(`${base}x/../${call}`);
  out.add(`${base}x/%2e%2e/${call}`);
  out.add(`${base}x/%2E%2E/${call}`);
  out.add(`${base}./${call}`);
  out.add(`${base}${resource}\\${action}`);
  out.add(`${base}${resource}%5C${action}`);
  out.add(full.toUpperCase());
  out.add(`${base}${call.toUpperCase()}`);
  out.add(`${base}${resource}/${action[0].toUpperCase()}${action.slice(1)}`);
  out.add(`${full}?x=1`);
  out.add(`${full}?`);
  out.add(`${full}#x`);
  out.add(`${full};x`);
  out.add(`${full}%3Fx=1`);
  out.add(`${base}${resource}/${action.slice(0, 1)}%25${hex(action[1], true).slice(1)}${action.slice(2)}`);
  out.delete(full);
  return [...out];
}

const calls = Object.keys(API_RATE_LIMITED).map((route) => route.slice('/api/v1/'.length));

describe('the auth limits, whatever the spelling of the path', () => {
  it('covers the auth calls and the business lookup', () => {
    expect(calls).toEqual(
      expect.arrayContaining([
        'users/login',
        'users/create',
        'users/forgot-password',
        'users/verify-password-code',
        'users/mobile-submit',
        'users/mobile-verify',
        'helpers/business-lookup',
      ]),
    );
  });

  it.each(calls)(
    '%s: a spelling that runs the handler shares its bucket; one that does not, runs nothing',
    async (call) => {
      const canonical = `/api/v1/${call}`;
      const handlerStatus = await post(canonical, freshIp());
      expect([401, 422]).toContain(handlerStatus);
      const routed: string[] = [];
      const leaks: string[] = [];
      const statuses: number[] = [];
      // Each spelling from its own address, eight at a time.
      const queue = spellings(call);
      const worker = async () => {
        for (let spelling = queue.shift(); spelling !== undefined; spelling = queue.shift()) {
          const result = await check(spelling);
          statuses.push(result.first);
          if (result.runsHandler) routed.push(spelling);
          leaks.push(...result.leaks);
        }
      };
      const check = async (spelling: string) => {
        const ip = freshIp();
        const leaks: string[] = [];
        // The spelling once (counts if it runs the handler), the canonical path up to the
        // limit, the spelling again: refused if it runs the handler.
        const first = await post(spelling, ip);
        const runsHandler = first === handlerStatus;
        for (let i = 1; i < LIMIT; i++) await post(canonical, ip);
        const again = await post(spelling, ip);
        if (runsHandler ? again !== 429 : again === handlerStatus) leaks.push(`${spelling}: ${first} then ${again}`);
        // And the spelling's hits counted against the canonical path's bucket.
        if (runsHandler && (await post(canonical, ip)) !== 429)
          leaks.push(`${spelling}: did not count against ${canonical}`);
        return { first, runsHandler, leaks };
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(leaks).toEqual([]);
      // The encodings Hono decodes reach the handler: the test is not vacuous.
      expect(routed.length).toBeGreaterThan(call.length);
    },
    60_000,
  );

  it('answers the refusal with the envelope and Retry-After on any spelling', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) await post('/api/v1/users/login', ip);
    const response = await fetch(`${server.url}/api/v1/users/%6Cogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: '{}',
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await response.json()).toEqual({ errors: [messages.rateLimited] });
  });
});
