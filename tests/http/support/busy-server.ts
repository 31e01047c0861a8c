/**
 * A server whose every request holds its thread for a while, as a request's PGlite statements
 * do: `node --import tsx busy-server.ts [--all-at-once]` prints its port. By default it starts
 * requests as the production server does (startRequestsInShortTurns: each holds the thread longer than a turn's budget, so one a turn); --all-at-once starts each
 * as soon as it is read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRequestsInShortTurns } from '#server/request-turns';

const BUSY_MS = 10;
const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => {
  const end = performance.now() + BUSY_MS;
  while (performance.now() < end);
  res.end('ok');
};
const server = http.createServer(process.argv.includes('--all-at-once') ? handler : startRequestsInShortTurns(handler));
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
