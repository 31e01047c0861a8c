/**
 * Subscribers for the realtime fan-out benchmark, in a worker thread so that receiving does
 * not queue behind the server's own sending on the main thread. Raw websockets speaking
 * Pusher protocol 7: connect, get the socket id signed by the main thread, subscribe, then
 * report for each event the wall-clock time the last of them received it.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { WebSocket } = require(workerData.wsPath);
const { url, channel, clients } = workerData;
const now = () => performance.timeOrigin + performance.now();
const sockets = [];
const pendingAuth = new Map();
let subscribed = 0;
let received = 0;
let last = 0;
parentPort.on('message', (message) => {
  if (message.type === 'auth') pendingAuth.get(message.index)(message.auth, message.channelData);
  if (message.type === 'close') { for (const socket of sockets) socket.terminate(); parentPort.postMessage({ type: 'closed' }); }
});
for (let index = 0; index < clients; index++) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.event === 'pusher:connection_established') {
      const { socket_id } = JSON.parse(message.data);
      pendingAuth.set(index, (auth, channelData) => socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } })));
      parentPort.postMessage({ type: 'sign', index, socketId: socket_id });
    } else if (message.event === 'pusher_internal:subscription_succeeded') {
      if (++subscribed === clients) parentPort.postMessage({ type: 'ready' });
    } else if (message.event === 'Bench') {
      last = now();
      if (++received === clients) { parentPort.postMessage({ type: 'delivered', at: last }); received = 0; }
    }
  });
}
`;

export type FanoutClients = {
  /** Resolves with the wall-clock ms (timeOrigin + now) at which the last client received the next event. */
  nextDelivery(): Promise<number>;
  close(): Promise<void>;
};

export async function startFanoutClients(options: {
  url: string;
  channel: string;
  clients: number;
  wsPath: string;
  sign: (socketId: string) => { auth: string; channel_data?: string };
}): Promise<FanoutClients> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { url: options.url, channel: options.channel, clients: options.clients, wsPath: options.wsPath },
  });
  let onDelivered: ((at: number) => void) | undefined;
  let onClosed: (() => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type: string; index?: number; socketId?: string; at?: number }) => {
      if (message.type === 'sign') {
        const signed = options.sign(message.socketId!);
        worker.postMessage({ type: 'auth', index: message.index, auth: signed.auth, channelData: signed.channel_data });
      } else if (message.type === 'ready') resolve();
      else if (message.type === 'delivered') onDelivered?.(message.at!);
      else if (message.type === 'closed') onClosed?.();
    });
  });
  await ready;
  return {
    nextDelivery: () => new Promise<number>((resolve) => (onDelivered = resolve)),
    close: async () => {
      await new Promise<void>((resolve) => {
        onClosed = resolve;
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
    },
  };
}
