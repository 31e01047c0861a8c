import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '#api/deps';
import { memories } from '#api/db/schema';
import { OutboundRefused, outboundGet, type OutboundPolicy } from '#api/lib/outbound-url';
import { runNextJob } from '#api/features/learning/runner';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The website data loader is an SSRF surface: a member names any address and reads what was
 * fetched back as memories. Real listeners on this machine stand in for internal services;
 * each counts the connections it accepted, so "nothing was fetched" is measured at the socket.
 */
type Listener = { port: number; connections: number; requests: string[]; close: () => Promise<void> };

async function listen(
  host: string,
  handler?: (request: http.IncomingMessage, response: http.ServerResponse) => void,
): Promise<Listener> {
  const sockets = new Set<Socket>();
  const state = { connections: 0, requests: [] as string[] };
  const server = http.createServer((request, response) => {
    state.requests.push(request.url ?? '');
    if (handler) return handler(request, response);
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      '<html><head><title>Admin</title></head><body><main><h1>Internal admin</h1><p>Database password hunter2.</p></main></body></html>',
    );
  });
  server.on('connection', (socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const LIMITS = { maxPages: 10, maxBytes: 256 * 1024, timeoutMs: 2_000 };
const GENERIC = 'The page could not be fetched.';

let internal: Listener;
let internalV6: Listener;
const logged: Parameters<NonNullable<ApiDeps['log']>>[0][] = [];
let h: Harness;
beforeAll(async () => {
  internal = await listen('127.0.0.1');
  internalV6 = await listen('::1');
  // The default: no outbound policy, as in production.
  h = await createHarness({ log: (line) => logged.push(line) });
});
afterAll(async () => {
  await internal.close();
  await internalV6.close();
  await h.close();
});

// One owner per harness: each crawl is its own job of that business, run to its end.
const owners = new WeakMap<Harness, Awaited<ReturnType<Harness['signUpWithBusiness']>>>();
async function crawl(harness: Harness, url: string) {
  if (!owners.has(harness)) owners.set(harness, await harness.signUpWithBusiness());
  const owner = owners.get(harness)!;
  const b = owner.business._id as string;
  const started = await harness.call(`businesses/learning/${b}/start`, { url }, owner.token);
  expect(started.status).toBe(200);
  expect(await runNextJob(harness.deps, { limits: LIMITS, businessIds: [b] })).toBe('done');
  const job = (await harness.call(`businesses/learning/${b}/get/${started.body.data.job._id}`, undefined, owner.token))
    .body.data.job;
  const learned = await harness.deps.db
    .select()
    .from(memories)
    .where(
      and(
        eq(memories.businessId, b),
        eq(memories.type, 'web_page'),
        sql`${memories.meta}->>'learning_job_id' = ${job._id}`,
      ),
    );
  return { job, learned };
}

describe('the data loader refuses internal addresses', () => {
  const forms = () => [
    `http://127.0.0.1:${internal.port}/`,
    `http://localhost:${internal.port}/`,
    `http://0.0.0.0:${internal.port}/`,
    `http://2130706433:${internal.port}/`,
    `http://0x7f000001:${internal.port}/`,
    `http://127.1:${internal.port}/`,
    `http://017700000001:${internal.port}/`,
    `http://0177.0.0.1:${internal.port}/`,
    `http://127.0.0.1.:${internal.port}/`,
    `http://[::ffff:127.0.0.1]:${internal.port}/`,
    `http://[::ffff:7f00:1]:${internal.port}/`,
    `http://[::1]:${internalV6.port}/`,
    `http://[0:0:0:0:0:0:0:1]:${internalV6.port}/`,
    `http://[::]:${internalV6.port}/`,
    `https://127.0.0.1:${internal.port}/`,
    `127.0.0.1:${internal.port}`,
  ];

  it('fetches nothing from any spelling of this machine, stores nothing and says only that the page could not be fetched', async () => {
    for (const url of forms()) {
      const before = { v4: internal.connections, v6: internalV6.connections };
      const { job, learned } = await crawl(h, url);
      expect({ url, v4: internal.connections, v6: internalV6.connections }).toEqual({ url, ...before });
      expect(learned).toEqual([]);
      expect(job).toMatchObject({ status: 'done', pages_learned: 0 });
      expect(job.errors.map((e: { error: string }) => e.error)).toEqual([GENERIC]);
    }
    expect(internal.requests).toEqual([]);
    expect(internalV6.requests).toEqual([]);
    // The real reason is in the server log, not in the member's list.
    expect(logged.some((line) => line.msg === 'learning page could not be fetched' && line.refused === true)).toBe(
      true,
    );
  });

  it('refuses private, link-local, carrier-grade NAT and other non-public addresses without connecting', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::1]/',
    ]) {
      const started = Date.now();
      const { job, learned } = await crawl(h, url);
      expect(learned).toEqual([]);
      expect(job.errors.map((e: { error: string }) => e.error)).toEqual([GENERIC]);
      // Refused before any connection: no connect timeout was waited for.
      expect(Date.now() - started).toBeLessThan(LIMITS.timeoutMs);
    }
  });

  it('refuses a public-looking name that resolves to an internal address, and a name with one internal answer among public ones', async () => {
    const dns: Record<string, { address: string; family: number }[]> = {
      'www.shop-example.com': [{ address: '127.0.0.1', family: 4 }],
      'mixed.shop-example.com': [
        { address: '93.184.216.34', family: 4 },
        { address: '::1', family: 6 },
      ],
    };
    const resolving = await createHarness({ outbound: { resolve: async (name) => dns[name] ?? [] } });
    try {
      for (const url of [
        `http://www.shop-example.com:${internal.port}/`,
        `http://mixed.shop-example.com:${internalV6.port}/`,
      ]) {
        const before = { v4: internal.connections, v6: internalV6.connections };
        const { job, learned } = await crawl(resolving, url);
        expect({ v4: internal.connections, v6: internalV6.connections }).toEqual(before);
        expect(learned).toEqual([]);
        expect(job.errors.map((e: { error: string }) => e.error)).toEqual([GENERIC]);
      }
    } finally {
      await resolving.close();
    }
  });
});

describe('redirects, sitemaps and DNS answers are checked on every hop', () => {
  // A public-looking site (its name resolves to a listener on loopback that this policy
  // lets through on its port only) that tries to lead the crawler to the internal listener.
  let shop: Listener;
  let policy: OutboundPolicy;
  let hs: Harness;
  beforeAll(async () => {
    shop = await listen('127.0.0.1', (request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const internalUrl = `http://127.0.0.1:${internal.port}`;
      if (path === '/robots.txt') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(
          `User-agent: *\nAllow: /\nSitemap: ${internalUrl}/sitemap.xml\nSitemap: http://[::1]:${internalV6.port}/sitemap.xml\nSitemap: http://www.public-shop.com:${shop.port}/sitemap.xml\n`,
        );
      }
      if (path === '/sitemap.xml') {
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          `<?xml version="1.0"?><urlset><url><loc>${internalUrl}/admin</loc></url><url><loc>http://www.public-shop.com:${shop.port}/hello</loc></url></urlset>`,
        );
      }
      if (path === '/hello') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end(
          '<html><head><title>Hello</title></head><body><main><p>Public shop page.</p></main></body></html>',
        );
      }
      const to: Record<string, string> = {
        '/': `${internalUrl}/`,
        '/mapped': `http://[::ffff:127.0.0.1]:${internal.port}/`,
        '/decimal': `http://2130706433:${internal.port}/`,
        '/file': 'file:///etc/passwd',
      };
      response.writeHead(302, { location: to[path] ?? `${internalUrl}${path}` });
      response.end();
    });
    policy = {
      allowLoopback: [shop.port],
      resolve: async (name) => (name === 'www.public-shop.com' ? [{ address: '127.0.0.1', family: 4 }] : []),
    };
    hs = await createHarness({ outbound: policy });
  });
  afterAll(async () => {
    await hs.close();
    await shop.close();
  });

  it('a public-looking site redirecting to this machine: the internal address is never contacted and nothing is stored', async () => {
    const before = { v4: internal.connections, v6: internalV6.connections };
    const { job, learned } = await crawl(hs, `http://www.public-shop.com:${shop.port}/`);
    // Sitemap lines and sitemap entries pointing elsewhere were not followed either.
    expect({ v4: internal.connections, v6: internalV6.connections }).toEqual(before);
    expect(learned.map((memory) => memory.sourceUrl)).toEqual([`http://www.public-shop.com:${shop.port}/hello`]);
    expect(job.errors).toEqual([
      { url: `http://www.public-shop.com:${shop.port}/`, error: 'The page redirects to another website.' },
    ]);
    expect(shop.requests).toContain('/robots.txt');
    expect(shop.requests).toContain('/sitemap.xml');
  });

  it('the guard itself refuses each redirect hop to an internal address or another scheme, before connecting', async () => {
    const before = internal.connections;
    for (const path of ['/', '/mapped', '/decimal', '/file']) {
      await expect(outboundGet(`http://www.public-shop.com:${shop.port}${path}`, { policy })).rejects.toThrow(
        OutboundRefused,
      );
    }
    await expect(outboundGet(`http://127.0.0.1:${internal.port}/`, { policy })).rejects.toThrow();
    expect(internal.connections).toBe(before);
  });

  it('connects to the address it checked: a second DNS answer (rebinding) is never asked for', async () => {
    let lookups = 0;
    const rebinding: OutboundPolicy = {
      allowLoopback: [shop.port],
      // First answer: the (allowed) shop; any later answer would be the internal service.
      resolve: async () =>
        ++lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }],
    };
    const { response } = await outboundGet(`http://rebind.public-shop.com:${shop.port}/hello`, { policy: rebinding });
    expect(await response.text()).toContain('Public shop page.');
    // The system resolver would not know this name: the connection used the checked answer.
    expect(lookups).toBe(1);
  });
});
