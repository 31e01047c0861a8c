import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannel } from '#contract/realtime';
import { CLOSE } from '#server/realtime/protocol';
import { startTestServer, type TestServer } from '#tests/support/test-server';
import { rawClient, upgrade } from './support';

/**
 * The embedded realtime server as server.ts wires it: the Origin rule follows PUBLIC_URL,
 * the per-address cap follows TRUST_PROXY like req.ip does, and ending a user's
 * connections reaches the embedded server (in process: the broadcaster is handed it).
 */
let server: TestServer;
let port: number;
let key: string;

beforeAll(async () => {
  server = await startTestServer({
    settings: {
      PUBLIC_URL: 'https://app.example.com',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2',
      // The test talks to the server from loopback, as a proxy on the same machine would.
      TRUST_PROXY: 'loopback',
    },
    web: false,
  });
  port = Number(new URL(server.url).port);
  key = JSON.parse(fs.readFileSync(path.join(server.dataDir, 'realtime-credentials.json'), 'utf8')).key;
}, 60_000);

afterAll(() => server?.close());

const url = () => `ws://127.0.0.1:${port}/app/${key}?protocol=7`;

async function api(call: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}/api/v1/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('the embedded realtime server behind server.ts', () => {
  it('takes Origin from PUBLIC_URL: the site and the host itself are accepted, another site is refused', async () => {
    expect((await upgrade(url(), { origin: 'https://evil.example' })).status).toBe(403);
    for (const origin of ['https://app.example.com', `http://127.0.0.1:${port}`]) {
      const { status, socket } = await upgrade(url(), { origin });
      expect(status, origin).toBe(101);
      socket!.close();
    }
  });

  it('counts connections per client address as req.ip does (X-Forwarded-For from a trusted proxy)', async () => {
    const open = (address: string) => upgrade(url(), { 'x-forwarded-for': address });
    const opened = [await open('198.51.100.7'), await open('198.51.100.7')];
    expect(opened.map((result) => result.status)).toEqual([101, 101]);
    expect((await open('198.51.100.7')).status).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = await open('203.0.113.9');
    expect(other.status).toBe(101);
    for (const result of [...opened, other]) result.socket!.close();
  });

  it('logging out closes the user’s connection', async () => {
    const email = `wiring.${Date.now()}@example.com`;
    const created = await api('users/create', { name: 'Wiring', email, password: 'correct horse battery' });
    const { token, user } = created.body.data;
    const client = await rawClient(url());
    const socketId = (await client.next('pusher:connection_established')).data.socket_id;
    const signed = await api('broadcasting/auth', { socket_id: socketId, channel_name: userChannel(user.id) }, token);
    client.send({ event: 'pusher:subscribe', data: { channel: userChannel(user.id), ...signed.body.data } });
    await client.next('pusher_internal:subscription_succeeded');
    expect((await api('users/logout', undefined, token)).status).toBe(200);
    expect((await client.waitClosed())?.code).toBe(CLOSE.reauthorise);
  });
});
