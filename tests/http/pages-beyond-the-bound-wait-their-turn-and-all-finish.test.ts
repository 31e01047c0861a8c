import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { queuePages } from '#server/page-queue';

/**
 * The page queue over real HTTP: a slow "page" handler that finishes when the test says so,
 * behind queuePages with a small bound.
 */
let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve({ atOnce, placeHeldMs }: { atOnce: number; placeHeldMs?: number }) {
  const state = { rendering: 0, most: 0, started: [] as string[], finish: [] as Array<() => void> };
  const app = express();
  app.use(queuePages({ atOnce, placeHeldMs }));
  app.all('/page/:name', (req, res) => {
    state.rendering++;
    state.most = Math.max(state.most, state.rendering);
    state.started.push(req.params.name);
    const done = () => {
      state.rendering--;
      res.send(`page ${req.params.name}`);
    };
    if (req.method === 'POST') done();
    else state.finish.push(done);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, url };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

/** Finishes the oldest pages being rendered, one at a time, until none are left. */
async function finishAll(state: { finish: Array<() => void>; started: string[] }, total: number) {
  while (state.started.length < total || state.finish.length > 0) {
    await waitFor(() => state.finish.length > 0);
    state.finish.shift()!();
  }
}

describe('pages beyond the bound', () => {
  it('wait their turn, first come first served, and every one of them finishes', async () => {
    const { state, url } = await serve({ atOnce: 3 });
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const answers = names.map(async (name) => {
      const response = await fetch(`${url}/page/${name}`);
      return [response.status, await response.text()];
    });
    // Requests reach the server in the order sent: give each its turn to arrive.
    await waitFor(() => state.started.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(state.started).toHaveLength(3);
    await finishAll(state, names.length);
    expect(await Promise.all(answers)).toEqual(names.map((name) => [200, `page ${name}`]));
    expect(state.most).toBe(3);
  });

  it('let writes through at once, even when every place is taken', async () => {
    const { state, url } = await serve({ atOnce: 1 });
    const page = fetch(`${url}/page/slow`);
    await waitFor(() => state.started.length === 1);
    const post = await fetch(`${url}/page/save`, { method: 'POST' });
    expect(await post.text()).toBe('page save');
    state.finish.shift()!();
    expect((await page).status).toBe(200);
  });

  it('give up their place when their client leaves while they wait', async () => {
    const { state, url } = await serve({ atOnce: 1 });
    const first = fetch(`${url}/page/first`);
    await waitFor(() => state.started.length === 1);
    const leaving = new AbortController();
    const left = fetch(`${url}/page/left`, { signal: leaving.signal }).catch(() => 'aborted');
    const third = fetch(`${url}/page/third`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    leaving.abort();
    expect(await left).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    state.finish.shift()!();
    await first;
    await waitFor(() => state.started.length === 2);
    expect(state.started).toEqual(['first', 'third']);
    state.finish.shift()!();
    expect(await (await third).text()).toBe('page third');
  });

  it('do not wait for good behind a page that never finishes', async () => {
    const { state, url } = await serve({ atOnce: 1, placeHeldMs: 100 });
    void fetch(`${url}/page/stuck`).catch(() => {});
    await waitFor(() => state.started.length === 1);
    const next = fetch(`${url}/page/next`);
    await waitFor(() => state.started.length === 2);
    state.finish[1]();
    expect(await (await next).text()).toBe('page next');
    state.finish[0]();
  });
});
