import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, requestTooLarge } from '#contract/messages';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * The checks every request passes at the server's edge, over real HTTP against the built
 * app: state-changing requests from another site are refused (with Remix's `?_data` and
 * without, the login form included), request bodies are capped (declared and chunked), a
 * NUL or a broken encoding in the address is a 400, a non-ASCII `redirect=` stays on the
 * site, and signed-in answers are never cached.
 */
const PASSWORD = 'correct horse battery staple';
const MB = 1024 * 1024;
let server: TestServer;
let port: number;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ settings: { RATE_LIMIT_AUTH_PER_MINUTE: '1000' } });
  port = Number(new URL(server.url).port);
  origin = `http://localhost:${port}`;
}, 60_000);

afterAll(() => server?.close());

let counter = 0;
async function v1<T>(call: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${call}: ${response.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/** A user with a business, signed in through the login form (the cookie a browser holds). */
async function signedIn() {
  const email = `edge.${counter++}.${Date.now()}@example.com`;
  const { token } = await v1<{ token: string }>('users/create', { name: 'Edge Tester', email, password: PASSWORD });
  const { business } = await v1<{ business: { _id: string } }>(
    'businesses/create',
    { name: `Edge Business ${counter}`, email: `biz.${email}`, country: 'GB', telephones: ['+442071234567'] },
    token,
  );
  await v1(`businesses/completed-test/${business._id}`, {}, token);
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: 'manual',
  });
  const cookie = /__session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  expect(login.status).toBe(302);
  expect(cookie).toBeTruthy();
  return { email, token, businessId: business._id, cookie: cookie! };
}

const customerCount = async (token: string, businessId: string) =>
  (await v1<{ customers: unknown[] }>(`businesses/customers/${businessId}/list`, {}, token)).customers.length;

/** Raw request over node:http (no client rewrites the path or adds headers). */
function raw(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * Streams `total` bytes chunked (no Content-Length) and resolves with the status as soon as
 * the server answers; the upload stops there.
 */
function chunkedUpload(
  pathName: string,
  total: number,
  contentType: string,
): Promise<{ status: number; text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: pathName,
        headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), sent }),
        );
        response.on('error', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), sent }),
        );
      },
    );
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe('cross-site requests', () => {
  it('refuses a customer created from another site through ?_data, and lets the same page through', async () => {
    const user = await signedIn();
    const form = new URLSearchParams({ first_name: 'Forged', last_name: 'Customer', status: 'lead' });
    const dataUrls = [
      '/dashboard/customers/new?_data=routes%2Fdashboard%2B%2Fcustomers%2B%2Fnew',
      '/dashboard/customers/new.data',
    ];
    for (const [attacker, dataUrl] of [
      'http://evil.example',
      `http://sub.localhost:${port}`,
      `https://localhost:${port}x`,
      'null',
    ].flatMap((a) => dataUrls.map((u) => [a, u]))) {
      const forged = await fetch(`${server.url}${dataUrl}`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: attacker, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
      expect(forged.status, `${attacker} ${dataUrl}`).toBe(403);
      expect(await forged.json()).toEqual({ errors: [messages.edge.crossSite] });
    }
    const page = await fetch(`${server.url}/dashboard/customers/new`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        origin: 'http://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
      },
      body: form,
      redirect: 'manual',
    });
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain(messages.edge.crossSite.slice(0, 40));
    // Without Origin, a browser's Sec-Fetch-Site says where the request came from.
    for (const site of ['cross-site', 'same-site']) {
      const fetched = await fetch(`${server.url}/dashboard/customers/new`, {
        method: 'POST',
        headers: { cookie: user.cookie, 'sec-fetch-site': site, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        redirect: 'manual',
      });
      expect(fetched.status, site).toBe(403);
    }
    expect(await customerCount(user.token, user.businessId)).toBe(0);

    const own = await fetch(`${server.url}/dashboard/customers/new?_data=routes%2Fdashboard%2B%2Fcustomers%2B%2Fnew`, {
      method: 'POST',
      headers: {
        cookie: user.cookie,
        origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
      redirect: 'manual',
    });
    expect(own.status).toBeLessThan(400);
    expect(await customerCount(user.token, user.businessId)).toBe(1);
  });

  it('refuses a login form posted from another site (login CSRF): no session cookie is set', async () => {
    const user = await signedIn();
    for (const headers of [{ origin: 'http://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const forged = await fetch(`${server.url}/login`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: user.email, password: PASSWORD }),
        redirect: 'manual',
      });
      expect(forged.status).toBe(403);
      expect(forged.headers.getSetCookie()).toEqual([]);
    }
    const own = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      redirect: 'manual',
    });
    expect(own.status).toBe(302);
  });

  it('leaves the v1 API (bearer tokens) to its callers: another Origin does not matter there', async () => {
    const response = await fetch(`${server.url}/api/v1/users/login`, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(422);
  });
});

describe('request bodies', () => {
  it('answers 413 with the envelope to a declared body over 1 MB on the API, unread', async () => {
    const body = JSON.stringify({ email: `${'a'.repeat(MB)}@example.com` });
    const response = await raw({
      method: 'POST',
      path: '/api/v1/users/forgot-password',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.text)).toEqual({ errors: [requestTooLarge(MB)] });
  });

  it('counts a chunked body as it arrives: 413 on the API and on a page, soon after 1 MB', async () => {
    const api = await chunkedUpload('/api/v1/users/forgot-password', 100 * MB, 'application/json');
    expect(api.status).toBe(413);
    expect(JSON.parse(api.text)).toEqual({ errors: [requestTooLarge(MB)] });
    expect(api.sent).toBeLessThan(20 * MB);
    const page = await chunkedUpload('/login', 100 * MB, 'application/x-www-form-urlencoded');
    expect(page.status).toBe(413);
    expect(page.text).toContain(requestTooLarge(MB));
    expect(page.sent).toBeLessThan(20 * MB);
  });

  it('refuses 8 concurrent 100 MB bodies without holding them: the memory stays flat', async () => {
    const before = process.memoryUsage().rss;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => chunkedUpload('/api/v1/users/forgot-password', 100 * MB, 'application/json')),
    );
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(413));
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MB);
  });

  it('still takes a body under the limit, and an upload its own larger limit', async () => {
    const body = JSON.stringify({ email: 'a'.repeat(900 * 1024) });
    const response = await raw({
      method: 'POST',
      path: '/api/v1/users/forgot-password',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(response.status).toBe(422);
    const upload = await chunkedUpload(
      '/api/v1/businesses/memories/no-such-business/upload',
      2 * MB,
      'multipart/form-data; boundary=x',
    );
    expect(upload.status).not.toBe(413);
  });
});

describe('bad addresses', () => {
  it('answers a NUL in a page path or query, or in an API path, with a clear 400', async () => {
    const user = await signedIn();
    for (const target of [
      '/dashboard/customers/%00',
      '/dashboard/customers?q=%00',
      '/dashboard/customers/abc%00def',
      '/login?redirect=%00',
    ]) {
      const response = await raw({ path: target, headers: { cookie: user.cookie, accept: 'text/html' } });
      expect(response.status, target).toBe(400);
      expect(response.text, target).toContain('NUL');
    }
    const api = await raw({
      method: 'POST',
      path: '/api/v1/businesses/customers/%00/list',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toEqual({ errors: [messages.edge.nulCharacter] });
    const broken = await raw({ path: '/dashboard/customers/%E0%A4%A', headers: { cookie: user.cookie } });
    expect(broken.status).toBe(400);
  });

  it('follows a non-ASCII redirect= only on the site, percent-encoded', async () => {
    const user = await signedIn();
    for (const target of ['/dashboard/customers?q=Zoë', '/dashboard/héllo', '/dashboard/☃']) {
      const login = await fetch(`${server.url}/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: user.email, password: PASSWORD, redirect: target }),
        redirect: 'manual',
      });
      expect(login.status, target).toBe(302);
      const location = login.headers.get('location') ?? '';
      expect(location).toMatch(/^\/dashboard\//);
      expect(decodeURIComponent(location)).toBe(target);
      // Already signed in: /login and /register send the user on.
      for (const page of ['/login', '/register']) {
        const response = await fetch(`${server.url}${page}?redirect=${encodeURIComponent(target)}`, {
          headers: { cookie: user.cookie },
          redirect: 'manual',
        });
        expect(response.status, `${page} ${target}`).toBe(302);
        expect(decodeURIComponent(response.headers.get('location') ?? '')).toBe(target);
      }
      const select = await fetch(`${server.url}/dashboard/select-business`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ business_id: user.businessId, redirect: target }),
        redirect: 'manual',
      });
      expect(select.status, `select-business ${target}`).toBeLessThan(500);
    }
    for (const offsite of ['//evil.example/é', '/\\evil.example/é', 'https://evil.example/é']) {
      const login = await fetch(`${server.url}/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: user.email, password: PASSWORD, redirect: offsite }),
        redirect: 'manual',
      });
      expect(login.headers.get('location')).toBe('/dashboard/home');
    }
  });
});

describe('caching', () => {
  it('sends Cache-Control: private, no-store on signed-in pages and API answers; assets keep their caching', async () => {
    const user = await signedIn();
    for (const page of ['/dashboard/home', '/dashboard/customers', '/dashboard/account-settings']) {
      const response = await fetch(`${server.url}${page}`, { headers: { cookie: user.cookie }, redirect: 'manual' });
      expect(response.status, page).toBe(200);
      expect(response.headers.get('cache-control'), page).toBe('private, no-store');
    }
    const api = await fetch(`${server.url}/api/v1/users/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(api.headers.get('cache-control')).toBe('private, no-store');
    const html = await (await fetch(`${server.url}/login`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    const cached = await fetch(`${server.url}${asset}`);
    expect(cached.headers.get('cache-control')).toContain('immutable');
  });
});
