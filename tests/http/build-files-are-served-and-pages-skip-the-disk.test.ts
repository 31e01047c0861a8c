import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '#tests/support/test-server';

/**
 * The built web app's files (build/client) are served, and a page URL is not looked up on
 * disk first: every page request used to stat build/client/<its path> before Remix saw it.
 */
let server: TestServer;
const clientDir = path.resolve('build/client');

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);

afterAll(() => server?.close());

describe("the build's files", () => {
  it('serves a top-level file for an hour and a fingerprinted asset for a year', async () => {
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
    const asset = fs.readdirSync(path.join(clientDir, 'assets')).find((name) => name.endsWith('.js'))!;
    const script = await fetch(`${server.url}/assets/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a page without looking its URL up under build/client', async () => {
    const stat = vi.spyOn(fs, 'stat');
    try {
      const page = await fetch(`${server.url}/login`);
      expect(page.status).toBe(200);
      await page.text();
      const looked = stat.mock.calls.map(([file]) => String(file)).filter((file) => file.startsWith(clientDir));
      expect(looked).toEqual([]);
    } finally {
      stat.mockRestore();
    }
  });
});
