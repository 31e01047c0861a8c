import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memories } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * The pages render a stored URL as a link only when it is http(s): a row written before the
 * schemas refused other schemes (or by any other path) shows its URL as plain text. Over real
 * HTTP against the built app (`npm run build` first).
 */
let server: TestServer;
const PASSWORD = 'correct horse battery';

async function v1<T>(pathName: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}/api/v1/${pathName}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${pathName} answered ${response.status}: ${JSON.stringify(payload)}`);
  return payload.data;
}

let cookie: string;
let businessId: string;
beforeAll(async () => {
  server = await startTestServer();
  const email = `urls.${faker.string.alphanumeric(10).toLowerCase()}@example.com`;
  const { token } = await v1<{ token: string }>('users/create', { name: 'Ada Lovelace', email, password: PASSWORD });
  const { business } = await v1<{ business: { _id: string } }>(
    'businesses/create',
    {
      name: `Links ${faker.string.alphanumeric(6)}`,
      email: `biz.${faker.string.alphanumeric(8).toLowerCase()}@example.com`,
      country: 'GB',
      telephones: ['+442071234567'],
    },
    token,
  );
  businessId = business._id;
  await v1(`businesses/completed-test/${businessId}`, undefined, token);
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: 'manual',
  });
  cookie = /__session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
}, 60_000);
afterAll(() => server?.close());

/** A memory written straight to the database, as an older version (or any bug) could have. */
async function storedMemory(sourceUrl: string) {
  const id = newId();
  await server.deps.db.insert(memories).values({
    id,
    businessId,
    type: 'web_page',
    status: 'active',
    title: 'Stored before',
    content: 'Opening hours.',
    sourceUrl,
  });
  return id;
}

describe('a memory page', () => {
  it('shows a non-http(s) source_url as text, never as a link; an https one stays a link', async () => {
    for (const url of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const id = await storedMemory(url);
      const response = await fetch(`${server.url}/dashboard/memories/${id}`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      const source = /data-testid="memory-source"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
      expect(source, url).toContain('Source:');
      expect(source, url).not.toMatch(/<a\b/);
      expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    }
    const safe = await storedMemory('https://example.com/hours');
    const html = await (await fetch(`${server.url}/dashboard/memories/${safe}`, { headers: { cookie } })).text();
    expect(html).toContain('href="https://example.com/hours"');
  });
});
