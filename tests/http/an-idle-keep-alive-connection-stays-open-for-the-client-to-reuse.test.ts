import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * A client (a browser, a proxy, an API client's pool) reuses a keep-alive connection after
 * several idle seconds. If the server closes idle connections sooner than the client gives up
 * on them, a request written as the server closes is lost with ECONNRESET: the server must hold
 * idle connections longer than common clients and proxies (about a minute).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ web: false });
}, 90_000);
afterAll(() => server?.close());

/** Writes one GET on the socket and resolves with the status line of its answer. */
function get(socket: net.Socket, pathname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(received.slice(0, headEnd))?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(received.slice(0, received.indexOf('\r\n')));
    };
    const onClose = () => reject(new Error(`the server closed the connection before answering ${pathname}`));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`GET ${pathname} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('an idle keep-alive connection', () => {
  it('is still open after 6 idle seconds and answers the next request on it', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let closedByServer = false;
    socket.once('end', () => (closedByServer = true));
    try {
      expect(await get(socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
      // Longer than Node's default keepAliveTimeout (5 s), shorter than a browser's or proxy's idle time.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(closedByServer).toBe(false);
      expect(await get(socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  }, 20_000);
});
