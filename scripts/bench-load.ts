/**
 * `npm run bench:load [-- --sessions 200 --seconds 60 --contacts 120 --items 200 --postgres URL]` (or
 * BENCH_SESSIONS, BENCH_SECONDS, BENCH_CONTACTS, BENCH_ITEMS, BENCH_POSTGRES_URL; BENCH_PORT for the server):
 * the load test of issue 11. The built server runs as a child process on a fresh PGlite
 * database (the embedded default) or, with --postgres and an admin URL, on a fresh
 * PostgreSQL database created for the run and dropped after (the several-instances setup),
 * holding the demo seed (`npm run seed:demo`'s 120 contacts and 200 items); this
 * process signs in N sessions through the login form, then drives them with autocannon for D
 * seconds, one connection per session, each browsing home, contacts, a contact, notes and
 * conversations (full document GETs, gzip accepted like a browser). Each phase's clock starts
 * once every session has had its first answer (a busy server accepts new connections late), so
 * both phases measure all N sessions; the wait is printed.
 *
 * The baseline: the same N clients for the same D seconds calling, over HTTP with each
 * session's own token, the v1 calls each page's loaders make (the guard's users/get and
 * users/list-businesses, the header's notifications, the inbox badge's unread count, then the
 * page's own calls), one after
 * another. A page visit's API cost is the sum of its calls' latencies; the loader makes some
 * of them in parallel and in process, so page/API ratios near 1 mean the page adds little.
 *
 * Prints total requests, errors (non-2xx, socket errors, timeouts, and error lines the server
 * logs, such as a render aborted after its 200 was sent), throughput and p50/p95/p99 per page and overall, beside the baseline; exits
 * non-zero on any error, and when a run finished no request at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pMap from 'p-map';
import { openDatabase } from '../api/db/client';
import { CONTACT_APPOINTMENTS } from '../app/lib/appointments.server';
import { PICKER_OPTIONS } from '../app/lib/timeline.server';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { buildIfStale } from './build-if-stale';
import { option } from './lib/cli-options';
import {
  cpuSeconds,
  createPostgresDatabase,
  dropPostgresDatabase,
  freePort,
  residentMb,
  waitForExit,
  waitForHealth,
} from './lib/bench-server-process';
import { seedDemoBusiness } from './seed/demo-business';
import { summarise, type Summary } from './lib/percentiles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SESSIONS = option('sessions', 'BENCH_SESSIONS', 200);
const SECONDS = option('seconds', 'BENCH_SECONDS', 60);
const CONTACTS = option('contacts', 'BENCH_CONTACTS', 120);
const ITEMS = option('items', 'BENCH_ITEMS', 200);
const POSTGRES_ADMIN_URL = (() => {
  const index = process.argv.indexOf('--postgres');
  return index >= 0 ? process.argv[index + 1] : process.env.BENCH_POSTGRES_URL || undefined;
})();
const EMAIL = 'demo@example.com';
const PASSWORD = 'demo password';
/**
 * The pages' own sizes: timeline, notes and conversations lists (50), contacts (500), and the
 * contact pickers of home and notes (the options call: ids and names, PICKER_OPTIONS).
 */
const LIST_PAGE = 50;
const COLLECTION_PAGE = 500;

/** The session cookie's token (a signed base64 JSON value), for the baseline's bearer calls. */
function tokenFromCookie(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const data = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8')) as {
    token?: string;
  };
  if (!data.token) throw new Error('the session cookie holds no token');
  return data.token;
}

/** The server's settings: this run's PGlite directory, the embedded API, no request logs. */
function serverEnv(port: number, dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'API_URL', 'APP_ENV']) delete env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-load',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
  };
}

/** Error lines the server logged (LOG_LEVEL=warn): a render aborted under load is one. */
let serverErrors = 0;

type Session = { cookie: string; token: string; contactId: string };
type Step = { page: string; path: string; body?: unknown; last: boolean };

/**
 * How long a phase waits for every session's first answer before its clock starts anyway. A
 * server busy with the sessions it already serves accepts the others' connections late (on
 * PGlite, one per event-loop turn; docs/performance.md): without this wait, a phase measured
 * only the sessions that got in, and fewer sessions cost less each.
 */
const ALL_ANSWERED_WITHIN_S = 120;

/**
 * One autocannon run: N connections, each bound to one session on its first request, going
 * round the steps in order. The clock starts when every connection has had an answer (or after
 * ALL_ANSWERED_WITHIN_S) and runs D seconds: only requests sent inside that window, and visits
 * begun inside it, are counted, filed under their step's page; the server's CPU is read at
 * the window's ends. Errors count over the whole run, the wait included.
 */
async function drive(
  url: string,
  serverPid: number | undefined,
  sessions: Session[],
  steps: Step[],
  build: (
    step: Step,
    session: Session,
  ) => { path: string; headers: Record<string, string>; body?: string; method: 'GET' | 'POST' },
) {
  const pages = [...new Set(steps.map((step) => step.page))];
  const perRequest = new Map(pages.map((page) => [page, [] as number[]]));
  const perVisit = new Map(pages.map((page) => [page, [] as number[]]));
  const bytes = new Map(pages.map((page) => [page, 0]));
  const statusCodes = new Map<number, number>();
  let nextSession = 0;
  const serverErrorsBefore = serverErrors;
  const phaseStart = performance.now();
  // The times (ms after the phase started) each connection had its first answer.
  const firstAnswers: number[] = [];
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let cpuBefore = NaN;
  let cpuAfter = NaN;
  let requestsInWindow = 0;
  let bytesInWindow = 0;
  let stopTimer: NodeJS.Timeout | undefined;
  const openWindow = () => {
    if (windowStart !== Infinity) return;
    windowStart = performance.now();
    cpuBefore = cpuSeconds(serverPid);
    stopTimer = setTimeout(() => {
      windowEnd = performance.now();
      cpuAfter = cpuSeconds(serverPid);
      // The promise autocannon returns is also its instance (the typings give it one or the other).
      (instance as unknown as autocannon.Instance).stop();
    }, SECONDS * 1000);
  };
  const waitLimit = setTimeout(openWindow, ALL_ANSWERED_WITHIN_S * 1000);
  const instance = autocannon({
    url,
    connections: sessions.length,
    // Stopped by the window's timer; this only bounds a run whose window never opened.
    duration: ALL_ANSWERED_WITHIN_S + SECONDS + 10,
    timeout: 120, // seconds: on a shared two-core machine 200 sessions queue; a browser waits this long too
    requests: steps.map((step) => ({
      setupRequest: (request, context) => {
        const state = context as { session?: Session };
        state.session ??= sessions[nextSession++ % sessions.length];
        return { ...request, ...build(step, state.session) };
      },
    })),
    setupClient: (client) => {
      let done = 0;
      let visit = 0;
      let visitCounted = false;
      client.on('response', (statusCode: number, size: number, duration: number) => {
        const now = performance.now();
        if (done === 0) {
          firstAnswers.push(now - phaseStart);
          if (firstAnswers.length === sessions.length) openWindow();
        }
        const step = steps[done % steps.length];
        if (done % steps.length === 0 || steps[(done - 1) % steps.length].last) {
          visitCounted = now - duration >= windowStart && now - duration < windowEnd;
          visit = 0;
        }
        done += 1;
        statusCodes.set(statusCode, (statusCodes.get(statusCode) ?? 0) + 1);
        visit += duration;
        const sent = now - duration;
        if (sent < windowStart || sent >= windowEnd) return;
        requestsInWindow += 1;
        bytesInWindow += size;
        perRequest.get(step.page)?.push(duration);
        bytes.set(step.page, (bytes.get(step.page) ?? 0) + size);
        if (step.last && visitCounted) perVisit.get(step.page)?.push(visit);
      });
    },
  });
  const result = await instance;
  clearTimeout(waitLimit);
  clearTimeout(stopTimer);
  if (windowEnd === Infinity) {
    windowEnd = performance.now();
    cpuAfter = cpuSeconds(serverPid);
  }
  const first = summarise(firstAnswers);
  // A document cut short (a render aborted under load) still answered 200: the server's error log counts it.
  return {
    result,
    perRequest,
    perVisit,
    bytes,
    statusCodes,
    pages,
    requests: requestsInWindow,
    bytesPerSecond: bytesInWindow / ((windowEnd - windowStart) / 1000),
    serverCpu: cpuAfter - cpuBefore,
    // Time to every session's first answer: how long new connections waited on a busy server.
    firstAnswer: {
      answered: first.count,
      p50: first.p50,
      last: first.max,
      waited: windowStart - phaseStart,
    },
    loggedErrors: serverErrors - serverErrorsBefore,
  };
}

let dropDatabase: () => Promise<void> = async () => {};

async function main() {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-bench-load-'));
  let child: ChildProcess | undefined;
  const stopChild = () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stopChild);
  try {
    console.log(`Seeding the demo business (${CONTACTS} contacts, ${ITEMS} timeline items)…`);
    const databaseUrl = POSTGRES_ADMIN_URL ? await createPostgresDatabase(POSTGRES_ADMIN_URL) : undefined;
    if (databaseUrl) dropDatabase = () => dropPostgresDatabase(POSTGRES_ADMIN_URL!, databaseUrl);
    console.log(
      `Database: ${databaseUrl ? `PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}` : 'PGlite (embedded)'}`,
    );
    const database = await openDatabase({ dataDir, databaseUrl });
    const { businessId } = await seedDemoBusiness(
      { db: database.db, clock: { now: () => new Date() }, broadcaster: createRecordingBroadcaster() },
      { contacts: CONTACTS, items: ITEMS, email: EMAIL, password: PASSWORD },
    );
    await database.close();

    // BENCH_PORT pins the server's port, so runs side by side on one machine keep to their own.
    const port = Number(process.env.BENCH_PORT) || (await freePort());
    const url = `http://127.0.0.1:${port}`;
    // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    // The compiled server, as `npm start` runs it (scripts/start.mjs): its memory is production's.
    child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: serverEnv(port, dataDir, databaseUrl),
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      serverErrors += chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => /"level":"(error|fatal)"/.test(line)).length;
    });
    await waitForHealth(url, child);
    const rssAfterStart = residentMb(child.pid);
    console.log(`Server (pid ${child.pid}) on ${url}; signing in ${SESSIONS} sessions through /login…`);

    const v1 = async (token: string, call: string, body?: unknown) => {
      const response = await fetch(`${url}/api/v1/${call}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'business-id': businessId },
        body: JSON.stringify(body ?? {}),
      });
      if (!response.ok) throw new Error(`${call}: ${response.status}`);
      return (await response.json()).data;
    };
    const sessions = await pMap(
      Array.from({ length: SESSIONS }),
      async () => {
        const login = await fetch(`${url}/login`, {
          method: 'POST',
          body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirect: '/dashboard/home' }),
          redirect: 'manual',
        });
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
        if (login.status !== 302 || !cookie.startsWith('__session=')) throw new Error(`login: ${login.status}`);
        return { cookie, token: tokenFromCookie(cookie), contactId: '' };
      },
      { concurrency: 8 },
    );
    const { customers } = (await v1(sessions[0].token, `businesses/customers/${businessId}/list`, {
      limit: COLLECTION_PAGE,
    })) as { customers: { _id: string }[] };
    sessions.forEach((session, index) => (session.contactId = customers[index % customers.length]._id));

    const pageSteps: Step[] = [
      { page: 'home', path: '/dashboard/home', last: true },
      { page: 'contacts', path: '/dashboard/customers', last: true },
      { page: 'contact', path: '/dashboard/customers/{id}', last: true },
      { page: 'notes', path: '/dashboard/notes', last: true },
      { page: 'conversations', path: '/dashboard/assistant-conversations', last: true },
    ];
    // The dashboard layout's calls, made for every page: the guard's, the header's notifications
    // and the navigation's unread inbox badge (app/routes/dashboard.tsx).
    const guard = (page: string): Step[] => [
      { page, path: 'users/get', last: false },
      { page, path: 'users/list-businesses', last: false },
      { page, path: `businesses/notifications/${businessId}/list-not-dismissed`, last: false },
      { page, path: `businesses/inbox/${businessId}/unread`, last: false },
    ];
    const calls = (page: string, own: { path: string; body?: unknown }[]): Step[] => {
      const steps = [...guard(page), ...own.map((call) => ({ page, ...call, last: false }))];
      steps[steps.length - 1].last = true;
      return steps;
    };
    const apiSteps: Step[] = [
      ...calls('home', [
        { path: `businesses/timeline/${businessId}/list`, body: { limit: LIST_PAGE, page: 0 } },
        { path: `businesses/customers/${businessId}/options`, body: { limit: PICKER_OPTIONS } },
      ]),
      ...calls('contacts', [
        { path: `businesses/customers/${businessId}/list`, body: { page: 0, limit: COLLECTION_PAGE } },
        { path: `businesses/crm-order/${businessId}/get` },
      ]),
      ...calls('contact', [
        { path: `businesses/customers/${businessId}/get/{id}` },
        { path: `businesses/timeline/${businessId}/list`, body: { limit: LIST_PAGE, page: 0, customer_id: '{id}' } },
        { path: `businesses/crm-order/${businessId}/get` },
        { path: `businesses/orders/${businessId}/list`, body: { customer_id: '{id}', limit: 5, sort_order: 'desc' } },
        {
          path: `businesses/appointments/${businessId}/list`,
          body: { when: 'upcoming', status: 'booked', customer_id: '{id}', limit: CONTACT_APPOINTMENTS },
        },
      ]),
      ...calls('notes', [
        { path: `businesses/notes/${businessId}/list`, body: { limit: LIST_PAGE, page: 0 } },
        { path: `businesses/customers/${businessId}/options`, body: { limit: PICKER_OPTIONS } },
      ]),
      ...calls('conversations', [
        {
          path: `businesses/conversations/${businessId}/list`,
          body: { page: 0, limit: LIST_PAGE, sort_by: 'created_at', sort_order: 'desc' },
        },
      ]),
    ];

    // Every page and call answers 200 for one session before the clock starts.
    for (const step of pageSteps) {
      const response = await fetch(url + step.path.replace('{id}', sessions[0].contactId), {
        headers: { cookie: sessions[0].cookie },
        redirect: 'manual',
      });
      if (response.status !== 200) throw new Error(`${step.path}: ${response.status}`);
      await response.text();
    }
    for (const step of apiSteps)
      await v1(
        sessions[0].token,
        step.path.replace('{id}', sessions[0].contactId),
        JSON.parse(JSON.stringify(step.body ?? {}).replaceAll('{id}', sessions[0].contactId)),
      );

    console.log(`Pages: ${SESSIONS} sessions for ${SECONDS} s…`);
    const pages = await drive(url, child.pid, sessions, pageSteps, (step, session) => ({
      method: 'GET',
      path: step.path.replace('{id}', session.contactId),
      headers: { cookie: session.cookie, accept: 'text/html', 'accept-encoding': 'gzip' },
    }));
    console.log(`Baseline: ${SESSIONS} clients calling the pages' v1 calls for ${SECONDS} s…`);
    const api = await drive(url, child.pid, sessions, apiSteps, (step, session) => ({
      method: 'POST',
      path: `/api/v1/${step.path.replace('{id}', session.contactId)}`,
      headers: {
        authorization: `Bearer ${session.token}`,
        'business-id': businessId,
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
      },
      body: JSON.stringify(step.body ?? {}).replaceAll('{id}', session.contactId),
    }));

    report(pages, api, apiSteps);
    // Goal: ≤ 300 MB after start and ≤ 500 MB after the load (PGlite), the server process alone.
    console.log(`\nserver RSS: ${rssAfterStart} MB after start, ${residentMb(child.pid)} MB after the load`);
    // A run in which no request finished measured nothing: that fails too.
    const failures = [pages, api].reduce(
      (sum, run) =>
        sum + run.result.errors + run.result.timeouts + run.result.non2xx + run.loggedErrors + (run.requests ? 0 : 1),
      0,
    );
    stopChild();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await waitForExit(child);
    await dropDatabase();
    process.exit(failures ? 1 : 0);
  } catch (error) {
    stopChild();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await waitForExit(child);
    await dropDatabase();
    throw error;
  }
}

type Run = Awaited<ReturnType<typeof drive>>;

function report(pages: Run, api: Run, apiSteps: Step[]) {
  const f = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(8);
  const line = (label: string, values: number[], base?: Summary) => {
    const s = summarise(values);
    const ratio = base ? `${(s.p50 / base.p50).toFixed(2)}x / ${(s.p95 / base.p95).toFixed(2)}x`.padStart(16) : '';
    return `${label.padEnd(30)}${String(s.count).padStart(8)}${f(s.p50)}${f(s.p95)}${f(s.p99)}${ratio}`;
  };
  const errors = (run: Run) => run.result.errors + run.result.timeouts + run.result.non2xx + run.loggedErrors;
  const codes = (run: Run) => [...run.statusCodes].map(([code, n]) => `${code}×${n}`).join(', ');
  console.log(`\n${SESSIONS} sessions, ${SECONDS} s each run (latency in ms; ratios are page/API at p50 / p95)\n`);
  console.log(
    `${'target'.padEnd(30)}${'requests'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'page/API'.padStart(16)}${'gzip/page'.padStart(12)}`,
  );
  const apiAll = api.pages.flatMap((page) => api.perVisit.get(page) ?? []);
  for (const page of pages.pages) {
    const pageValues = pages.perRequest.get(page) ?? [];
    const visits = api.perVisit.get(page) ?? [];
    const callCount = apiSteps.filter((step) => step.page === page).length;
    const kib = (pages.bytes.get(page) ?? 0) / (pageValues.length || 1) / 1024;
    console.log(`${line(`page ${page}`, pageValues, summarise(visits))}${`${kib.toFixed(1)} KiB`.padStart(12)}`);
    console.log(line(`  API ${page} (${callCount} calls)`, visits));
  }
  const pageAll = pages.pages.flatMap((page) => pages.perRequest.get(page) ?? []);
  console.log(line('page all', pageAll, summarise(apiAll)));
  console.log(line('  API all (page visits)', apiAll));
  console.log(
    line(
      '  API all (single calls)',
      api.pages.flatMap((page) => api.perRequest.get(page) ?? []),
    ),
  );
  const pageRate = pages.requests / SECONDS;
  const visitRate = apiAll.length / SECONDS;
  console.log(
    `\npages: ${pages.requests} requests, ${errors(pages)} errors (${pages.result.errors} socket, ${pages.result.timeouts} timeouts, ${pages.result.non2xx} non-2xx, ${pages.loggedErrors} server errors such as renders cut short; status ${codes(pages)}), ${pageRate.toFixed(1)} req/s, ${(pages.bytesPerSecond / 1024).toFixed(0)} KiB/s gzip`,
  );
  console.log(
    `API:   ${api.requests} calls = ${apiAll.length} page visits, ${errors(api)} errors (${api.result.errors} socket, ${api.result.timeouts} timeouts, ${api.result.non2xx} non-2xx, ${api.loggedErrors} server errors; status ${codes(api)}), ${(api.requests / SECONDS).toFixed(1)} calls/s = ${visitRate.toFixed(1)} visits/s`,
  );
  // New connections on a busy server wait for it to accept them: printed, kept out of the window.
  const waited = (label: string, run: Run) =>
    console.log(
      `${label} ${run.firstAnswer.answered} of ${SESSIONS} sessions answered once after ${(run.firstAnswer.last / 1000).toFixed(1)} s (p50 ${(run.firstAnswer.p50 / 1000).toFixed(1)} s); the ${SECONDS} s clock started at ${(run.firstAnswer.waited / 1000).toFixed(1)} s`,
    );
  waited('pages:', pages);
  waited('API:  ', api);
  console.log(`throughput ratio page/API visits: ${(pageRate / visitRate).toFixed(2)}x`);
  // The server's own CPU per completed page and per completed visit: what a page costs beside
  // its calls, whatever else the machine runs (work cut off at the end of a run counts too).
  const pageCpu = (pages.serverCpu * 1000) / (pages.requests || NaN);
  const visitCpu = (api.serverCpu * 1000) / (apiAll.length || NaN);
  console.log(
    `server CPU: ${pages.serverCpu.toFixed(1)} s for the pages = ${pageCpu.toFixed(1)} ms a page; ${api.serverCpu.toFixed(1)} s for the calls = ${visitCpu.toFixed(1)} ms a visit (ratio ${(pageCpu / visitCpu).toFixed(2)}x); load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const page = summarise(pageAll);
  console.log(
    `SUMMARY bench:load ${SESSIONS} sessions ${SECONDS}s: ${pages.requests} page requests, ${errors(pages) + errors(api)} errors, ${pageRate.toFixed(1)} req/s, p50/p95/p99 ${page.p50.toFixed(0)}/${page.p95.toFixed(0)}/${page.p99.toFixed(0)} ms, page/API p50 ${(page.p50 / summarise(apiAll).p50).toFixed(2)}x`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
