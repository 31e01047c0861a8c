import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startRequestsInShortTurns } from '#server/request-turns';

/**
 * A server kept busy by clients on open keep-alive connections must still answer new ones
 * soon: Node accepts one connection per event-loop turn, so a turn that runs every request
 * read in it (PGlite's statements hold the thread) left new sessions waiting for tens of
 * seconds under bench:load. Counted in requests, not seconds, so a loaded machine does not
 * change the verdict: a new connection should wait for about the requests ahead of it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

async function startBusyServer(args: string[] = []): Promise<number> {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'support/busy-server.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child!.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child!.once('exit', (code) => reject(new Error(`the busy server exited (${code})`)));
  });
}

const get = (port: number, agent: http.Agent) =>
  new Promise<void>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });

const OPEN = 20;
const NEW = 20;

async function requestsServedWhileNewConnectionsWait(port: number) {
  let busy = true;
  let served = 0;
  const open = Array.from({ length: OPEN }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (busy) {
      await get(port, agent);
      served++;
    }
    agent.destroy();
  });
  // Every open client is in its loop before the new ones come.
  while (served < OPEN * 3) await new Promise((resolve) => setTimeout(resolve, 5));
  const servedBefore = served;
  await Promise.all(
    Array.from({ length: NEW }, async () => {
      const agent = new http.Agent({ keepAlive: false });
      await get(port, agent);
    }),
  );
  const servedMeanwhile = served - servedBefore;
  busy = false;
  await Promise.all(open);
  return servedMeanwhile;
}

describe('a server kept busy by open connections', () => {
  it('answers new connections after about the requests ahead of them, not a turn of every open client each', async () => {
    const port = await startBusyServer();
    // Ahead of the new requests: one from each open client, and the other new ones. A server
    // that accepts one connection per turn of all open clients' requests serves about
    // OPEN * NEW (400) meanwhile.
    expect(await requestsServedWhileNewConnectionsWait(port)).toBeLessThan(4 * (OPEN + NEW));
  }, 60_000);

  it('starts many cheap requests in one turn, in the order they came (a PostgreSQL server waits on its database)', async () => {
    const started: number[] = [];
    const listener = startRequestsInShortTurns((req) => started.push(Number(req.url)));
    for (let i = 0; i < 50; i++) listener({ url: String(i) } as http.IncomingMessage, {} as http.ServerResponse);
    expect(started).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
