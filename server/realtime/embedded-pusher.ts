import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CLOSE,
  PROTOCOL_VERSION,
  SERVER_TO_USER_PREFIX,
  channelSignature,
  isPresence,
  isPrivate,
  isValidChannel,
  safeEqual,
  userSignature,
} from './protocol';
import { handleEventsApi, validateEvent, type PublishedEvent } from './events-api';
import { textFrame } from './websocket-frame';

/**
 * The embedded Pusher-protocol server: protocol 7 over `ws` at /app/{key} on the app's own
 * HTTP server, plus the signed HTTP events API the official `pusher` SDK calls
 * (events-api.ts). It lets a fresh machine run realtime with nothing else installed; Pusher
 * Channels or Soketi replace it through the PUSHER_* settings without any other change.
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
  /** The site's own origin (PUBLIC_URL): browsers may connect from it or from the host they connect to. */
  publicOrigin?: string;
  /** The client's address (the caller applies TRUST_PROXY); the socket's peer address otherwise. */
  clientAddress?: (request: IncomingMessage) => string;
  /** Open connections in all, and from one client address. */
  maxConnections?: number;
  maxConnectionsPerAddress?: number;
  log?: (line: { level: 'info' | 'warn' | 'error'; msg: string; [key: string]: unknown }) => void;
};

type Connection = {
  socket: WebSocket;
  /** The TCP socket under `socket`: published events are written to it as ready-made frames. */
  stream: Duplex;
  id: string;
  channels: Set<string>;
  /** The user this connection acts for, once a channel authorisation or a signin names one. */
  userId: string | null;
  address: string;
  lastSeen: number;
  pingSentAt: number | null;
};

export type EmbeddedPusher = ReturnType<typeof createEmbeddedPusher>;

export function createEmbeddedPusher(options: EmbeddedPusherOptions) {
  const activityTimeoutS = options.activityTimeoutS ?? 120;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  const log = options.log ?? (() => {});
  // No permessage-deflate: ws then writes every frame straight to the TCP socket, in order,
  // which is what lets publish() write one pre-built frame to each socket (see there).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
  const maxConnections = options.maxConnections ?? 10_000;
  const maxPerAddress = options.maxConnectionsPerAddress ?? 100;
  const clientAddress =
    options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? 'unknown');
  const connections = new Set<Connection>();
  const channels = new Map<string, Set<Connection>>();
  const perAddress = new Map<string, number>();
  let closing = false;

  const socketId = () => `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;

  /** Whether a frame may be written: false when the socket is closed or was dropped as too slow. */
  function writable(connection: Connection): boolean {
    if (connection.socket.readyState !== connection.socket.OPEN) return false;
    // A subscriber that cannot keep up is dropped rather than buffering without bound.
    if (connection.socket.bufferedAmount > maxBuffered) {
      log({ level: 'warn', msg: 'realtime socket too slow, dropped', socket_id: connection.id });
      connection.socket.terminate();
      return false;
    }
    return true;
  }

  function send(connection: Connection, message: { event: string; channel?: string; data: unknown }) {
    const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
    if (writable(connection)) connection.socket.send(JSON.stringify({ ...message, data }));
  }

  const sendError = (connection: Connection, code: number | null, message: string) =>
    send(connection, { event: 'pusher:error', data: { code, message } });

  function unsubscribe(connection: Connection, channel: string) {
    connection.channels.delete(channel);
    const members = channels.get(channel);
    members?.delete(connection);
    if (members?.size === 0) channels.delete(channel);
  }

  /** A connection acts for one user at most: a second user's authorisation is refused. */
  function bindUser(connection: Connection, userId: string): boolean {
    if (connection.userId !== null && connection.userId !== userId) return false;
    connection.userId = userId;
    return true;
  }

  function join(connection: Connection, channel: string) {
    connection.channels.add(channel);
    let members = channels.get(channel);
    if (!members) channels.set(channel, (members = new Set()));
    members.add(connection);
    send(connection, { event: 'pusher_internal:subscription_succeeded', channel, data: {} });
  }

  const refuseSubscription = (connection: Connection, channel: string, status: number, error: string) =>
    send(connection, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error, status } });

  function subscribe(connection: Connection, data: { channel?: unknown; auth?: unknown; channel_data?: unknown }) {
    const channel = data.channel;
    if (typeof channel === 'string' && channel.startsWith(SERVER_TO_USER_PREFIX)) {
      // pusher-js asks for its user's own channel after a signin; nobody else's.
      if (connection.userId === null || channel !== `${SERVER_TO_USER_PREFIX}${connection.userId}`)
        refuseSubscription(connection, channel, 403, 'Not your user channel');
      else join(connection, channel);
      return;
    }
    if (!isValidChannel(channel)) {
      sendError(connection, 4009, 'Invalid channel name: up to 200 of A-Z a-z 0-9 _ - = @ , . ;');
      return;
    }
    if (isPresence(channel)) {
      refuseSubscription(connection, channel, 403, 'Presence channels are not supported');
      return;
    }
    if (isPrivate(channel)) {
      // The app signs channel_data {"user_id"} with the channel: the connection then belongs
      // to that user, so ending the user's connections reaches it.
      const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
      const expected = channelSignature(options.key, options.secret, connection.id, channel, channelData);
      if (typeof data.auth !== 'string' || !safeEqual(data.auth, expected)) {
        refuseSubscription(connection, channel, 401, 'Invalid signature');
        return;
      }
      const userId = (safeParse(channelData ?? '') as { user_id?: unknown } | undefined)?.user_id;
      if (typeof userId === 'string' && !bindUser(connection, userId)) {
        refuseSubscription(connection, channel, 403, 'This connection belongs to another user');
        return;
      }
    }
    join(connection, channel);
  }

  /** pusher:signin (Pusher user authentication): the signed user_data names the connection's user. */
  function signin(connection: Connection, data: { auth?: unknown; user_data?: unknown }) {
    const userData = data.user_data;
    if (
      typeof userData !== 'string' ||
      typeof data.auth !== 'string' ||
      !safeEqual(data.auth, userSignature(options.key, options.secret, connection.id, userData))
    ) {
      sendError(connection, CLOSE.unauthorised, 'Invalid signin: the signature does not match');
      return;
    }
    const userId = (safeParse(userData) as { id?: unknown } | undefined)?.id;
    if (typeof userId !== 'string' || userId === '' || !bindUser(connection, userId)) {
      sendError(connection, CLOSE.unauthorised, "Invalid signin: user_data needs the id of this connection's user");
      return;
    }
    send(connection, { event: 'pusher:signin_success', data: { user_data: userData } });
  }

  function onMessage(connection: Connection, raw: Buffer) {
    // A connection being closed (its user's access ended) takes nothing more.
    if (connection.socket.readyState !== connection.socket.OPEN) return;
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
    const data = (typeof message.data === 'string' ? safeParse(message.data) : message.data) as
      Record<string, unknown> | undefined;
    if (event === 'pusher:ping') send(connection, { event: 'pusher:pong', data: {} });
    else if (event === 'pusher:pong') return;
    else if (event === 'pusher:subscribe') subscribe(connection, data ?? {});
    else if (event === 'pusher:unsubscribe' && typeof data?.channel === 'string') unsubscribe(connection, data.channel);
    else if (event === 'pusher:signin') signin(connection, data ?? {});
    // The app publishes every change through its API, where permissions are checked; it
    // sends no client events, so none are relayed (they would bypass those checks).
    else if (event.startsWith('client-')) sendError(connection, null, 'Client events are not accepted');
    else sendError(connection, null, `Unsupported event: ${event || '(none)'}`);
  }

  function accept(socket: WebSocket, stream: Duplex, address: string) {
    const connection: Connection = {
      socket,
      stream,
      id: socketId(),
      channels: new Set(),
      userId: null,
      address,
      lastSeen: Date.now(),
      pingSentAt: null,
    };
    connections.add(connection);
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.on('message', (raw: Buffer) => onMessage(connection, raw));
    socket.on('close', () => {
      connections.delete(connection);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
      for (const channel of [...connection.channels]) unsubscribe(connection, channel);
    });
    socket.on('error', () => socket.terminate());
    send(connection, {
      event: 'pusher:connection_established',
      data: { socket_id: connection.id, activity_timeout: activityTimeoutS },
    });
  }

  // Keep-alive: ping a socket that has been silent for the activity timeout; drop it when
  // the pong does not come back in time (4201: pusher-js reconnects at once).
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections) {
        if (connection.pingSentAt !== null) {
          if (now - connection.pingSentAt > pongTimeoutMs)
            connection.socket.close(CLOSE.pongTimeout, 'Pong reply not received');
        } else if (now - connection.lastSeen > activityTimeoutS * 1000) {
          connection.pingSentAt = now;
          send(connection, { event: 'pusher:ping', data: {} });
        }
      }
    },
    Math.min(5_000, Math.max(250, Math.floor(pongTimeoutMs / 4))),
  );
  sweep.unref();

  /**
   * Browsers always send Origin on a websocket handshake, so a page elsewhere is refused.
   * A handshake without one is no web page (the SDK, a native client, a script): those
   * can send any Origin anyway, and what stops them is the channel signatures.
   */
  function originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    try {
      const url = new URL(origin);
      return url.origin === options.publicOrigin || url.host === request.headers.host;
    } catch {
      return false;
    }
  }

  /** An HTTP answer instead of the upgrade: refused before any websocket exists. */
  function refuseUpgrade(socket: Duplex, status: number, reason: string) {
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
    );
  }

  /** Handles the upgrade when it is ours (/app/{key}); returns false for other paths. */
  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    if (!originAllowed(request)) {
      refuseUpgrade(socket, 403, 'Forbidden');
      return true;
    }
    const address = clientAddress(request);
    if (connections.size >= maxConnections) {
      refuseUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    if ((perAddress.get(address) ?? 0) >= maxPerAddress) {
      refuseUpgrade(socket, 429, 'Too Many Requests');
      return true;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      if (closing) return ws.close(CLOSE.shuttingDown, 'Server shutting down');
      if (match[1] !== options.key) {
        ws.send(
          JSON.stringify({
            event: 'pusher:error',
            data: JSON.stringify({ code: CLOSE.appNotFound, message: `App key ${match[1]} not in this cluster` }),
          }),
        );
        return ws.close(CLOSE.appNotFound, 'App key not found');
      }
      const protocol = Number(url.searchParams.get('protocol') ?? PROTOCOL_VERSION);
      if (!Number.isFinite(protocol) || protocol < 5 || protocol > PROTOCOL_VERSION) {
        ws.send(
          JSON.stringify({
            event: 'pusher:error',
            data: JSON.stringify({ code: CLOSE.protocolUnsupported, message: 'Unsupported protocol version' }),
          }),
        );
        return ws.close(CLOSE.protocolUnsupported, 'Unsupported protocol version');
      }
      accept(ws, socket, address);
    });
    return true;
  }

  /**
   * Deliver one event to every subscriber of its channels (but the excluded socket). The
   * message is serialised and framed once per channel and the same buffer is written to
   * every TCP socket: one write each, no per-socket JSON, encoding, framing or ws bookkeeping.
   * Writing under ws is safe because ws, without permessage-deflate, never holds a frame back
   * (its Sender writes each one to the socket at once), so the order of frames is kept. With
   * a thousand subscribers what is left is the kernel's work for each socket's write.
   */
  function publish(event: PublishedEvent): number {
    let delivered = 0;
    for (const channel of event.channels) {
      const members = channels.get(channel);
      if (!members?.size) continue;
      const payload = Buffer.from(JSON.stringify({ event: event.name, channel, data: event.data }));
      const frame = textFrame(payload);
      for (const connection of members) {
        if (connection.id === event.socket_id) continue;
        if (writable(connection)) {
          connection.stream.write(frame);
          delivered += 1;
        }
      }
    }
    return delivered;
  }

  /**
   * Publishing from this process (the app's broadcaster when the embedded server runs here):
   * the events API's checks, without its HTTP request and signature. Returns the refusal, if any.
   */
  function trigger(event: Omit<PublishedEvent, 'socket_id'>): string | null {
    const checked = validateEvent(event);
    if (!checked.event) return checked.error ?? 'Invalid event';
    publish(checked.event);
    return null;
  }

  const handleHttp = (request: IncomingMessage, response: ServerResponse, body: string) =>
    handleEventsApi(request, response, body, { ...options, publish, endUserConnections });

  /**
   * Pusher's terminate-user-connections: every connection of the user stops receiving at
   * once and is told to reconnect (4200), so each channel it wants back is authorised
   * again with whatever credentials the client still holds.
   */
  function endUserConnections(userId: string): number {
    let ended = 0;
    for (const connection of connections) {
      if (connection.userId !== userId) continue;
      for (const channel of [...connection.channels]) unsubscribe(connection, channel);
      connection.socket.close(CLOSE.reauthorise, 'Authorise again');
      ended += 1;
    }
    return ended;
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
    trigger,
    endUserConnections,
    close,
    stats: () => ({ connections: connections.size, channels: channels.size, addresses: perAddress.size }),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
