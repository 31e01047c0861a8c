import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroadcaster } from '#api/services/realtime';
import { createEmbeddedPusher, type EmbeddedPusher } from '#server/realtime/embedded-pusher';
import { channelSignature, CLOSE } from '#server/realtime/protocol';
import { connected, listenEmbedded, pusherClient, rawClient, waitFor } from './support';

/**
 * The broadcaster handing events to the embedded server of its own process (no HTTP): the
 * same channel rules as the signed events API. The SDK's settings point at a port nobody
 * listens on, so an event that arrives can only have come in process.
 */
const APP = { appId: 'test-app', key: 'test-key', secret: 'test-secret' };
let server: http.Server;
let embedded: EmbeddedPusher;
let port: number;
const warnings: unknown[] = [];

beforeAll(async () => {
  embedded = createEmbeddedPusher(APP);
  ({ server, port } = await listenEmbedded(embedded));
});

afterAll(async () => {
  await embedded.close();
  await new Promise((resolve) => server.close(resolve));
});

const broadcaster = () =>
  createBroadcaster(
    () => ({ ...APP, host: '127.0.0.1', port: 9, useTLS: false, mode: 'embedded' }),
    (line) => warnings.push(line),
    embedded,
  );
const url = () => `ws://127.0.0.1:${port}/app/${APP.key}?protocol=7`;
const sign = (socketId: string, channel: string) => ({
  auth: channelSignature(APP.key, APP.secret, socketId, channel),
});

describe('publishing to the embedded server in process', () => {
  it("delivers to the authorised subscribers of the channel only: not to another business's channel, not without a valid signature", async () => {
    const member = pusherClient({
      key: APP.key,
      port,
      authorize: async (socketId, channel) => sign(socketId, channel),
    });
    const other = pusherClient({ key: APP.key, port, authorize: async (socketId, channel) => sign(socketId, channel) });
    await Promise.all([connected(member), connected(other)]);
    const mine = member.subscribe('private-business.one');
    const theirs = other.subscribe('private-business.two');
    await Promise.all([
      waitFor<void>((resolve) => mine.bind('pusher:subscription_succeeded', () => resolve())),
      waitFor<void>((resolve) => theirs.bind('pusher:subscription_succeeded', () => resolve())),
    ]);
    const intruder = await rawClient(url());
    await intruder.next('pusher:connection_established');
    intruder.send({
      event: 'pusher:subscribe',
      data: { channel: 'private-business.one', ...sign('1.2', 'private-business.one') },
    });
    await intruder.next('pusher:subscription_error');
    const seenByOther: unknown[] = [];
    theirs.bind('CustomerUpdated', (data: unknown) => seenByOther.push(data));

    const received = waitFor<unknown>((resolve) => mine.bind('CustomerUpdated', resolve));
    // The broadcaster sends the id only, whatever else the caller passes.
    await broadcaster().broadcast('private-business.one', 'CustomerUpdated', { id: 'c1', name: 'Ada' } as never);
    expect(await received).toEqual({ id: 'c1' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByOther).toEqual([]);
    expect(intruder.messages.map((message) => message.event)).not.toContain('CustomerUpdated');
    member.disconnect();
    other.disconnect();
    intruder.socket.close();
  });

  it('frames payloads of every length the events API allows, byte for byte', async () => {
    const client = await rawClient(url());
    await client.next('pusher:connection_established');
    client.send({ event: 'pusher:subscribe', data: { channel: 'public-sizes' } });
    await client.next('pusher_internal:subscription_succeeded');
    // Under 126 bytes, then the 16-bit length form (the 10 kB limit keeps events below 64 kB).
    for (const text of ['é', 'x'.repeat(200), 'ü'.repeat(4000)]) {
      expect(
        embedded.trigger({ name: 'Sized', channels: ['public-sizes'], data: JSON.stringify({ text }) }),
      ).toBeNull();
      expect((await client.next('Sized')).data).toEqual({ text });
      client.messages.length = 0;
    }
    client.socket.close();
  });

  it('refuses what the events API refuses and publishes nothing of it', async () => {
    const client = await rawClient(url());
    await client.next('pusher:connection_established');
    client.send({ event: 'pusher:subscribe', data: { channel: 'public-limits' } });
    await client.next('pusher_internal:subscription_succeeded');
    const big = JSON.stringify({ text: 'x'.repeat(11 * 1024) });
    expect(embedded.trigger({ name: 'Big', channels: ['public-limits'], data: big })).toMatch(/10 kB/);
    expect(embedded.trigger({ name: 'Bad', channels: ['public-limits', 'bad channel!'], data: '{}' })).toMatch(
      /channel/,
    );
    await broadcaster().broadcast('bad channel!', 'Logged', { id: 'x' });
    expect(warnings).toContainEqual(expect.objectContaining({ msg: 'broadcast failed', event: 'Logged' }));
    expect(embedded.trigger({ name: 'Fine', channels: ['public-limits'], data: '{}' })).toBeNull();
    await client.next('Fine');
    expect(client.messages.map((message) => message.event)).not.toContain('Big');
    expect(client.messages.map((message) => message.event)).not.toContain('Bad');
    client.socket.close();
  });

  it("ends the user's connections in process", async () => {
    const client = await rawClient(url());
    const socketId = (await client.next('pusher:connection_established')).data.socket_id;
    const channelData = JSON.stringify({ user_id: 'ada' });
    client.send({
      event: 'pusher:subscribe',
      data: {
        channel: 'private-user.ada',
        channel_data: channelData,
        auth: channelSignature(APP.key, APP.secret, socketId, 'private-user.ada', channelData),
      },
    });
    await client.next('pusher_internal:subscription_succeeded');
    await broadcaster().endUserConnections('ada');
    expect((await client.waitClosed())?.code).toBe(CLOSE.reauthorise);
  });
});
