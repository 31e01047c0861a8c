/**
 * Subscribers for the realtime fan-out benchmark. Raw websockets speaking Pusher protocol 7,
 * spread over several child processes so that their receiving neither runs on the server's
 * thread nor queues behind a single client thread: in production each subscriber is its
 * own browser. Each child connects its share, has the parent sign each socket id, subscribes,
 * then reports for every event when the last of its clients received it. Times are
 * `process.hrtime.bigint()` (CLOCK_MONOTONIC, one clock for every process on the machine),
 * so the parent subtracts them from its own publish time.
 */
import { spawn, type ChildProcess } from 'node:child_process';

// A client takes the arrival of the event's websocket message as its receipt, before any
// work of its own: the frame has reached the client and been decoded by ws, as in a browser.
const CHILD_SOURCE = `
const { WebSocket } = require(process.env.FANOUT_WS_PATH);
const url = process.env.FANOUT_URL;
const channel = process.env.FANOUT_CHANNEL;
const clients = Number(process.env.FANOUT_CLIENTS);
const sockets = [];
const pendingAuth = new Map();
let subscribed = 0;
let received = 0;
let last = 0n;
process.on('message', (message) => {
  if (message.type === 'auth') pendingAuth.get(message.index)(message.auth, message.channelData);
  if (message.type === 'close') { for (const socket of sockets) socket.terminate(); process.disconnect(); }
});
function delivered() {
  last = process.hrtime.bigint();
  if (++received === clients) { process.send({ type: 'delivered', last: String(last) }); received = 0; }
}
for (let index = 0; index < clients; index++) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  socket.on('message', (raw) => {
    if (subscribed === clients) return delivered();
    const message = JSON.parse(raw.toString());
    if (message.event === 'pusher:connection_established') {
      const { socket_id } = JSON.parse(message.data);
      pendingAuth.set(index, (auth, channelData) => socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } })));
      process.send({ type: 'sign', index, socketId: socket_id });
    } else if (message.event === 'pusher_internal:subscription_succeeded') {
      if (++subscribed === clients) process.send({ type: 'ready' });
    }
  });
}
`;

export type FanoutClients = {
  /** Resolves with the hrtime (ns) at which the last client of all received the next event. */
  nextDelivery(): Promise<bigint>;
  close(): Promise<void>;
};

type ChildMessage = { type: string; index?: number; socketId?: string; last?: string };

export async function startFanoutClients(options: {
  url: string;
  channel: string;
  clients: number;
  /** Child processes the clients are spread over. */
  processes: number;
  wsPath: string;
  sign: (socketId: string) => { auth: string; channel_data?: string };
}): Promise<FanoutClients> {
  const children: ChildProcess[] = [];
  let onDelivered: ((last: bigint) => void) | undefined;
  let reported: bigint[] = [];
  const ready = Array.from({ length: options.processes }, (_, i) => {
    const share = Math.floor(options.clients / options.processes) + (i < options.clients % options.processes ? 1 : 0);
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        FANOUT_WS_PATH: options.wsPath,
        FANOUT_URL: options.url,
        FANOUT_CHANNEL: options.channel,
        FANOUT_CLIENTS: String(share),
      },
    });
    children.push(child);
    return new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`fan-out client process exited (${code})`)));
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'sign') {
          const signed = options.sign(message.socketId!);
          child.send({ type: 'auth', index: message.index, auth: signed.auth, channelData: signed.channel_data });
        } else if (message.type === 'ready') resolve();
        else if (message.type === 'delivered') {
          reported.push(BigInt(message.last!));
          if (reported.length === children.length) {
            const last = reported.reduce((a, b) => (b > a ? b : a));
            reported = [];
            onDelivered?.(last);
          }
        }
      });
    });
  });
  await Promise.all(ready);
  return {
    nextDelivery: () => new Promise<bigint>((resolve) => (onDelivered = resolve)),
    close: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.removeAllListeners('exit');
              child.once('exit', () => resolve());
              child.send({ type: 'close' });
            }),
        ),
      );
    },
  };
}
