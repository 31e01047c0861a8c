import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type ServerSettings, type TestServer } from '#tests/support/test-server';

/** /metrics shows who uses the product and how: in production never to anyone without METRICS_TOKEN. */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function start(settings: ServerSettings, lines: Record<string, unknown>[] = []) {
  const server = await startTestServer({ settings, log: (line) => lines.push(line), web: false });
  servers.push(server);
  return server;
}

describe('/metrics', () => {
  it('in production without METRICS_TOKEN: 404 for everyone, and a warning at start-up', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await start({ APP_ENV: 'production' }, lines);
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('process_');
    expect(lines.some((line) => line.level === 'warn' && String(line.msg).includes('METRICS_TOKEN'))).toBe(true);
  }, 60_000);

  it('in production with METRICS_TOKEN: only that bearer reads them', async () => {
    const server = await start({ APP_ENV: 'production', METRICS_TOKEN: 'scrape-me' });
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('process_');
  }, 60_000);
});
