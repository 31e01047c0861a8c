import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessChannel, userChannel } from '#contract/realtime';
import { testServerEnv } from '#tests/support/test-server';
import { startServer, type StartedServer } from '../../server';
import { connected, pusherClient, waitFor } from './support';

/**
 * The whole server: pusher-js clients authorised through /broadcasting/auth with bearer
 * tokens, receiving the events the v1 API publishes on writes.
 */
let server: StartedServer;
let dataDir: string;
let port: number;
let key: string;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const start = () =>
  startServer({
    env: testServerEnv(dataDir, { PORT: String(port), RATE_LIMIT_AUTH_PER_MINUTE: '1000' }),
    log: () => {},
  });

async function api(pathName: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}/api/v1/${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json();
  if (!response.ok) throw new Error(`${pathName}: ${JSON.stringify(payload)}`);
  return payload.data;
}

async function owner(name: string) {
  const email = `${name}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const { token, user } = await api('users/create', { name, email, password: 'correct horse battery' });
  const { business } = await api(
    'businesses/create',
    { name: `${name}'s shop`, email, country: 'GB', telephones: ['+442071234567'] },
    token,
  );
  return { token, user, business };
}

/** Authorise like the browser does: POST socket_id and channel_name to /broadcasting/auth. */
const authorizer = (token: string) => async (socketId: string, channel: string) => {
  const response = await fetch(`${server.url}/broadcasting/auth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }),
  });
  if (!response.ok) throw new Error(`refused: ${response.status}`);
  return (await response.json()) as { auth: string; channel_data?: string };
};

function subscribed(client: ReturnType<typeof pusherClient>, channel: string) {
  const subscription = client.subscribe(channel);
  return waitFor<'ok' | number>((resolve) => {
    subscription.bind('pusher:subscription_succeeded', () => resolve('ok'));
    subscription.bind('pusher:subscription_error', (error: { status: number }) => resolve(error.status));
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-rt-'));
  port = await freePort();
  server = await start();
  key = JSON.parse(fs.readFileSync(path.join(dataDir, 'realtime-credentials.json'), 'utf8')).key;
}, 60_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('realtime channels of the app', () => {
  it("authorises a user's own channel and their business's channel, and nobody else's", async () => {
    const ada = await owner('Ada');
    const bob = await owner('Bob');
    const client = pusherClient({ key, port, authorize: authorizer(ada.token) });
    await connected(client);
    expect(await subscribed(client, userChannel(ada.user.id))).toBe('ok');
    expect(await subscribed(client, businessChannel(ada.business._id))).toBe('ok');
    // Another user's channel, and a business Ada is not a member of.
    expect(await subscribed(client, userChannel(bob.user.id))).not.toBe('ok');
    expect(await subscribed(client, businessChannel(bob.business._id))).not.toBe('ok');
    client.disconnect();
  });

  it('refuses channel authorisation without a valid token', async () => {
    const response = await fetch(`${server.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer not-a-token' },
      body: new URLSearchParams({ socket_id: '1.2', channel_name: 'private-user.x' }),
    });
    expect(response.status).toBe(401);
  });

  it('delivers BusinessUpdated and UserUpdated to the members of that business only', async () => {
    const ada = await owner('Ada');
    const bob = await owner('Bob');
    const adaClient = pusherClient({ key, port, authorize: authorizer(ada.token) });
    const bobClient = pusherClient({ key, port, authorize: authorizer(bob.token) });
    await Promise.all([connected(adaClient), connected(bobClient)]);
    expect(await subscribed(adaClient, businessChannel(ada.business._id))).toBe('ok');
    expect(await subscribed(adaClient, userChannel(ada.user.id))).toBe('ok');
    expect(await subscribed(bobClient, businessChannel(bob.business._id))).toBe('ok');
    const bobSaw: string[] = [];
    bobClient.bind_global((event: string) => {
      if (!event.startsWith('pusher')) bobSaw.push(event);
    });

    const businessEvent = waitFor<{ id: string }>((resolve) =>
      adaClient.channel(businessChannel(ada.business._id)).bind('BusinessUpdated', resolve),
    );
    const userEvent = waitFor<{ id: string }>((resolve) =>
      adaClient.channel(userChannel(ada.user.id)).bind('UserUpdated', resolve),
    );
    await api(`businesses/update/${ada.business._id}`, { name: 'Ada & Co' }, ada.token);
    // Ids only: the page refetches through the API, which checks what the member may view.
    expect(await businessEvent).toEqual({ id: ada.business._id });
    expect((await userEvent).id).toBe(ada.user.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobSaw).toEqual([]);
    adaClient.disconnect();
    bobClient.disconnect();
  });

  it('a client reconnects by itself after the server restarts and receives events again', async () => {
    const ada = await owner('Ada');
    const client = pusherClient({ key, port, authorize: authorizer(ada.token) });
    await connected(client);
    expect(await subscribed(client, userChannel(ada.user.id))).toBe('ok');

    await server.close();
    server = await start();
    // pusher-js comes back on its own (4200 means "reconnect now") and resubscribes.
    await waitFor<void>(
      (resolve) => {
        const check = () => (client.connection.state === 'connected' ? resolve() : setTimeout(check, 50));
        check();
      },
      15_000,
      'reconnect',
    );
    await waitFor<void>(
      (resolve) => {
        const check = () => (client.channel(userChannel(ada.user.id))?.subscribed ? resolve() : setTimeout(check, 50));
        check();
      },
      10_000,
      'resubscribe',
    );

    const event = waitFor<{ id: string }>((resolve) =>
      client.channel(userChannel(ada.user.id)).bind('UserUpdated', resolve),
    );
    await api('users/update', { name: 'Ada Again' }, ada.token);
    expect(await event).toEqual({ id: ada.user.id });
    client.disconnect();
  }, 40_000);
});
