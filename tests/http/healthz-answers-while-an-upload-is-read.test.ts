import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/support/test-server';
import { makeDocxBomb } from '#tests/support/upload-bombs';

/**
 * Reading an upload's text is seconds of synchronous parsing for a large Word document: it
 * happens in a worker thread, so the server keeps answering everyone else meanwhile. Measured
 * over real HTTP with a generous bound (the figures under load: npm run bench:uploads).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ web: false });
}, 90_000);
afterAll(() => server?.close());

async function post(pathname: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}/api/v1/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const parsed = await response.json();
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${JSON.stringify(parsed)}`);
  return parsed.data;
}

describe('/healthz while an upload is read', () => {
  it('keeps answering within a second while a Word document of 4 MB of XML is read', async () => {
    const { token } = await post('users/create', {
      name: 'Probe Owner',
      email: `probe-${Date.now()}@example.com`,
      password: 'correct horse battery staple 42',
    });
    const { business } = await post(
      'businesses/create',
      { name: 'Probe Plumbing', email: `shop-${Date.now()}@example.com`, country: 'GB', telephones: ['+442071234567'] },
      token,
    );
    // Under the limits (it is read, not refused): several seconds of parsing.
    const docx = makeDocxBomb(4);
    const form = new FormData();
    form.set('file', new File([new Uint8Array(docx)], 'handbook.docx'));

    let done = false;
    const latencies: number[] = [];
    const probing = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${server.url}/healthz`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const uploaded = await fetch(`${server.url}/api/v1/businesses/memories/${business._id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    done = true;
    await probing;
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect((await uploaded.json()).data.memory.content).toMatch(/^Totally ordinary words/);
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(1000);
  }, 120_000);
});
