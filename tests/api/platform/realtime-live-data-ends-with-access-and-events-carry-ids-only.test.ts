import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessChannel, ENTITY_EVENTS, REALTIME_ENTITIES, userChannel } from '#contract/realtime';
import { createBroadcaster } from '#api/services/realtime';
import { createEmbeddedPusher, type EmbeddedPusher } from '#server/realtime/embedded-pusher';
import { CLOSE } from '#server/realtime/protocol';
import { createHarness, PASSWORD, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { createMemory } from '#tests/support/memories';
import { createService } from '#tests/support/services';
import { connected, listenEmbedded, pusherClient, rawClient, waitFor } from '#tests/realtime/support';

/**
 * The v1 API with the real broadcaster and the embedded Pusher server on a real port, and
 * real websocket clients authorised through broadcasting/auth: what a socket keeps
 * receiving once its user loses access, and what an event may carry.
 */
const APP = { appId: 'live-access', key: 'live-access-key', secret: 'live-access-secret' };
let h: Harness;
let embedded: EmbeddedPusher;
let server: http.Server;
let port: number;

beforeAll(async () => {
  embedded = createEmbeddedPusher(APP);
  ({ server, port } = await listenEmbedded(embedded));
  h = await createHarness({
    broadcaster: createBroadcaster(() => ({ ...APP, host: '127.0.0.1', port, useTLS: false, mode: 'embedded' })),
  });
});

afterAll(async () => {
  await h?.close();
  await embedded?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const url = () => `ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=js&version=8.6.0`;

/** A bare socket subscribed, through broadcasting/auth with this token, to every channel given. */
async function listener(token: string, channels: string[]) {
  const client = await rawClient(url());
  const socketId = (await client.next('pusher:connection_established')).data.socket_id as string;
  for (const channel of channels) {
    const signed = await h.call('broadcasting/auth', { socket_id: socketId, channel_name: channel }, token);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    client.send({ event: 'pusher:subscribe', data: { channel, ...signed.body.data } });
    expect((await client.next('pusher_internal:subscription_succeeded')).channel).toBe(channel);
  }
  return { client, socketId };
}

/** Events (not protocol messages) the client received. */
const appEvents = (client: Awaited<ReturnType<typeof rawClient>>) =>
  client.messages.filter((message) => !message.event.startsWith('pusher'));

/** Wait until the client has received this event, leaving it in its messages. */
const received = (client: Awaited<ReturnType<typeof rawClient>>, event: string) =>
  waitFor<void>(
    (resolve) => {
      const check = () =>
        client.messages.some((message) => message.event === event) ? resolve() : setTimeout(check, 20);
      check();
    },
    5000,
    event,
  );

async function ownerWithMember(permissions: string[] = ['customers/view']) {
  const owner = await h.signUpWithBusiness();
  const member = await h.signUp();
  await h.addMember(owner.business._id, member.user.id, permissions);
  return { owner, member, b: owner.business._id as string };
}

/** After the member lost access: nothing more arrives, the socket is told to re-authorise, and authorising again is refused. */
async function expectCutOff(
  client: Awaited<ReturnType<typeof rawClient>>,
  owner: { token: string },
  b: string,
  token: string,
  refusedStatus: number,
) {
  // The call has answered: from now on nothing reaches that socket, whatever is published.
  const before = appEvents(client).length;
  expect((await h.call(`businesses/update/${b}`, { name: `Renamed ${Date.now()}` }, owner.token)).status).toBe(200);
  expect((await client.waitClosed())?.code).toBe(CLOSE.reauthorise);
  expect(appEvents(client).length).toBe(before);
  // A new socket cannot get the business channel back with what the client still holds.
  const again = await rawClient(url());
  const socketId = (await again.next('pusher:connection_established')).data.socket_id as string;
  const refused = await h.call('broadcasting/auth', { socket_id: socketId, channel_name: businessChannel(b) }, token);
  expect(refused.status).toBe(refusedStatus);
  again.socket.close();
}

async function login(email: string) {
  const result = await h.call('users/login', { email, password: PASSWORD });
  expect(result.status).toBe(200);
  return result.body.data.token as string;
}

describe('a live connection ends with the access that opened it', () => {
  it('a removed member stops receiving the business channel at once and cannot subscribe again (their own channel still works)', async () => {
    const { owner, member, b } = await ownerWithMember();
    const { client } = await listener(member.token, [businessChannel(b), userChannel(member.user.id)]);
    await createCustomer(h, b, owner.token);
    await client.next('CustomerCreated');
    const [row] = (await h.call(`businesses/users/${b}/list`, undefined, owner.token)).body.data.users.filter(
      (entry: { user: { id: string } }) => entry.user.id === member.user.id,
    );
    expect((await h.call(`businesses/users/${b}/remove/${row._id}`, undefined, owner.token)).status).toBe(200);
    await expectCutOff(client, owner, b, member.token, 403);
    // Still signed in: their own channel is theirs.
    await listener(member.token, [userChannel(member.user.id)]).then(({ client: own }) => own.socket.close());
  });

  it('a member who leaves the business (unlink) loses its channel too', async () => {
    const { owner, member, b } = await ownerWithMember();
    const { client } = await listener(member.token, [businessChannel(b)]);
    expect((await h.call(`users/unlink-business/${b}`, undefined, member.token)).status).toBe(200);
    await expectCutOff(client, owner, b, member.token, 403);
  });

  it('deleting a business ends its members’ connections, and its channel cannot be authorised again', async () => {
    const { owner, member, b } = await ownerWithMember();
    const { client } = await listener(member.token, [businessChannel(b)]);
    expect((await h.call(`businesses/delete/${b}`, undefined, owner.token)).status).toBe(200);
    expect((await client.waitClosed())?.code).toBe(CLOSE.reauthorise);
    const again = await rawClient(url());
    const socketId = (await again.next('pusher:connection_established')).data.socket_id as string;
    expect(
      (await h.call('broadcasting/auth', { socket_id: socketId, channel_name: businessChannel(b) }, member.token))
        .status,
    ).toBe(403);
    again.socket.close();
  });

  it('logging out ends the connection; the token can authorise nothing any more', async () => {
    const { owner, member, b } = await ownerWithMember();
    const { client } = await listener(member.token, [businessChannel(b), userChannel(member.user.id)]);
    expect((await h.call('users/logout', undefined, member.token)).status).toBe(200);
    await expectCutOff(client, owner, b, member.token, 401);
  });

  it('revoking a device (its token) ends the connections opened with it', async () => {
    const { owner, member, b } = await ownerWithMember();
    const other = await login(member.email);
    const { client } = await listener(member.token, [businessChannel(b)]);
    const devices = (await h.call('users/devices', undefined, other)).body.data.devices as {
      _id: string;
      current: boolean;
    }[];
    const target = devices.find((device) => !device.current)!;
    expect((await h.call(`users/devices/${target._id}/revoke`, undefined, other)).status).toBe(200);
    await expectCutOff(client, owner, b, member.token, 401);
    // The device that did it still authorises.
    await listener(other, [businessChannel(b)]).then(({ client: still }) => still.socket.close());
  });

  it('deleting the account ends its connections', async () => {
    const { owner, member, b } = await ownerWithMember();
    const { client } = await listener(member.token, [businessChannel(b), userChannel(member.user.id)]);
    expect((await h.call('users/delete', undefined, member.token)).status).toBe(200);
    await expectCutOff(client, owner, b, member.token, 401);
  });

  it('resetting the password ends every connection of the user', async () => {
    const { owner, member, b } = await ownerWithMember();
    const { client } = await listener(member.token, [businessChannel(b)]);
    expect((await h.call('users/forgot-password', { email: member.email })).status).toBe(200);
    // The email may be sent in the background.
    const code = await waitFor<string>(
      (resolve) => {
        const poll = () => h.latestCode(member.email).then(resolve, () => setTimeout(poll, 20));
        poll();
      },
      5000,
      'the reset code',
    );
    expect(
      (await h.call('users/verify-password-code', { email: member.email, code, password: 'a brand new password' }))
        .status,
    ).toBe(200);
    await expectCutOff(client, owner, b, member.token, 401);
  });

  it('changing the password ends the connections of the other sessions', async () => {
    const { owner, member, b } = await ownerWithMember();
    const other = await login(member.email);
    const { client } = await listener(other, [businessChannel(b)]);
    expect(
      (await h.call('users/update', { current_password: PASSWORD, password: 'another new password' }, member.token))
        .status,
    ).toBe(200);
    await expectCutOff(client, owner, b, other, 401);
  });

  it('a socket signed in as one user cannot take another user’s channel authorisations, so ending a user reaches every socket they use', async () => {
    const { owner, member, b } = await ownerWithMember();
    const outsider = await h.signUp();
    const client = await rawClient(url());
    const socketId = (await client.next('pusher:connection_established')).data.socket_id as string;
    // Signed in as the outsider (Pusher user authentication) ...
    const signin = await h.call('broadcasting/user-auth', { socket_id: socketId }, outsider.token);
    expect(signin.status).toBe(200);
    client.send({ event: 'pusher:signin', data: signin.body.data });
    expect(JSON.parse((await client.next('pusher:signin_success')).data.user_data).id).toBe(outsider.user.id);
    // ... it cannot use the member's authorisation for the business channel.
    const signed = await h.call(
      'broadcasting/auth',
      { socket_id: socketId, channel_name: businessChannel(b) },
      member.token,
    );
    client.send({ event: 'pusher:subscribe', data: { channel: businessChannel(b), ...signed.body.data } });
    expect((await client.next('pusher:subscription_error')).data.status).toBe(403);
    // Without channel_data (the signature of a hosted server) the embedded server refuses it as well.
    client.send({ event: 'pusher:subscribe', data: { channel: businessChannel(b), auth: signed.body.data.auth } });
    expect((await client.next('pusher:subscription_error')).data.status).toBe(401);
    // Signed in only, the socket is still reached when its user is ended.
    await h.call('users/logout', undefined, outsider.token);
    expect((await client.waitClosed())?.code).toBe(CLOSE.reauthorise);
    void owner;
  });

  it('pusher-js comes back by itself after a removal, with its own channel and without the business channel', async () => {
    const { owner, member, b } = await ownerWithMember();
    const client = pusherClient({
      key: APP.key,
      port,
      authorize: async (socketId, channel) => {
        const result = await h.call('broadcasting/auth', { socket_id: socketId, channel_name: channel }, member.token);
        if (result.status !== 200) throw new Error(`refused: ${result.status}`);
        return result.body.data;
      },
    });
    await connected(client);
    const business = client.subscribe(businessChannel(b));
    const own = client.subscribe(userChannel(member.user.id));
    await Promise.all(
      [business, own].map((channel) =>
        waitFor<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve())),
      ),
    );
    const businessEvents: string[] = [];
    business.bind_global((event: string) => {
      if (!event.startsWith('pusher')) businessEvents.push(event);
    });
    const refusedAgain = waitFor<void>(
      (resolve) => business.bind('pusher:subscription_error', () => resolve()),
      10_000,
      'the refused re-subscription',
    );
    const ownAgain = waitFor<void>(
      (resolve) => own.bind('pusher:subscription_succeeded', () => resolve()),
      10_000,
      'the user channel again',
    );
    const [row] = (await h.call(`businesses/users/${b}/list`, undefined, owner.token)).body.data.users.filter(
      (entry: { user: { id: string } }) => entry.user.id === member.user.id,
    );
    await h.call(`businesses/users/${b}/remove/${row._id}`, undefined, owner.token);
    await Promise.all([refusedAgain, ownAgain]);
    const seen = businessEvents.length;
    await createCustomer(h, b, owner.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(businessEvents.length).toBe(seen);
    client.disconnect();
  });
});

describe('events carry ids only', () => {
  it('a member with only customers/view, subscribed to every channel they may, receives no content of notes, memories, services or anything else', async () => {
    const { owner, member, b } = await ownerWithMember(['customers/view']);
    const { client } = await listener(member.token, [businessChannel(b), userChannel(member.user.id)]);
    const customer = await createCustomer(h, b, owner.token, { first_name: 'Secretcustomer' });
    const note = await h.call(
      `businesses/notes/${b}/create`,
      { body: 'Secretnote: the safe code is 1234', customer_id: customer._id },
      owner.token,
    );
    expect(note.status).toBe(200);
    const memory = await createMemory(h, b, owner.token, { content: 'Secretmemory: supplier margin 40%' });
    const service = await createService(h, b, owner.token, {
      name: 'Secretservice',
      description: 'Secretservice description',
    });
    expect((await h.call(`businesses/update/${b}`, { name: 'Secretbusiness Ltd' }, owner.token)).status).toBe(200);
    // The update tells the business channel, then each member's own channel: wait for both.
    await received(client, 'BusinessUpdated');
    await received(client, 'UserUpdated');
    const events = appEvents(client);
    expect(new Set(events.map((message) => message.event))).toEqual(
      new Set(['CustomerCreated', 'NoteCreated', 'MemoryCreated', 'ServiceCreated', 'BusinessUpdated', 'UserUpdated']),
    );
    for (const message of events) expect(Object.keys(message.data)).toEqual(['id']);
    expect(events.map((message) => message.data.id)).toEqual(
      expect.arrayContaining([customer._id, note.body.data.note._id, memory._id, service._id, b]),
    );
    expect(JSON.stringify(client.messages)).not.toMatch(/Secret/);
    client.socket.close();
  });

  it('every event of the catalogue reaches the wire as { id } whatever the caller hands the broadcaster', async () => {
    const { member, b } = await ownerWithMember(['customers/view']);
    const { client } = await listener(member.token, [businessChannel(b), userChannel(member.user.id)]);
    const broadcaster = createBroadcaster(() => ({ ...APP, host: '127.0.0.1', port, useTLS: false, mode: 'embedded' }));
    const names: string[] = [];
    for (const [entity, spec] of Object.entries(REALTIME_ENTITIES)) {
      for (const kind of ENTITY_EVENTS.filter((event) => (spec.events as readonly string[]).includes(event))) {
        const channel = spec.channel === 'user' ? userChannel(member.user.id) : businessChannel(b);
        // A caller handing over a whole record (the type says it should not) still sends the id only.
        await broadcaster.broadcast(channel, `${entity}${kind}`, {
          id: `${entity}-1`,
          record: { body: 'Secret' },
        } as never);
        names.push(`${entity}${kind}`);
      }
    }
    await received(client, names.at(-1)!);
    const events = appEvents(client);
    expect(events.map((message) => message.event)).toEqual(names);
    for (const message of events) expect(message.data).toEqual({ id: expect.any(String) });
    client.socket.close();
  });
});
