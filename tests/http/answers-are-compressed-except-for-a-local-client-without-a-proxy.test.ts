import os from 'node:os';
import express, { type Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ServerSettings, type TestServer } from '#tests/support/test-server';
import { isLocalClient, isLoopback } from '../../server/compression';

/**
 * server/compression.ts (docs/decisions/056-no-compression-for-a-local-client.md): answers
 * are gzipped for every client except one on this machine when TRUST_PROXY says no proxy
 * runs here. A same-machine proxy (TRUST_PROXY's default, loopback) still gets them
 * compressed, and so does any client across the network.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function start(settings: ServerSettings) {
  const server = await startTestServer({ settings, web: false });
  servers.push(server);
  return server;
}

/** The OpenAPI document (well over the 1 kB threshold) as `origin` answers it to a gzip-accepting client. */
async function encodingOf(origin: string): Promise<string | null> {
  const response = await fetch(`${origin}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status).toBe(200);
  expect(Object.keys((await response.json()).paths).length).toBeGreaterThan(10);
  return response.headers.get('content-encoding');
}

/** An address of this machine that is not loopback, if it has one (a client "across the network"). */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((nic) => nic && nic.family === 'IPv4' && !nic.internal)?.address;

describe('answer compression', () => {
  it('tells loopback addresses, IPv4-mapped ones included, from the others', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '::', '128.0.0.1'])
      expect(isLoopback(address)).toBe(false);
  });

  it('counts a loopback peer as a local client only when TRUST_PROXY does not trust it as a proxy', () => {
    const localClient = (trustProxy: unknown, remoteAddress: string) => {
      const app = express().set('trust proxy', trustProxy);
      return isLocalClient({ app, socket: { remoteAddress } } as unknown as Request);
    };
    for (const setting of [false, ['10.0.0.0/8'], ['192.0.2.0/24', 'uniquelocal']])
      expect(localClient(setting, '127.0.0.1'), JSON.stringify(setting)).toBe(true);
    for (const setting of [['loopback'], ['10.0.0.0/8', 'loopback'], 1, 2])
      expect(localClient(setting, '127.0.0.1'), JSON.stringify(setting)).toBe(false);
    for (const peer of ['10.1.2.3', '192.0.2.2', 'fd00::2']) expect(localClient(false, peer), peer).toBe(false);
  });

  // Two real servers (each opens its own database: slow on a busy machine).
  let proxied: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    [proxied, direct] = await Promise.all([
      start({ HOST: '127.0.0.1' }),
      start({ HOST: outsideAddress ? '0.0.0.0' : '127.0.0.1', TRUST_PROXY: 'false' }),
    ]);
  }, 300_000);

  it('compresses for a client on this machine while TRUST_PROXY trusts loopback (a same-machine proxy)', async () => {
    expect(await encodingOf(proxied.url)).toBe('gzip');
  });

  it('does not compress for a client on this machine when TRUST_PROXY says no proxy runs here', async () => {
    expect(await encodingOf(`http://127.0.0.1:${new URL(direct.url).port}`)).toBeNull();
  });

  it.runIf(outsideAddress)('compresses for a client across the network whatever TRUST_PROXY says', async () => {
    expect(await encodingOf(`http://${outsideAddress}:${new URL(direct.url).port}`)).toBe('gzip');
  });
});
