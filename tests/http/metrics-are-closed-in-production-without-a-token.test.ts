import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#contract/env';
import { startServer, type StartedServer } from '../../server';

/** /metrics shows who uses the product and how: in production never to anyone without METRICS_TOKEN. */
const started: { server: StartedServer; dir: string }[] = [];
afterAll(async () => {
  for (const { server, dir } of started) {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function start(settings: Record<string, string>, lines: Record<string, unknown>[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-metrics-'));
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'metrics-secret',
    ...settings,
  });
  const server = await startServer({ env, log: (line) => lines.push(line), web: false });
  started.push({ server, dir });
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
