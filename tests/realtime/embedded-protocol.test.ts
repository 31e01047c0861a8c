import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedPusher, type EmbeddedPusher } from '#server/realtime/embedded-pusher';
import { channelSignature, CLOSE, userSignature } from '#server/realtime/protocol';
import { connected, listenEmbedded, pusherClient, rawClient, upgrade, waitFor } from './support';

/**
 * The embedded Pusher-protocol server on its own HTTP server, driven by the real pusher-js
 * client, the real `pusher` SDK and a bare websocket where the protocol itself is tested.
 */
const APP = { appId: 'test-app', key: 'test-key', secret: 'test-secret' };
let server: http.Server;
let embedded: EmbeddedPusher;
let port: number;
let sdk: Pusher;

beforeAll(async () => {
  embedded = createEmbeddedPusher({ ...APP, activityTimeoutS: 1, pongTimeoutMs: 400 });
  ({ server, port } = await listenEmbedded(embedded));
  sdk = new Pusher({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });
});

afterAll(async () => {
  await embedded.close();
  await new Promise((resolve) => server.close(resolve));
});

const url = (key = APP.key) => `ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`;
const sign = (socketId: string, channel: string) => ({
  auth: channelSignature(APP.key, APP.secret, socketId, channel),
});

describe('the embedded Pusher-protocol server', () => {
  it('hands out a socket id of the form 123.456 and the activity timeout on connect', async () => {
    const client = await rawClient(url());
    const established = await client.next('pusher:connection_established');
    expect(established.data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(established.data.activity_timeout).toBe(1);
    client.socket.close();
  });

  it('refuses an unknown app key with close code 4001', async () => {
    const client = await rawClient(url('wrong-key'));
    expect((await client.next('pusher:error')).data.code).toBe(CLOSE.appNotFound);
    expect((await client.waitClosed())?.code).toBe(CLOSE.appNotFound);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const client = await rawClient(url());
    await client.next('pusher:connection_established');
    client.send({ event: 'pusher:ping', data: {} });
    await client.next('pusher:pong');
    client.socket.close();
  });

  it('pings a silent socket and drops it with 4201 when no pong comes back', async () => {
    const client = await rawClient(url());
    await client.next('pusher:connection_established');
    await client.next('pusher:ping', 4000);
    expect((await client.waitClosed(4000))?.code).toBe(CLOSE.pongTimeout);
  });

  it('keeps a socket that answers the server ping', async () => {
    const client = await rawClient(url());
    await client.next('pusher:connection_established');
    await client.next('pusher:ping', 4000);
    client.send({ event: 'pusher:pong', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(client.closed).toBeNull();
    client.socket.close();
  });

  it('subscribes private channels only with a valid HMAC-SHA256 signature', async () => {
    const client = await rawClient(url());
    const { data } = await client.next('pusher:connection_established');
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-business.a', auth: `${APP.key}:${'0'.repeat(64)}` },
    });
    const refused = await client.next('pusher:subscription_error');
    expect(refused.channel).toBe('private-business.a');
    expect(refused.data.status).toBe(401);
    // A signature made for another socket does not work either.
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-business.a', ...sign('1.2', 'private-business.a') },
    });
    await client.next('pusher:subscription_error');
    client.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-business.a', ...sign(data.socket_id, 'private-business.a') },
    });
    expect((await client.next('pusher_internal:subscription_succeeded')).channel).toBe('private-business.a');
    client.socket.close();
  });

  it('refuses channel names outside the allowed characters or over 200 characters', async () => {
    const client = await rawClient(url());
    await client.next('pusher:connection_established');
    client.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    await client.next('pusher:error');
    client.send({ event: 'pusher:subscribe', data: { channel: 'a'.repeat(201) } });
    await client.next('pusher:error');
    client.socket.close();
  });

  it('delivers an event triggered through the pusher SDK to subscribers of that channel only', async () => {
    const a = pusherClient({ key: APP.key, port, authorize: async (socketId, channel) => sign(socketId, channel) });
    const b = pusherClient({ key: APP.key, port, authorize: async (socketId, channel) => sign(socketId, channel) });
    await Promise.all([connected(a), connected(b)]);
    const channelA = a.subscribe('private-business.one');
    const channelB = b.subscribe('private-business.two');
    await Promise.all([
      waitFor<void>((resolve) => channelA.bind('pusher:subscription_succeeded', () => resolve())),
      waitFor<void>((resolve) => channelB.bind('pusher:subscription_succeeded', () => resolve())),
    ]);
    const seenByB: unknown[] = [];
    channelB.bind('CustomerCreated', (data: unknown) => seenByB.push(data));
    const received = waitFor<unknown>((resolve) => channelA.bind('CustomerCreated', resolve));
    await sdk.trigger('private-business.one', 'CustomerCreated', { id: 'c1', record: { first_name: 'Ada' } });
    expect(await received).toEqual({ id: 'c1', record: { first_name: 'Ada' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByB).toEqual([]);
    a.disconnect();
    b.disconnect();
  });

  it('does not deliver an event back to the socket the trigger excludes', async () => {
    const client = await rawClient(url());
    const { data } = await client.next('pusher:connection_established');
    client.send({ event: 'pusher:subscribe', data: { channel: 'public-updates' } });
    await client.next('pusher_internal:subscription_succeeded');
    await sdk.trigger('public-updates', 'Ping', { n: 1 }, { socket_id: data.socket_id });
    await sdk.trigger('public-updates', 'Ping', { n: 2 });
    expect((await client.next('Ping')).data).toEqual({ n: 2 });
    client.socket.close();
  });

  it('refuses event data over 10 kB with 413', async () => {
    await expect(sdk.trigger('public-updates', 'Big', { text: 'x'.repeat(11 * 1024) })).rejects.toMatchObject({
      status: 413,
    });
  });

  it('refuses unsigned, wrongly signed and tampered HTTP event requests', async () => {
    const body = JSON.stringify({ name: 'Evil', channels: ['public-updates'], data: '{}' });
    const post = (query: string, payload: string = body) =>
      fetch(`http://127.0.0.1:${port}/apps/${APP.appId}/events?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      });
    expect((await post('')).status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await post(`auth_key=${APP.key}&auth_timestamp=${now}&auth_version=1.0&auth_signature=${'a'.repeat(64)}`))
        .status,
    ).toBe(401);
    // A genuine signature from the SDK does not survive a change of body (body_md5).
    const signed = await sdkSignedRequest();
    expect((await post(signed.query, signed.body)).status).toBe(200);
    expect((await post(signed.query, signed.body.replace('Evil', 'Evil2'))).status).toBe(401);
  });

  it('relays no client events: every change goes through the API, where permissions are checked', async () => {
    const sender = await rawClient(url());
    const other = await rawClient(url());
    const s = (await sender.next('pusher:connection_established')).data.socket_id;
    const o = (await other.next('pusher:connection_established')).data.socket_id;
    for (const channel of ['private-room', 'public-room']) {
      sender.send({ event: 'pusher:subscribe', data: { channel, ...sign(s, channel) } });
      other.send({ event: 'pusher:subscribe', data: { channel, ...sign(o, channel) } });
      await sender.next('pusher_internal:subscription_succeeded');
      await other.next('pusher_internal:subscription_succeeded');
      sender.send({ event: 'client-typing', channel, data: { who: 'sender' } });
      expect((await sender.next('pusher:error')).data.message).toBe('Client events are not accepted');
      await expect(other.next('client-typing', 300)).rejects.toThrow();
    }
    sender.socket.close();
    other.socket.close();
  });

  it('signs a connection in with a valid user signature only, and gives it its own #server-to-user channel only', async () => {
    const client = await rawClient(url());
    const socketId = (await client.next('pusher:connection_established')).data.socket_id;
    const userData = JSON.stringify({ id: 'u1' });
    client.send({
      event: 'pusher:signin',
      data: { user_data: userData, auth: userSignature(APP.key, APP.secret, '1.2', userData) },
    });
    expect((await client.next('pusher:error')).data.code).toBe(CLOSE.unauthorised);
    client.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-u1' } });
    expect((await client.next('pusher:subscription_error')).data.status).toBe(403);
    client.send({
      event: 'pusher:signin',
      data: { user_data: userData, auth: userSignature(APP.key, APP.secret, socketId, userData) },
    });
    expect((await client.next('pusher:signin_success')).data.user_data).toBe(userData);
    client.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-u2' } });
    expect((await client.next('pusher:subscription_error')).data.status).toBe(403);
    client.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-u1' } });
    await client.next('pusher_internal:subscription_succeeded');
    // One connection, one user: a second user's signin or channel authorisation is refused.
    const other = JSON.stringify({ id: 'u2' });
    client.send({
      event: 'pusher:signin',
      data: { user_data: other, auth: userSignature(APP.key, APP.secret, socketId, other) },
    });
    expect((await client.next('pusher:error')).data.code).toBe(CLOSE.unauthorised);
    const channelData = JSON.stringify({ user_id: 'u2' });
    client.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'private-x',
        channel_data: channelData,
        auth: channelSignature(APP.key, APP.secret, socketId, 'private-x', channelData),
      },
    });
    expect((await client.next('pusher:subscription_error')).data.status).toBe(403);
    client.socket.close();
  });

  it("ends a user's connections through the SDK's terminateUserConnections: signed in or bound by channel_data, and nobody else's", async () => {
    const signedIn = await rawClient(url());
    const bound = await rawClient(url());
    const bystander = await rawClient(url());
    const a = (await signedIn.next('pusher:connection_established')).data.socket_id;
    const b = (await bound.next('pusher:connection_established')).data.socket_id;
    const c = (await bystander.next('pusher:connection_established')).data.socket_id;
    const userData = JSON.stringify({ id: 'ada' });
    signedIn.send({
      event: 'pusher:signin',
      data: { user_data: userData, auth: userSignature(APP.key, APP.secret, a, userData) },
    });
    await signedIn.next('pusher:signin_success');
    const adaData = JSON.stringify({ user_id: 'ada' });
    bound.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'private-shop',
        channel_data: adaData,
        auth: channelSignature(APP.key, APP.secret, b, 'private-shop', adaData),
      },
    });
    await bound.next('pusher_internal:subscription_succeeded');
    const bobData = JSON.stringify({ user_id: 'bob' });
    bystander.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'private-shop',
        channel_data: bobData,
        auth: channelSignature(APP.key, APP.secret, c, 'private-shop', bobData),
      },
    });
    await bystander.next('pusher_internal:subscription_succeeded');

    await sdk.terminateUserConnections('ada');
    await sdk.trigger('private-shop', 'After', {});
    expect((await signedIn.waitClosed())?.code).toBe(CLOSE.reauthorise);
    expect((await bound.waitClosed())?.code).toBe(CLOSE.reauthorise);
    expect(bound.messages.map((message) => message.event)).not.toContain('After');
    await bystander.next('After');
    expect(bystander.closed).toBeNull();
    bystander.socket.close();
  });

  it('refuses an unsigned terminate-connections request', async () => {
    const client = await rawClient(url());
    const socketId = (await client.next('pusher:connection_established')).data.socket_id;
    const userData = JSON.stringify({ id: 'victim' });
    client.send({
      event: 'pusher:signin',
      data: { user_data: userData, auth: userSignature(APP.key, APP.secret, socketId, userData) },
    });
    await client.next('pusher:signin_success');
    const response = await fetch(`http://127.0.0.1:${port}/apps/${APP.appId}/users/victim/terminate_connections`, {
      method: 'POST',
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(client.closed).toBeNull();
    client.socket.close();
  });
});

describe('who may open a connection to the embedded server', () => {
  let limited: EmbeddedPusher;
  let limitedServer: http.Server;
  let limitedPort: number;
  const limitedUrl = () => `ws://127.0.0.1:${limitedPort}/app/${APP.key}?protocol=7`;

  beforeAll(async () => {
    limited = createEmbeddedPusher({
      ...APP,
      publicOrigin: 'https://app.example.com',
      maxConnections: 5,
      maxConnectionsPerAddress: 3,
      clientAddress: (request) => String(request.headers['x-test-address'] ?? request.socket.remoteAddress),
    });
    limitedServer = http.createServer((_req, res) => res.end());
    limitedServer.on('upgrade', (req, socket, head) => {
      if (!limited.handleUpgrade(req, socket, head)) socket.destroy();
    });
    await new Promise<void>((resolve) => limitedServer.listen(0, '127.0.0.1', resolve));
    limitedPort = (limitedServer.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await limited.close();
    await new Promise((resolve) => limitedServer.close(resolve));
  });

  it("refuses browsers on other origins (403); accepts the site's own origin, the host connected to, and clients that send no Origin", async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://app.example.com',
      'https://app.example.com.evil.example',
      `http://127.0.0.1:${limitedPort + 1}`,
    ]) {
      expect((await upgrade(limitedUrl(), { origin })).status, origin).toBe(403);
    }
    for (const headers of [
      { origin: 'https://app.example.com' },
      { origin: `http://127.0.0.1:${limitedPort}` },
      {},
    ] as Record<string, string>[]) {
      const { status, socket } = await upgrade(limitedUrl(), headers);
      expect(status, JSON.stringify(headers)).toBe(101);
      socket!.close();
    }
  });

  it('caps the connections of one client address (429) and in all (503), and frees the places of closed connections', async () => {
    const open = async (address: string) => upgrade(limitedUrl(), { 'x-test-address': address });
    const first = await Promise.all([open('a'), open('a'), open('a')]);
    expect(first.map((result) => result.status)).toEqual([101, 101, 101]);
    expect((await open('a')).status).toBe(429);
    const others = await Promise.all([open('b'), open('c')]);
    expect(others.map((result) => result.status)).toEqual([101, 101]);
    expect((await open('d')).status).toBe(503);
    expect(limited.stats().connections).toBe(5);
    // A closed connection gives its place back.
    first[0].socket!.close();
    await waitFor<void>((resolve) => {
      const check = () => (limited.stats().connections === 4 ? resolve() : setTimeout(check, 10));
      check();
    });
    const again = await open('a');
    expect(again.status).toBe(101);
    for (const result of [...first.slice(1), ...others, again]) result.socket!.close();
  });
});

/** A request exactly as the official SDK signs it (query and body), captured from a real trigger. */
async function sdkSignedRequest(): Promise<{ query: string; body: string }> {
  const captured = { query: '', body: '' };
  const capture = http.createServer((req, res) => {
    captured.query = new URL(req.url!, 'http://x').search.slice(1);
    req.on('data', (chunk) => (captured.body += chunk));
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  const client = new Pusher({
    ...APP,
    host: '127.0.0.1',
    port: String((capture.address() as AddressInfo).port),
    useTLS: false,
  });
  await client.trigger('public-updates', 'Evil', {});
  await new Promise((resolve) => capture.close(resolve));
  return captured;
}
