import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import type { EmbeddedPusher } from '#server/realtime/embedded-pusher';

/** The embedded realtime server alone on a real port of 127.0.0.1: its HTTP API and its websockets. */
export async function listenEmbedded(embedded: EmbeddedPusher): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => embedded.handleHttp(req, res, body));
  });
  server.on('upgrade', (req, socket, head) => {
    if (!embedded.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A pusher-js client in Node, configured like the browser island (websockets only). */
export function pusherClient(options: {
  key: string;
  port: number;
  authorize?: (socketId: string, channel: string) => Promise<{ auth: string }>;
}) {
  return new Pusher(options.key, {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: options.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        if (!options.authorize) return callback(new Error('no authoriser'), null);
        options.authorize(socketId, channelName).then(
          (result) => callback(null, result),
          (error: Error) => callback(error, null),
        );
      },
    },
  });
}

export function waitFor<T>(register: (resolve: (value: T) => void) => void, ms = 5000, what = 'event'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

export function connected(client: Pusher): Promise<void> {
  if (client.connection.state === 'connected') return Promise.resolve();
  return waitFor<void>((resolve) => client.connection.bind('connected', () => resolve()), 5000, 'connected');
}

/**
 * The HTTP status a websocket handshake gets: 101 when the server upgrades (the socket is
 * then returned, open), else the refusal's status.
 */
export function upgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; socket?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve({ status: 101, socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.on('error', reject);
  });
}

/** A bare protocol client: every message it receives, parsed, in order. */
export async function rawClient(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: { event: string; channel?: string; data: any }[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number; reason: string } | null = null;
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    messages.push({ ...message, data: typeof message.data === 'string' ? safeJson(message.data) : message.data });
    waiters.splice(0).forEach((wake) => wake());
  });
  socket.on('close', (code, reason) => {
    closed = { code, reason: reason.toString() };
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    get closed() {
      return closed;
    },
    async next(event: string, ms = 3000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = messages.find((message) => message.event === event);
        if (found) {
          messages.splice(messages.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline)
          throw new Error(`no ${event} within ${ms} ms (got ${messages.map((m) => m.event).join(', ') || 'nothing'})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    async waitClosed(ms = 3000) {
      const deadline = Date.now() + ms;
      while (!closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return closed;
    },
  };
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
