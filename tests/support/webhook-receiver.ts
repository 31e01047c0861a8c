import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A receiver for outgoing webhooks on 127.0.0.1 (reached under the loopback test allowance):
 * records every request with its raw body, and answers `status` (changeable between calls).
 * `verify` checks a request's signature the way docs/outgoing-webhooks.md tells receivers to,
 * written here independently of the server's signing code.
 */
export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; json: any };

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { status: 200 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      received.push({ headers: request.headers, body, json });
      response.writeHead(state.status, { 'content-type': 'text/plain' });
      response.end(state.status < 300 ? 'ok' : 'receiver is down');
    });
  });
  // Idle keep-alive sockets stay open longer than the sender keeps them: on a loaded machine the
  // default 5 s could close one just as it is reused, failing an attempt the test did not mean to fail.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Stripe-style check: t=…,v1=… where v1 = hex HMAC-SHA256(secret, `${t}.${rawBody}`), and t recent enough. */
export function verifySignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
