import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CLOSE,
  MAX_CHANNELS_PER_EVENT,
  MAX_EVENT_BYTES,
  PROTOCOL_VERSION,
  channelSignature,
  isPresence,
  isPrivate,
  isValidChannel,
  safeEqual,
  verifySignedRequest,
} from './protocol';

/**
 * The embedded Pusher-protocol server: protocol 7 over `ws` at /app/{key} on the app's own
 * HTTP server, plus the signed HTTP events API the official `pusher` SDK calls. It lets a
 * fresh machine run realtime with nothing else installed; Pusher Channels or Soketi
 * replace it through the PUSHER_* settings without any other change.
 */
export type EmbeddedPusherOptions = {
  appId: string;
  key: string;
  secret: string;
  /** Seconds of silence before the server pings (the handshake tells clients the same). */
  activityTimeoutS?: number;
  /** How long a ping may wait for its pong before the socket is dropped. */
  pongTimeoutMs?: number;
  /** A socket whose unsent buffer grows past this is too slow and is dropped. */
  maxBufferedBytes?: number;
  log?: (line: { level: 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }) => void;
};

type Connection = {
  socket: WebSocket;
  id: string;
  channels: Set<string>;
  lastSeen: number;
  pingSentAt: number | null;
};

type PublishedEvent = { name: string; data: string; channels: string[]; socket_id?: string };

export type EmbeddedPusher = ReturnType<typeof createEmbeddedPusher>;

export function createEmbeddedPusher(options: EmbeddedPusherOptions) {
  const activityTimeoutS = options.activityTimeoutS ?? 120;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const log = options.log ?? (() => {});
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  const channels = new Map<string, Set<Connection>>();
  let closing = false;

  const socketId = () => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;

  function send(connection: Connection, message: { event: string; channel?: string; data: unknown }) {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    // A subscriber that cannot keep up is dropped rather than buffering without bound.
    if (connection.socket.bufferedAmount > maxBuffered) {
      log({ level: 'warn', msg: 'realtime socket too slow, dropped', socket_id: connection.id });
      connection.socket.terminate();
      return;
    }
    const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
    connection.socket.send(JSON.stringify({ ...message, data }));
  }

  const sendError = (connection: Connection, code: number | null, message: string) =>
    send(connection, { event: 'pusher:error', data: { code, message } });

  function unsubscribe(connection: Connection, channel: string) {
    connection.channels.delete(channel);
    const members = channels.get(channel);
    members?.delete(connection);
    if (members?.size === 0) channels.delete(channel);
  }

  function subscribe(connection: Connection, data: { channel?: unknown; auth?: unknown; channel_data?: unknown }) {
    const channel = data.channel;
    if (!isValidChannel(channel)) {
      sendError(connection, 4009, 'Invalid channel name: up to 200 of A-Z a-z 0-9 _ - = @ , . ;');
      return;
    }
    if (isPresence(channel)) {
      send(connection, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: 'Presence channels are not supported', status: 403 } });
      return;
    }
    if (isPrivate(channel)) {
      const expected = channelSignature(options.key, options.secret, connection.id, channel);
      if (typeof data.auth !== 'string' || !safeEqual(data.auth, expected)) {
        send(connection, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: 'Invalid signature', status: 401 } });
        return;
      }
    }
    connection.channels.add(channel);
    let members = channels.get(channel);
    if (!members) channels.set(channel, (members = new Set()));
    members.add(connection);
    send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: {} });
  }

  function clientEvent(connection: Connection, message: { event: string; channel?: unknown; data?: unknown }, size: number) {
    const channel = message.channel;
    if (typeof channel !== 'string' || !isPrivate(channel) || !connection.channels.has(channel)) {
      sendError(connection, null, 'Client event rejected: only on private channels you are subscribed to');
      return;
    }
    if (size > MAX_EVENT_BYTES) {
      sendError(connection, null, 'Client event rejected: over 10 kB');
      return;
    }
    for (const member of channels.get(channel) ?? []) {
      // Never echoed to the sender.
      if (member !== connection) send(member, { event: message.event, channel, data: message.data ?? {} });
    }
  }

  function onMessage(connection: Connection, raw: Buffer) {
    connection.lastSeen = Date.now();
    connection.pingSentAt = null;
    let message: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw.toString('utf8'));
    } catch {
      sendError(connection, null, 'Messages must be JSON');
      return;
    }
    const event = typeof message.event === 'string' ? message.event : '';
    const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as Record<string, unknown> | undefined;
    if (event === 'pusher:ping') send(connection, { event: 'pusher:pong', data: {} });
    else if (event === 'pusher:pong') return;
    else if (event === 'pusher:subscribe') subscribe(connection, data ?? {});
    else if (event === 'pusher:unsubscribe' && typeof data?.channel === 'string') unsubscribe(connection, data.channel);
    else if (event.startsWith('client-')) clientEvent(connection, { event, channel: message.channel, data: message.data }, raw.length);
    else sendError(connection, null, `Unsupported event: ${event || '(none)'}`);
  }

  function accept(socket: WebSocket) {
    const connection: Connection = { socket, id: socketId(), channels: new Set(), lastSeen: Date.now(), pingSentAt: null };
    connections.add(connection);
    socket.on('message', (raw: Buffer) => onMessage(connection, raw));
    socket.on('close', () => {
      connections.delete(connection);
      for (const channel of [...connection.channels]) unsubscribe(connection, channel);
    });
    socket.on('error', () => socket.terminate());
    send(connection, { event: 'pusher:connection_established', data: { socket_id: connection.id, activity_timeout: activityTimeoutS } });
  }

  // Keep-alive: ping a socket that has been silent for the activity timeout; drop it when
  // the pong does not come back in time (4201: pusher-js reconnects at once).
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt > pongTimeoutMs) connection.socket.close(CLOSE.pongTimeout, 'Pong reply not received');
      } else if (now - connection.lastSeen > activityTimeoutS * 1000) {
        connection.pingSentAt = now;
        send(connection, { event: 'pusher:ping', data: {} });
      }
    }
  }, Math.min(5_000, Math.max(250, Math.floor(pongTimeoutMs / 4))));
  sweep.unref();

  /** Handles the upgrade when it is ours (/app/{key}); returns false for other paths. */
  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (closing) return ws.close(CLOSE.shuttingDown, 'Server shutting down');
      if (match[1] !== options.key) {
        ws.send(JSON.stringify({ event: 'pusher:error', data: JSON.stringify({ code: CLOSE.appNotFound, message: `App key ${match[1]} not in this cluster` }) }));
        return ws.close(CLOSE.appNotFound, 'App key not found');
      }
      const protocol = Number(url.searchParams.get('protocol') ?? PROTOCOL_VERSION);
      if (!Number.isFinite(protocol) || protocol < 5 || protocol > PROTOCOL_VERSION) {
        ws.send(JSON.stringify({ event: 'pusher:error', data: JSON.stringify({ code: CLOSE.protocolUnsupported, message: 'Unsupported protocol version' }) }));
        return ws.close(CLOSE.protocolUnsupported, 'Unsupported protocol version');
      }
      accept(ws);
    });
    return true;
  }

  /** Deliver one event to every subscriber of its channels (but the excluded socket). */
  function publish(event: PublishedEvent): number {
    let delivered = 0;
    for (const channel of event.channels) {
      for (const connection of channels.get(channel) ?? []) {
        if (connection.id === event.socket_id) continue;
        send(connection, { event: event.name, channel, data: event.data });
        delivered += 1;
      }
    }
    return delivered;
  }

  function validateEvent(event: Partial<PublishedEvent> & { channel?: string }): { event?: PublishedEvent; status?: number; error?: string } {
    const list = event.channels ?? (event.channel ? [event.channel] : []);
    if (typeof event.name !== 'string' || event.name.length === 0 || event.name.length > 200) return { status: 400, error: 'Event name is required (up to 200 characters)' };
    if (list.length === 0 || list.length > MAX_CHANNELS_PER_EVENT) return { status: 400, error: 'Between 1 and 100 channels are required' };
    if (!list.every(isValidChannel)) return { status: 400, error: 'Invalid channel name' };
    const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data ?? {});
    if (Buffer.byteLength(data) > MAX_EVENT_BYTES) return { status: 413, error: 'Event data is over the 10 kB limit' };
    return { event: { name: event.name, data, channels: list, socket_id: event.socket_id } };
  }

  /** The HTTP API: POST /apps/{appId}/events and /batch_events, signed like Pusher's. */
  function handleHttp(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const match = /^\/apps\/([^/]+)\/(events|batch_events)$/.exec(url.pathname);
    if (!match || request.method !== 'POST') return reply(404, { error: 'Not found' });
    if (match[1] !== options.appId) return reply(404, { error: 'Unknown app' });
    const refusal = verifySignedRequest({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      key: options.key,
      secret: options.secret,
      nowS: Math.floor(Date.now() / 1000),
    });
    if (refusal) return reply(401, { error: refusal });
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body);
    } catch {
      return reply(400, { error: 'The body must be JSON' });
    }
    const events = match[2] === 'batch_events' ? (Array.isArray(payload.batch) ? payload.batch : []) : [payload];
    if (events.length === 0 || events.length > 10) return reply(400, { error: 'A batch holds 1 to 10 events' });
    const checked = events.map((event) => validateEvent(event as Partial<PublishedEvent>));
    const bad = checked.find((result) => !result.event);
    if (bad) return reply(bad.status ?? 400, { error: bad.error });
    for (const result of checked) publish(result.event!);
    return reply(200, match[2] === 'batch_events' ? { batch: checked.map(() => ({})) } : {});
  }

  /** Tell every client to reconnect (4200), e.g. on shutdown; they come back to the next server. */
  async function close() {
    closing = true;
    clearInterval(sweep);
    for (const connection of connections) connection.socket.close(CLOSE.shuttingDown, 'Server shutting down');
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  return {
    handleUpgrade,
    handleHttp,
    publish,
    close,
    stats: () => ({ connections: connections.size, channels: channels.size }),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
