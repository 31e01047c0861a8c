/**
 * `npm run bench:live [-- --changes 20 --contacts 120]`: how soon a change made in one browser
 * shows in another viewing the same list. Two Chromium contexts of the same member: the
 * second sits on /dashboard/customers with its realtime island connected; the first renames a
 * contact through the edit form, one change after another. Each latency runs from the first
 * browser's click on "Save contact" as its page had it (the write included) to the new name
 * being on the second browser's screen (checked every animation frame); the figures from
 * Playwright's click call, which adds its own checks before the click, are printed beside.
 * Prints p50/p95/max against the goal of 250 ms p95. A benchmark, not a test: the server runs in this process on a fresh PGlite
 * database in production mode, like `npm start`. Each change is also split at its
 * timestamps (one clock: browsers and server on this machine): click → the server publishes
 * the event → the viewer's websocket has it → the viewer asks for the page's data → the
 * answer's first byte (the loaders are done) → the name is on screen; the medians are printed.
 * `--trace` prints each change's whole timeline: both pages' requests, the server's requests
 * and SQL statements, the viewer's commit. `BENCH_PORT` sets the server's port (default: any).
 */
import './lib/production-mode';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { customers } from '../api/db/schema';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { parseEnv } from '../contract/env';
import { startServer } from '../server';
import { buildIfStale } from './build-if-stale';
import { option } from './lib/cli-options';
import { seedDemoBusiness } from './seed/demo-business';
import { percentile, summarise } from './lib/percentiles';

const CHANGES = option('changes', 'BENCH_CHANGES', 20);
const CONTACTS = option('contacts', 'BENCH_CONTACTS', 120);
const GOAL_P95_MS = 250;
const EMAIL = 'live@example.com';
const PASSWORD = 'live bench password';
/** `--trace`: every change's timeline, each step from the click, on the server and in both browsers. */
const TRACE = process.argv.includes('--trace');

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function main() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-bench-live-'));
  const env = parseEnv({
    PORT: process.env.BENCH_PORT ?? '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    SESSION_SECRET: 'bench-live',
  });
  // --trace: each HTTP request's arrival and end at the server and each SQL statement's start.
  const serverMarks: { what: string; at: number }[] = [];
  const server = await startServer({
    env,
    log: () => {},
    onQuery: TRACE ? (query) => serverMarks.push({ what: `sql ${query.slice(0, 70)}`, at: Date.now() }) : undefined,
  });
  // Debian's Chromium, as the e2e suite runs it (playwright.config.ts).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(`Seeding ${CONTACTS} contacts…`);
    const { businessId } = await seedDemoBusiness(
      { ...server.deps, broadcaster: createRecordingBroadcaster() },
      { contacts: CONTACTS, items: 50, email: EMAIL, password: PASSWORD },
    );
    const [contact] = await server.deps.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), isNull(customers.deletedAt)))
      .orderBy(asc(customers.updatedAt))
      .limit(1);

    const editor = await (await browser.newContext({ baseURL: server.url })).newPage();
    const viewer = await (await browser.newContext({ baseURL: server.url })).newPage();
    await signIn(editor);
    await signIn(viewer);
    // The viewer's own timestamps: each websocket message, and each loader data request (.data).
    await viewer.addInitScript(() => {
      const marks: { what: string; at: number }[] = [];
      (window as unknown as { liveMarks: typeof marks }).liveMarks = marks;
      const NativeWebSocket = window.WebSocket;
      window.WebSocket = class extends NativeWebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener('message', (event) => {
            if (String(event.data).includes('"CustomerUpdated"')) marks.push({ what: 'event', at: Date.now() });
          });
        }
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name.includes('.data'))
            marks.push(
              { what: 'request', at: performance.timeOrigin + entry.startTime },
              { what: 'response', at: performance.timeOrigin + (entry as PerformanceResourceTiming).responseStart },
              { what: 'response end', at: performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd },
            );
      }).observe({ type: 'resource', buffered: false });
      // The first change to the page's markup after the event: React's commit of the new data.
      new MutationObserver(() => {
        if (marks.some((mark) => mark.what === 'event') && !marks.some((mark) => mark.what === 'commit'))
          marks.push({ what: 'commit', at: Date.now() });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    if (TRACE)
      server.server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        const what = `${req.method} ${(req.url ?? '').replace(/[?].*$/, '').replace(/[0-9a-f-]{36}/g, ':id')}`;
        serverMarks.push({ what: `server ${what} in`, at: Date.now() });
        res.once('finish', () => serverMarks.push({ what: `server ${what} out`, at: Date.now() }));
      });
    // The editor's own timestamps: the click as its page had it (Playwright's checks before it,
    // the element's stability over animation frames and its hit test, are not the user's wait),
    // the submit, and its data requests (--trace).
    await editor.addInitScript(() => {
      const marks: { what: string; at: number }[] = [];
      (window as unknown as { liveMarks: typeof marks }).liveMarks = marks;
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as HTMLElement).closest('button')?.textContent?.includes('Save contact'))
            marks.push({ what: 'click event', at: performance.timeOrigin + event.timeStamp });
        },
        true,
      );
      document.addEventListener('submit', () => marks.push({ what: 'submit event', at: Date.now() }), true);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceResourceTiming[])
          if (entry.name.includes('.data'))
            marks.push(
              {
                what: `${new URL(entry.name).pathname.replace(/[0-9a-f-]{36}/g, ':id')} request`,
                at: performance.timeOrigin + entry.startTime,
              },
              { what: `… first byte`, at: performance.timeOrigin + entry.responseStart },
              { what: `… last byte`, at: performance.timeOrigin + entry.responseEnd },
            );
      }).observe({ type: 'resource', buffered: false });
    });
    // When the server publishes (the write is done): the broadcaster the API calls.
    let published = 0;
    const broadcast = server.deps.broadcaster.broadcast.bind(server.deps.broadcaster);
    server.deps.broadcaster.broadcast = (channel, event, payload) => {
      if (event === 'CustomerUpdated') published = Date.now();
      return broadcast(channel, event, payload);
    };
    await viewer.goto('/dashboard/customers');
    await viewer.locator('html[data-realtime="connected"]').waitFor();

    // --trace: the viewer's main thread from the click to the name on screen (Chromium's own
    // counters: the page's scripts, style and layout), which the machine's load inflates less.
    const viewerCdp = TRACE ? await viewer.context().newCDPSession(viewer) : undefined;
    await viewerCdp?.send('Performance.enable');
    const mainThread = async () =>
      Object.fromEntries(
        ((await viewerCdp?.send('Performance.getMetrics'))?.metrics ?? []).map((metric) => [metric.name, metric.value]),
      );
    const latencies: number[] = [];
    // From the moment the bench asks Playwright to click: what this bench measured until 27 Nov.
    const fromCall: number[] = [];
    const steps: Record<string, number[]> = {
      playwright: [],
      write: [],
      delivery: [],
      gather: [],
      data: [],
      render: [],
    };
    for (let i = 0; i < CHANGES; i++) {
      await viewer.evaluate(() => (window as unknown as { liveMarks: unknown[] }).liveMarks.splice(0));
      serverMarks.splice(0);
      const name = `Live${i}x${Math.random().toString(36).slice(2, 8)}`;
      await editor.goto(`/dashboard/customers/${contact.id}/edit`);
      // Typed only once the page and its deferred form have hydrated: a name typed into the
      // server's markup before could be lost to the hydrating form, and the change never shows.
      await editor.locator('html[data-realtime="connected"]').waitFor();
      await editor.locator('fieldset[data-deferred="customer-form"]:not([disabled])').waitFor({ state: 'attached' });
      await editor.getByLabel('First name').fill(name);
      await editor.evaluate(() => (window as unknown as { liveMarks: unknown[] }).liveMarks.splice(0));
      const shown = viewer.waitForFunction(
        (text) => (document.body.innerText.includes(text) ? Date.now() : false),
        name,
        { polling: 'raf', timeout: 30_000 },
      );
      const threadBefore = await mainThread();
      const clicked = Date.now();
      await editor.getByRole('button', { name: 'Save contact' }).click();
      const shownAt = Number(await (await shown).jsonValue());
      const editorMarks = await editor.evaluate(
        () => (window as unknown as { liveMarks: { what: string; at: number }[] }).liveMarks,
      );
      const clickAt = editorMarks.find((mark) => mark.what === 'click event')?.at ?? clicked;
      const latency = shownAt - clickAt;
      latencies.push(latency);
      fromCall.push(shownAt - clicked);
      const marks = await viewer.evaluate(
        () => (window as unknown as { liveMarks: { what: string; at: number }[] }).liveMarks,
      );
      const first = (what: string) => marks.find((mark) => mark.what === what)?.at ?? NaN;
      const split = {
        playwright: clickAt - clicked,
        write: published - clickAt,
        delivery: first('event') - published,
        gather: first('request') - first('event'),
        data: first('response') - first('request'),
        render: shownAt - first('response'),
      };
      for (const [step, value] of Object.entries(split)) if (Number.isFinite(value)) steps[step].push(value);
      console.log(
        `change ${String(i + 1).padStart(2)}: ${Math.round(latency)} ms (${Object.entries(split)
          .map(([step, value]) => `${step} ${Math.round(value)}`)
          .join(', ')})`,
      );
      await editor.waitForURL((url) => !url.pathname.endsWith('/edit'));
      if (TRACE) {
        const threadAfter = await mainThread();
        console.log(
          `  viewer main thread: ${['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration']
            .map((name) => `${name} ${Math.round((threadAfter[name] - threadBefore[name]) * 1000)} ms`)
            .join(', ')}`,
        );
        await editor.waitForLoadState('networkidle');
        const timeline = [
          { what: 'published', at: published },
          ...(
            await editor.evaluate(() => (window as unknown as { liveMarks: { what: string; at: number }[] }).liveMarks)
          ).map((mark) => ({ ...mark, what: `editor ${mark.what}` })),
          ...marks.map((mark) => ({ ...mark, what: `viewer ${mark.what}` })),
          { what: 'viewer on screen', at: shownAt },
          ...serverMarks,
        ].sort((a, b) => a.at - b.at);
        for (const mark of timeline) console.log(`  ${String(Math.round(mark.at - clicked)).padStart(5)} ${mark.what}`);
      }
    }

    const rounded = (values: number[]) => {
      const { p50, p95, max } = summarise(values);
      return { p50: Math.round(p50), p95: Math.round(p95), max: Math.round(max) };
    };
    const { p50, p95, max } = rounded(latencies);
    const call = rounded(fromCall);
    console.log(
      `\n${CHANGES} changes, ${CONTACTS} contacts: p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (goal: p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'not met'}); from Playwright's click call: p50 ${call.p50}, p95 ${call.p95}, max ${call.max} ms`,
    );
    console.log(
      `medians: ${Object.entries(steps)
        .map(([step, values]) => `${step} ${values.length ? Math.round(percentile(values, 50)) : '-'} ms`)
        .join(
          ', ',
        )} (Playwright's click call → the click → published → event in the viewer → data request → its first byte → on screen)`,
    );
    console.log(
      `SUMMARY bench:live ${CHANGES} changes: p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (from Playwright's click call: ${call.p50} / ${call.p95} / ${call.max} ms)`,
    );
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
