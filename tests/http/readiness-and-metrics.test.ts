import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type ServerSettings, type TestServer } from '#tests/support/test-server';
import { routeGroup } from '../../server/metrics';

/** /readyz and /metrics over real HTTP (API and realtime only: no web build needed). */
const servers: TestServer[] = [];

async function start(settings: ServerSettings = {}) {
  const server = await startTestServer({ settings, web: false });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await server.close();
});

describe('/readyz', () => {
  it('is ready when the database answers and the embedded realtime server is this process', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', realtime: 'ok' } });
    await server.close();
  }, 60_000);

  it('is unavailable (503) while a hosted realtime server cannot be reached, and ready once it answers', async () => {
    // A port nothing listens on, then a Soketi stand-in that answers any HTTP request.
    const stand = http.createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    const port = (stand.address() as { port: number }).port;
    await new Promise<void>((resolve) => stand.close(() => resolve()));
    const hosted = {
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(port),
      PUSHER_USE_TLS: 'false',
      PUSHER_APP_ID: 'a',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
    };
    const server = await start(hosted);
    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    const body = (await down.json()) as { status: string; checks: { database: string; realtime: string } };
    expect(body.status).toBe('unavailable');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.realtime).toMatch(/^unreachable/);

    const soketi = http.createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => soketi.listen(port, '127.0.0.1', resolve));
    try {
      const up = await fetch(`${server.url}/readyz`);
      expect(up.status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => soketi.close(() => resolve()));
      await server.close();
    }
  }, 60_000);
});

describe('/metrics', () => {
  it('reports request latency by route group, queue depths and realtime connections in Prometheus format', async () => {
    const server = await start();
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/api/v1/users/get`, { method: 'POST' });
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="2xx"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/v1\/users",status="4xx"\} 1/);
    for (const queue of ['reminders', 'push_deliveries', 'action_runs', 'learning_jobs'])
      expect(text).toContain(`scheduled_work_queue_depth{queue="${queue}"} 0`);
    expect(text).toMatch(/^realtime_connections 0$/m);
    expect(text).toContain('process_cpu_user_seconds_total');
    await server.close();
  }, 60_000);

  it('answers only the scraper holding METRICS_TOKEN when one is set', async () => {
    const server = await start({ METRICS_TOKEN: 'scrape-me' });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).status).toBe(200);
    await server.close();
  }, 60_000);

  it('never makes a label from an id', () => {
    expect(routeGroup('/api/v1/businesses/customers/01HXYZ123/get/01HABC')).toBe('/api/v1/businesses/customers');
    expect(routeGroup('/api/v1/businesses/update/01HXYZ123')).toBe('/api/v1/businesses/update');
    expect(routeGroup('/dashboard/customers/01HXYZ123')).toBe('/dashboard/customers');
    expect(routeGroup('/dashboard/01abc')).toBe('/dashboard');
    expect(routeGroup('/invitations/4f9c2d1e8a')).toBe('/invitations');
    expect(routeGroup('/a8f3e9')).toBe('/other');
  });
});
