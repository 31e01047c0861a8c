import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedPusher, type EmbeddedPusher } from '#server/realtime/embedded-pusher';
import { channelSignature, CLOSE } from '#server/realtime/protocol';
import { connected, pusherClient, rawClient, waitFor } from './support';

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
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => embedded.handleHttp(req, res, body));
  });
  server.on('upgrade', (req, socket, head) => {
    if (!embedded.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  sdk = new Pusher({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });
});

afterAll(async () => {
  await embedded.close();
  await new Promise((resolve) => server.close(resolve));
});

const url = (key = APP.key) => `ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`;
const sign = (socketId: string, channel: string) => ({ auth: channelSignature(APP.key, APP.secret, socketId, channel) });

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
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-business.a', auth: `${APP.key}:${'0'.repeat(64)}` } });
    const refused = await client.next('pusher:subscription_error');
    expect(refused.channel).toBe('private-business.a');
    expect(refused.data.status).toBe(401);
    // A signature made for another socket does not work either.
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-business.a', ...sign('1.2', 'private-business.a') } });
    await client.next('pusher:subscription_error');
    client.send({ event: 'pusher:subscribe', data: { channel: 'private-business.a', ...sign(data.socket_id, 'private-business.a') } });
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
    await expect(sdk.trigger('public-updates', 'Big', { text: 'x'.repeat(11 * 1024) })).rejects.toMatchObject({ status: 413 });
  });

  it('refuses unsigned, wrongly signed and tampered HTTP event requests', async () => {
    const body = JSON.stringify({ name: 'Evil', channels: ['public-updates'], data: '{}' });
    const post = (query: string, payload: string = body) =>
      fetch(`http://127.0.0.1:${port}/apps/${APP.appId}/events?${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect((await post('')).status).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    expect((await post(`auth_key=${APP.key}&auth_timestamp=${now}&auth_version=1.0&auth_signature=${'a'.repeat(64)}`)).status).toBe(401);
    // A genuine signature from the SDK does not survive a change of body (body_md5).
    const signed = await sdkSignedRequest();
    expect((await post(signed.query, signed.body)).status).toBe(200);
    expect((await post(signed.query, signed.body.replace('Evil', 'Evil2'))).status).toBe(401);
  });

  it('relays client events on private channels to the other subscribers, never to the sender', async () => {
    const sender = await rawClient(url());
    const other = await rawClient(url());
    const s = (await sender.next('pusher:connection_established')).data.socket_id;
    const o = (await other.next('pusher:connection_established')).data.socket_id;
    sender.send({ event: 'pusher:subscribe', data: { channel: 'private-room', ...sign(s, 'private-room') } });
    other.send({ event: 'pusher:subscribe', data: { channel: 'private-room', ...sign(o, 'private-room') } });
    await sender.next('pusher_internal:subscription_succeeded');
    await other.next('pusher_internal:subscription_succeeded');
    sender.send({ event: 'client-typing', channel: 'private-room', data: { who: 'sender' } });
    expect((await other.next('client-typing')).data).toEqual({ who: 'sender' });
    await expect(sender.next('client-typing', 300)).rejects.toThrow();
    // Not on public channels.
    sender.send({ event: 'pusher:subscribe', data: { channel: 'public-room' } });
    await sender.next('pusher_internal:subscription_succeeded');
    sender.send({ event: 'client-typing', channel: 'public-room', data: {} });
    await sender.next('pusher:error');
    sender.socket.close();
    other.socket.close();
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
  const client = new Pusher({ ...APP, host: '127.0.0.1', port: String((capture.address() as AddressInfo).port), useTLS: false });
  await client.trigger('public-updates', 'Evil', {});
  await new Promise((resolve) => capture.close(resolve));
  return captured;
}
