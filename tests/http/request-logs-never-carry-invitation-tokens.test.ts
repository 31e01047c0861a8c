import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox } from '#api/db/schema';
import { redactPath } from '#api/lib/log-safe';
import { uniqueEmail } from '#tests/support/api-harness';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * An invitation link is a bearer secret until it is used: whoever reads a log that holds it
 * could open it. Every request line logs the path without its token, however it was spelled.
 */
let server: TestServer;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = await startTestServer({ settings: { LOG_LEVEL: 'info' }, log: (line) => lines.push(line), web: false });
}, 180_000);

afterAll(() => server?.close());

async function post(route: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}/api/v1/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: any } };
}

it('logs /invitations/{token} and /api/v1/invitations/get/{token} without the token, in any spelling', async () => {
  const owner = await post('users/create', { name: 'Owner', email: uniqueEmail(), password: 'correct horse battery' });
  const ownerToken = owner.body.data.token as string;
  const business = await post(
    'businesses/create',
    { name: 'Log Test Ltd', email: uniqueEmail(), country: 'GB', telephones: ['+442071234567'] },
    ownerToken,
  );
  const invited = uniqueEmail();
  expect(
    (await post(`businesses/users/${business.body.data.business._id}/invite`, { email: invited }, ownerToken)).status,
  ).toBe(200);
  const [mail] = await server.deps.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, invited))
    .orderBy(desc(outbox.createdAt));
  const token = mail.body.match(/\/invitations\/([A-Za-z0-9_-]+)/)![1];
  const encoded = [...token].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

  const mark = lines.length;
  expect((await post(`invitations/get/${token}`)).status).toBe(200);
  await post(`invitations/get/${encoded}`);
  await post(`%69nvitations/get/${token}`);
  await post(`invitations%2Fget%2F${token}`);
  await fetch(`${server.url}/invitations/${token}`);
  await fetch(`${server.url}/invitations/${token}?_data=routes%2Finvitations.%24token`);
  await fetch(`${server.url}/INVITATIONS/${encoded}/`);
  await new Promise((resolve) => setTimeout(resolve, 50));

  const requests = lines.slice(mark).filter((line) => line.msg === 'request');
  expect(requests.length).toBeGreaterThanOrEqual(7);
  const text = JSON.stringify(lines.slice(mark));
  expect(text).not.toContain(token);
  expect(text).not.toContain(encoded);
  expect(requests.map((line) => line.path)).toContain('/api/v1/invitations/get/[redacted]');
  expect(requests.map((line) => line.path)).toContain('/invitations/[redacted]');
}, 60_000);

it('leaves every other path as it was, without its query', () => {
  expect(redactPath('/api/v1/businesses/customers/abc/list?q=1')).toBe('/api/v1/businesses/customers/abc/list');
  expect(redactPath('/dashboard/customers/%41')).toBe('/dashboard/customers/%41');
  expect(redactPath('/invitations')).toBe('/invitations');
});
