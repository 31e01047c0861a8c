/**
 * `npm run bench:realtime [clients] [writes] [fan-out clients] [fan-out processes]`: first the
 * fan-out, a published event (the app's broadcaster, as after a write) timed until the last of
 * 1,000 subscribed websocket clients (spread over 4 child processes) has it; goal p95 ≤ 5 ms.
 * It prints beside it publish → last write handed to the kernel and the server's CPU per event.
 * Then N pusher-js clients (default 200) subscribed to one business channel of the embedded
 * server; each write (a v1 business update) is timed until its BusinessUpdated event reaches
 * every client. For scale, the same run measures a plain ws echo round trip on loopback and
 * prints the ratio of the medians. The pusher-js clients run in this process, like the
 * server: the write → event figures include that contention. */
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Pusher from 'pusher-js';
import { WebSocket, WebSocketServer } from 'ws';
import { parseEnv } from '../contract/env';
import { businessChannel } from '../contract/realtime';
import { startServer, type StartedServer } from '../server';
import { textFrame } from '../server/realtime/websocket-frame';
import { startFanoutClients } from './lib/fanout-clients';
import { summarise } from './lib/percentiles';

const CLIENTS = Number(process.argv[2] ?? 200);
const WRITES = Number(process.argv[3] ?? 50);
const ECHOES = 2000;
const FANOUT_CLIENTS = Number(process.argv[4] ?? 1000);
const FANOUT_EVENTS = 200;
// Several client processes, so the clients' own receiving is not one thread's queue.
const FANOUT_PROCESSES = Number(process.argv[5] ?? 4);

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function echoRoundTrips(): Promise<number[]> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
  await new Promise((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as { port: number };
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((resolve) => client.once('open', resolve));
  const samples: number[] = [];
  for (let i = 0; i < ECHOES; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      client.once('message', () => resolve());
      client.send(JSON.stringify({ event: 'echo', data: { i } }));
    });
    samples.push(performance.now() - started);
  }
  client.close();
  await new Promise((resolve) => wss.close(resolve));
  return samples.slice(100); // warm-up excluded
}

/**
 * The floor under the fan-out on this machine: one thread writing the same small buffer to
 * each of FANOUT_CLIENTS plain loopback TCP sockets (no websocket, no Pusher), their readers
 * paused so that only the writes are timed. Wall time and CPU time per round of writes.
 */
async function plainWriteFloor(bytes: number): Promise<{ wall: number[]; cpu: number[] }> {
  const accepted: net.Socket[] = [];
  const server = net.createServer((socket) => accepted.push(socket.setNoDelay(true)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const readers = Array.from({ length: FANOUT_CLIENTS }, () => net.connect(port, '127.0.0.1').pause());
  while (accepted.length < FANOUT_CLIENTS) await new Promise((resolve) => setTimeout(resolve, 10));
  const buffer = Buffer.alloc(bytes, 'x');
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < FANOUT_EVENTS + 20; i++) {
    const used = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (const socket of accepted) socket.write(buffer);
    const took = process.hrtime.bigint() - started;
    const spent = process.cpuUsage(used);
    if (i >= 20) {
      wall.push(Number(took) / 1e6);
      cpu.push((spent.user + spent.system) / 1000);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  for (const socket of [...readers, ...accepted]) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  return { wall, cpu };
}

type FanoutSamples = { delivered: number[]; handedToKernel: number[]; serverCpu: number[] };

/**
 * Publish → last delivery to FANOUT_CLIENTS subscribers of one channel, without the database
 * write. Publishing is synchronous (the embedded server writes one ready-made frame to each
 * socket), so the time broadcast() takes is publish → last write handed to the kernel, and the
 * process's CPU time over it is the server's cost: the clients run in other processes.
 */
async function fanout(server: StartedServer, port: number, key: string, channel: string): Promise<FanoutSamples> {
  const clients = await startFanoutClients({
    url: `ws://127.0.0.1:${port}/app/${key}?protocol=7`,
    channel,
    clients: FANOUT_CLIENTS,
    processes: FANOUT_PROCESSES,
    wsPath: createRequire(import.meta.url).resolve('ws'),
    sign: (socketId) => server.deps.broadcaster.authorizeChannel(socketId, channel, 'bench-fanout'),
  });
  const samples: FanoutSamples = { delivered: [], handedToKernel: [], serverCpu: [] };
  for (let i = 0; i < FANOUT_EVENTS + 20; i++) {
    const delivered = clients.nextDelivery();
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    await server.deps.broadcaster.broadcast(channel, 'Bench', { id: String(i) });
    const written = process.hrtime.bigint();
    const used = process.cpuUsage(cpu);
    const last = await delivered;
    if (i < 20) continue; // warm-up excluded
    samples.delivered.push(Number(last - started) / 1e6);
    samples.handedToKernel.push(Number(written - started) / 1e6);
    samples.serverCpu.push((used.user + used.system) / 1000);
  }
  await clients.close();
  return samples;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-bench-'));
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  });
  const server = await startServer({ env, web: false, log: () => {} });
  const port = Number(new URL(server.url).port);
  const { key } = JSON.parse(fs.readFileSync(path.join(dataDir, 'realtime-credentials.json'), 'utf8'));

  const api = async (call: string, body?: unknown, token?: string) => {
    const response = await fetch(`${server.url}/api/v1/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await response.json();
    if (!response.ok) throw new Error(`${call}: ${JSON.stringify(payload)}`);
    return payload.data;
  };

  const email = `bench.${Date.now()}@example.com`;
  const { token } = await api('users/create', { name: 'Bench Owner', email, password: 'correct horse battery' });
  const { business } = await api(
    'businesses/create',
    { name: 'Bench Co', email, country: 'GB', telephones: ['+442071234567'] },
    token,
  );
  const channel = businessChannel(business._id);

  console.log(
    `Fan-out: ${FANOUT_CLIENTS} websocket clients in ${FANOUT_PROCESSES} processes on ${channel}, ${FANOUT_EVENTS} events…`,
  );
  const fanoutSamples = await fanout(server, port, key, channel);

  console.log(`Connecting ${CLIENTS} pusher-js clients to ${channel}…`);
  // Writes go one at a time, so each BusinessUpdated (ids only) belongs to the write in flight.
  let arrivals: number[] = [];
  const clients: Pusher[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new Pusher(key, {
        cluster: 'eu',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          endpoint: '/unused',
          transport: 'ajax',
          customHandler: ({ socketId, channelName }, callback) => {
            api('broadcasting/auth', { socket_id: socketId, channel_name: channelName }, token).then(
              (data) => callback(null, data),
              (error) => callback(error, null),
            );
          },
        },
      });
      clients.push(client);
      const subscription = client.subscribe(channel);
      subscription.bind('BusinessUpdated', () => arrivals.push(performance.now()));
      await new Promise<void>((resolve, reject) => {
        subscription.bind('pusher:subscription_succeeded', () => resolve());
        subscription.bind('pusher:subscription_error', reject);
      });
    }),
  );

  console.log(`Timing ${WRITES} writes…`);
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const name = `Bench ${i}`;
    const times: number[] = [];
    arrivals = times;
    const started = performance.now();
    await api(`businesses/update/${business._id}`, { name }, token);
    const deadline = Date.now() + 10_000;
    while (times.length < CLIENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    if (times.length < CLIENTS)
      throw new Error(`write ${i}: only ${times.length} of ${CLIENTS} clients received the event`);
    for (const time of times) latencies.push(time - started);
  }

  for (const client of clients) client.disconnect();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const echo = await echoRoundTrips();
  // The size of the fan-out's frames, as the embedded server builds them.
  const frameBytes = textFrame(
    Buffer.from(JSON.stringify({ event: 'Bench', channel, data: JSON.stringify({ id: '100' }) })),
  ).length;
  const floor = await plainWriteFloor(frameBytes);
  const event = summarise(latencies);
  const plain = summarise(echo);
  console.log(`\nwrite → event, ${CLIENTS} clients x ${WRITES} writes (${latencies.length} deliveries):`);
  console.log(`  p50 ${ms(event.p50)}  p95 ${ms(event.p95)}  p99 ${ms(event.p99)}`);
  console.log(`plain ws echo round trip on loopback (${echo.length} samples):`);
  console.log(`  p50 ${ms(plain.p50)}  p95 ${ms(plain.p95)}  p99 ${ms(plain.p99)}`);
  console.log(`ratio (write→event p50 / echo p50): ${(event.p50 / plain.p50).toFixed(1)}x`);
  const spread = summarise(fanoutSamples.delivered);
  const written = summarise(fanoutSamples.handedToKernel);
  const cpu = summarise(fanoutSamples.serverCpu);
  console.log(
    `fan-out to ${FANOUT_CLIENTS} clients in ${FANOUT_PROCESSES} processes (${fanoutSamples.delivered.length} events, no database write):`,
  );
  console.log(
    `  publish → last write handed to the kernel: p50 ${ms(written.p50)}  p95 ${ms(written.p95)}  p99 ${ms(written.p99)}`,
  );
  console.log(`  server CPU per event: p50 ${ms(cpu.p50)}  p95 ${ms(cpu.p95)}`);
  const floorWall = summarise(floor.wall);
  const floorCpu = summarise(floor.cpu);
  console.log(
    `  floor, one thread writing ${frameBytes} bytes to each of ${FANOUT_CLIENTS} plain loopback sockets: p50 ${ms(floorWall.p50)}  p95 ${ms(floorWall.p95)}  CPU p50 ${ms(floorCpu.p50)}`,
  );
  console.log(
    `  publish → last client's receipt: p50 ${ms(spread.p50)}  p95 ${ms(spread.p95)}  p99 ${ms(spread.p99)}  (goal p95 ≤ 5 ms: ${spread.p95 <= 5 ? 'met' : 'NOT met'})`,
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
