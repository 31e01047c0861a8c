import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '#contract/messages';
import { testServerEnv } from '#tests/support/test-server';
import type * as ServerModule from '../../server';
import type { StartedServer } from '../../server';

/**
 * The security claims of docs/security.md that only show on real HTTP answers of the built
 * web app (`npm test` builds before vitest): the session cookie's flags (HttpOnly,
 * SameSite=Lax, Secure exactly when PUBLIC_URL is https), the enforced nonce CSP and the
 * other headers on a signed-in page, the signed cookie refusing a tampered value, sign-out
 * revoking the token on the server, open redirects refused, the auth limit answering 429
 * per client address, and no password, token or cookie in the log lines.
 *
 * The built app reads its settings from process.env once per module instance, so each
 * server here gets PUBLIC_URL in process.env and a fresh copy of the build (vi.resetModules).
 */
const LIMIT = 3;
const PASSWORD = 'correct horse battery staple';

type Started = { server: StartedServer; dataDir: string; lines: string[] };

async function start(publicUrl: string | undefined): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-sec-'));
  if (publicUrl) process.env.PUBLIC_URL = publicUrl;
  else delete process.env.PUBLIC_URL;
  process.env.SESSION_SECRET = 'security-test-secret';
  vi.resetModules();
  const env = testServerEnv(dataDir, {
    RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT),
    LOG_LEVEL: 'debug',
    SESSION_SECRET: 'security-test-secret',
    PUBLIC_URL: publicUrl,
  });
  const lines: string[] = [];
  const { startServer } = (await import('../../server')) as typeof ServerModule;
  const server = await startServer({ env, log: (line) => lines.push(JSON.stringify(line)) });
  return { server, dataDir, lines };
}

async function stop(started: Started | undefined) {
  if (!started) return;
  await started.server.close();
  fs.rmSync(started.dataDir, { recursive: true, force: true });
}

/** A fresh client address per call, so the auth limit never gets in the way of the setup. */
let nextAddress = 10;
const freshIp = () => `198.51.100.${nextAddress++}`;

function form(fields: Record<string, string>) {
  return { 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(fields) };
}

async function register(url: string, email: string, extra: Record<string, string> = {}, ip = freshIp()) {
  const { body, ...headers } = form({ name: 'Cookie Tester', email, password: PASSWORD, ...extra });
  return fetch(`${url}/register`, {
    method: 'POST',
    headers: { ...headers, 'x-forwarded-for': ip },
    body,
    redirect: 'manual',
  });
}

/** The session cookie: `__Host-session` when it is Secure (https PUBLIC_URL), `__session` on plain http. */
const isSessionCookie = (cookie: string) => cookie.startsWith('__session=') || cookie.startsWith('__Host-session=');

function sessionCookie(response: Response): { header: string; pair: string } {
  const header = response.headers.getSetCookie().find(isSessionCookie);
  expect(header, 'a session cookie is set').toBeTruthy();
  return { header: header!, pair: header!.split(';')[0] };
}

const cookieValue = (pair: string) => pair.slice(pair.indexOf('=') + 1);

/** The token inside the signed cookie (Remix: base64 of the JSON, a dot, the signature). */
function tokenIn(pair: string): string {
  const value = decodeURIComponent(cookieValue(pair));
  const data = value.slice(0, value.lastIndexOf('.'));
  const json = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { token?: string };
  expect(json.token).toBeTruthy();
  return json.token!;
}

function attributes(header: string): string[] {
  return header
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
}

/** Follow the guard's redirects (onboarding) with the cookie until a page answers. */
async function signedInPage(
  url: string,
  cookie: string,
  start = '/dashboard/home',
): Promise<{ response: Response; path: string }> {
  let target = start;
  for (let hop = 0; hop < 6; hop++) {
    const response = await fetch(`${url}${target}`, { headers: { cookie }, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, path: target };
    target = new URL(location, url).pathname + new URL(location, url).search;
  }
  throw new Error(`too many redirects from ${start}`);
}

const savedEnv = { PUBLIC_URL: process.env.PUBLIC_URL, SESSION_SECRET: process.env.SESSION_SECRET };
afterAll(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('with an https PUBLIC_URL (behind a TLS-terminating proxy)', () => {
  let https: Started;
  beforeAll(async () => {
    https = await start('https://assistant.example.test');
  }, 60_000);
  afterAll(() => stop(https));

  it('sets the session cookie __Host-session, HttpOnly, SameSite=Lax, Secure, on / with a 30-day lifetime and no Domain', async () => {
    const response = await register(https.server.url, 'secure-cookie@example.com');
    expect(response.status).toBe(302);
    const { header } = sessionCookie(response);
    // The __Host- prefix: browsers keep it only Secure, host-only and on /, so no sibling subdomain can set it.
    expect(header.startsWith('__Host-session=')).toBe(true);
    const attrs = attributes(header);
    expect(attrs.some((attr) => attr.startsWith('domain='))).toBe(false);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('secure');
    expect(attrs).toContain('path=/');
    expect(attrs).toContain(`max-age=${30 * 24 * 60 * 60}`);
  });

  it('answers a signed-in page with an enforced nonce CSP, HSTS and the other headers', async () => {
    const { pair } = sessionCookie(await register(https.server.url, 'csp-page@example.com'));
    const { response, path: page } = await signedInPage(https.server.url, pair);
    expect(response.status, page).toBe(200);
    expect(page.startsWith('/dashboard')).toBe(true);
    // Enforced, not report-only.
    expect(response.headers.get('content-security-policy-report-only')).toBeNull();
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
      directives['script-src']?.find((value: string) => value.startsWith("'nonce-")) ?? '',
    )?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(directives['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce on every answer.
    const again = await signedInPage(https.server.url, pair, page);
    expect(again.response.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('refuses a session cookie whose value was changed (signed) and a token revoked by signing out', async () => {
    const { pair } = sessionCookie(await register(https.server.url, 'tamper@example.com'));
    expect((await signedInPage(https.server.url, pair)).response.status).toBe(200);

    // Another token, validly encoded, under the original signature: the signature no longer matches.
    const value = decodeURIComponent(cookieValue(pair));
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const forged = Buffer.from(JSON.stringify({ token: 'x'.repeat(43) })).toString('base64');
    const tampered = `${pair.slice(0, pair.indexOf('='))}=${encodeURIComponent(`${forged}.${signature}`)}`;
    const refused = await fetch(`${https.server.url}/dashboard/home`, {
      headers: { cookie: tampered },
      redirect: 'manual',
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toMatch(/^\/login/);

    // Signing out revokes the token itself: replaying the old cookie does not sign back in.
    const logout = await fetch(`${https.server.url}/logout`, {
      method: 'POST',
      headers: { cookie: pair, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(logout.status).toBe(302);
    const cleared = sessionCookie(logout);
    expect(
      attributes(cleared.header).some((attr) => attr.startsWith('expires=thu, 01 jan 1970') || attr === 'max-age=0'),
    ).toBe(true);
    const replay = await fetch(`${https.server.url}/dashboard/home`, { headers: { cookie: pair }, redirect: 'manual' });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toMatch(/^\/login/);
    const api = await fetch(`${https.server.url}/api/v1/users/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenIn(pair)}` },
    });
    expect(api.status).toBe(401);
  });

  it('never redirects off-site after signing in', async () => {
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      const response = await register(https.server.url, `redirect-${nextAddress}@example.com`, { redirect: target });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dashboard/home');
    }
  });

  it('refuses a public form whose honeypot is filled, quietly and without doing anything', async () => {
    const bot = await register(https.server.url, 'honeypot@example.com', { website_url: 'https://spam.example' });
    expect(bot.status).toBe(400);
    expect(bot.headers.getSetCookie().some(isSessionCookie)).toBe(false);
    // No account was made: the same email registers normally afterwards.
    expect((await register(https.server.url, 'honeypot@example.com')).status).toBe(302);
    const { body, ...headers } = form({ email: 'honeypot@example.com', website_url: 'x' });
    const forgot = await fetch(`${https.server.url}/forgot-password`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': freshIp() },
      body,
      redirect: 'manual',
    });
    expect(forgot.status).toBe(400);
  });

  it('answers the registration form with 429 past the per-minute limit, for that client address only', async () => {
    const ip = freshIp();
    const attempt = (n: number) => register(https.server.url, `limit-${ip}-${n}@example.com`, {}, ip);
    for (let n = 0; n < LIMIT; n++) expect((await attempt(n)).status).toBe(302);
    const refused = await attempt(LIMIT);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(messages.rateLimited);
    expect((await register(https.server.url, `limit-other-${ip}@example.com`)).status).toBe(302);
  });

  it('logs one JSON line per request with its id, and no password, token or cookie', async () => {
    const before = https.lines.length;
    const response = await register(https.server.url, 'logged@example.com');
    const { pair } = sessionCookie(response);
    await signedInPage(https.server.url, pair);
    await fetch(`${https.server.url}/login`, {
      method: 'POST',
      ...form({ email: 'logged@example.com', password: PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      redirect: 'manual',
    });
    await fetch(`${https.server.url}/api/v1/users/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenIn(pair)}`, 'x-request-id': 'trace-me-123' },
    });
    const lines = https.lines.slice(before);
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const line of requests) {
      expect(line).toMatchObject({
        level: expect.any(String),
        method: expect.any(String),
        path: expect.any(String),
        status: expect.any(Number),
      });
      expect(String(line.request_id).length).toBeGreaterThan(0);
    }
    expect(requests.some((line) => line.request_id === 'trace-me-123' && line.path === '/api/v1/users/get')).toBe(true);
    const text = lines.join('\n');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(encodeURIComponent(PASSWORD));
    expect(text).not.toContain(tokenIn(pair));
    expect(text).not.toContain(cookieValue(pair).slice(0, 40));
  });
});

describe('without PUBLIC_URL (plain http on a developer machine)', () => {
  let plain: Started;
  beforeAll(async () => {
    plain = await start(undefined);
  }, 60_000);
  afterAll(() => stop(plain));

  it('sets the session cookie HttpOnly and SameSite=Lax but not Secure, and sends no HSTS', async () => {
    const response = await register(plain.server.url, 'plain-cookie@example.com');
    expect(response.status).toBe(302);
    const { header, pair } = sessionCookie(response);
    // No __Host- prefix on plain http: browsers would refuse it without Secure.
    expect(header.startsWith('__session=')).toBe(true);
    const attrs = attributes(header);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).not.toContain('secure');
    const { response: page } = await signedInPage(plain.server.url, pair);
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
