import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import { sql } from 'drizzle-orm';
import express from 'express';
import type { ViteDevServer } from 'vite';
import { createApiApp } from './api/app';
import { withRequestMemo } from './api/lib/request-memo';
import { withPhoneCountryHolder } from './contract/phone-country.server';
import type { ApiDeps } from './api/deps';
import { openDatabase } from './api/db/client';
import { createAddressLookup } from './api/services/address-lookup';
import { createDirectory } from './api/services/directory';
import { waitForBackground } from './api/lib/background';
import { redactPath } from './api/lib/log-safe';
import { createMailer } from './api/services/mailer';
import { startPushDeliveries } from './api/services/push/deliveries';
import { startScheduler } from './api/services/scheduler';
import { startActionLoop } from './api/services/actions/engine';
import { startDailySummaries } from './api/services/daily-summary';
import { startWebhookDeliveries } from './api/services/outgoing-webhooks/deliveries';
import { createStorage, usesS3 } from './api/services/storage';
import { sweepOrphanedFiles } from './api/services/file-sweep';
import { startLearningRunner } from './api/services/learning/runner';
import { createSandboxTelephony } from './api/services/telephony/sandbox';
import { createTwilioTelephony, twilioCredentials } from './api/services/telephony/twilio';
import { describeSpeech, detectSpeech } from './api/services/speech/index';
import { parseEnv, type Env } from './contract/env';
import type { AppContext, RateLimitBucket } from './contract/load-context';
import { messages } from './contract/messages';
import { createLogger, type Logger } from './server/logger';
import { createSharedRateLimiter, rateLimitBucket } from './server/rate-limit';
import { ensureSessionSecret } from './server/secrets';
import { securityHeaders } from './server/security';
import { refuseNonFormPosts } from './server/form-posts';
import { bodyLimitFor, limitRequestBodies } from './server/body-limit';
import { privateNoStore, refuseBadAddresses, refuseCrossSiteWrites } from './server/edge';
import { createMetrics } from './server/metrics';
import { checkReadiness } from './server/readiness';
import { createEmbeddedPusher, type EmbeddedPusher } from './server/realtime/embedded-pusher';
import { clientConfig, realtimeSettings } from './server/realtime/settings';
import { createBroadcaster } from './api/services/realtime';

const root = path.dirname(fileURLToPath(import.meta.url));
const version: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;

export type StartedServer = {
  url: string;
  server: http.Server;
  close: () => Promise<void>;
  /** The v1 API's dependencies (database, clock, broadcaster): for tools such as benchmarks. */
  deps: ApiDeps;
};

/**
 * Compose the product on one HTTP server: /api/v1/* is the v1 provider API, /healthz the
 * health check, everything else the Remix app (built, or through Vite in development).
 */
export async function startServer(
  options: { env?: Env; development?: boolean; log?: Logger; web?: boolean; onQuery?: (query: string) => void } = {},
): Promise<StartedServer> {
  const env = options.env ?? parseEnv();
  const development = options.development ?? false;
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  if (!env.SESSION_SECRET) process.env.SESSION_SECRET = ensureSessionSecret(env.DATA_DIR);

  const realtime = realtimeSettings(env);
  // The port the server listens on is known after listen(); the SDK is built on first use.
  let listeningPort = env.PORT;
  const embeddedPusher: EmbeddedPusher | undefined =
    realtime.mode === 'embedded'
      ? createEmbeddedPusher({
          appId: realtime.appId,
          key: realtime.key,
          secret: realtime.secret,
          log,
          publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
          // Counted per client address by the same TRUST_PROXY rule as req.ip (the app is
          // created below; upgrades only come once the server listens).
          clientAddress: (request) =>
            (
              Object.assign(Object.create(app.request), {
                app,
                headers: request.headers,
                socket: request.socket,
              }) as express.Request
            ).ip ?? 'unknown',
          maxConnections: env.REALTIME_MAX_CONNECTIONS,
          maxConnectionsPerAddress: env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
        })
      : undefined;
  const broadcaster = createBroadcaster(
    () => (embeddedPusher ? { ...realtime, host: '127.0.0.1', port: listeningPort, useTLS: false } : realtime),
    log,
  );

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onQuery: options.onQuery,
  });
  // Voice: the OpenAI-compatible /audio endpoints, or pocketsphinx and espeak-ng when installed (docs/speech.md).
  const speech = await detectSpeech(env);
  log({ level: 'info', msg: describeSpeech(speech) });
  // Twilio when both credentials are set (docs/telephony.md), else the embedded sandbox.
  const twilio = twilioCredentials(env);
  log({
    level: 'info',
    msg: twilio
      ? 'telephony: Twilio (webhooks under PUBLIC_URL/api/v1/webhooks/twilio/)'
      : 'telephony: sandbox (nothing leaves this machine)',
  });
  if (twilio && !env.PUBLIC_URL)
    log({
      level: 'warn',
      msg: 'telephony: Twilio is configured but PUBLIC_URL is not set: Twilio cannot reach the webhooks',
    });
  // Push (docs/push.md): OneSignal when both settings are set, else nothing is pushed.
  const push =
    env.ONESIGNAL_APP_ID && env.ONESIGNAL_API_KEY
      ? { appId: env.ONESIGNAL_APP_ID, apiKey: env.ONESIGNAL_API_KEY }
      : undefined;
  log({
    level: 'info',
    msg: push
      ? 'push: OneSignal (member notifications are pushed)'
      : 'push: off (ONESIGNAL_APP_ID and ONESIGNAL_API_KEY unset)',
  });
  const deps: ApiDeps = {
    db: database.db,
    env,
    mailer: createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    telephony: twilio ? createTwilioTelephony(twilio) : createSandboxTelephony(database.db),
    twilio,
    push,
    directory: createDirectory(env.DIRECTORY_URL),
    addressLookup: createAddressLookup(env.ADDRESS_LOOKUP_URL),
    outbound: { allowLoopback: env.OUTBOUND_ALLOW_LOOPBACK_FOR_TESTS ?? false },
    broadcaster,
    clock: { now: () => new Date() },
    filesDir: path.join(env.DATA_DIR, 'files'),
    storage: createStorage(env, path.join(env.DATA_DIR, 'files')),
    signingSecret: env.SESSION_SECRET ?? process.env.SESSION_SECRET,
    assistantModel: env.ASSISTANT_BASE_URL
      ? { baseUrl: env.ASSISTANT_BASE_URL, apiKey: env.ASSISTANT_API_KEY, model: env.ASSISTANT_MODEL ?? 'gpt-4o-mini' }
      : undefined,
    speech,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    supportEmail: env.SUPPORT_EMAIL,
    version,
    latestVersion: env.LATEST_APP_VERSION,
    log,
  };
  // The local files directory is this server's alone: what a crash left half-written or
  // unreferenced goes before it listens. (On S3 a put is one request: no temporary objects.)
  if (!usesS3(env)) {
    const swept = await sweepOrphanedFiles(database.db, path.join(env.DATA_DIR, 'files'));
    if (swept.removed.length)
      log({ level: 'info', msg: 'files: removed what an interrupted write left behind', files: swept.removed.length });
  }
  const api = createApiApp(deps);

  // One store for the API's limit and the web forms': Redis, PostgreSQL, or this process's memory.
  const limiter = await createSharedRateLimiter({
    limit: env.RATE_LIMIT_AUTH_PER_MINUTE,
    windowMs: 60_000,
    redisUrl: env.REDIS_URL,
    db: database.db,
    databaseKind: database.kind,
    log,
  });
  const https = env.PUBLIC_URL?.startsWith('https://') ?? false;
  const app = express();
  app.disable('x-powered-by');
  // Who may set X-Forwarded-For (rate limits and logs key on the client address): TRUST_PROXY.
  app.set('trust proxy', env.TRUST_PROXY);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = (req.get('x-request-id') || randomUUID()).slice(0, 100);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      log({
        level: res.statusCode >= 500 ? 'error' : 'info',
        msg: 'request',
        request_id: requestId,
        method: req.method,
        // Without the query, and without the token of an invitation link (api/lib/log-safe.ts).
        path: redactPath(req.originalUrl),
        status: res.statusCode,
        duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ip: req.ip,
      });
    });
    next();
  });
  const metrics = createMetrics({
    db: database.db,
    realtimeConnections: () => embeddedPusher?.stats().connections ?? 0,
  });
  app.use(metrics.middleware);
  app.use(securityHeaders({ development, https }));
  app.use(refuseBadAddresses);
  app.use(limitRequestBodies(bodyLimitFor(api)));
  app.use(compression());

  app.get('/healthz', async (_req, res) => {
    try {
      await database.db.execute(sql`select 1`);
      res.json({ status: 'ok', version });
    } catch {
      res.status(503).json({ status: 'unavailable', version });
    }
  });

  app.get('/readyz', async (_req, res) => {
    const readiness = await checkReadiness(database.db, realtime);
    res
      .status(readiness.ready ? 200 : 503)
      .json({ status: readiness.ready ? 'ready' : 'unavailable', version, checks: readiness.checks });
  });

  // Prometheus format; with METRICS_TOKEN set only a scraper holding it may read them. In
  // production they are never open to anyone: without a token the endpoint does not exist.
  const metricsClosed = env.APP_ENV === 'production' && !env.METRICS_TOKEN;
  if (metricsClosed)
    log({ level: 'warn', msg: 'metrics: /metrics is off (APP_ENV=production needs METRICS_TOKEN to serve it)' });
  app.get('/metrics', async (req, res) => {
    if (metricsClosed) {
      res.status(404).json({ errors: ['There is no such page.'] });
      return;
    }
    if (env.METRICS_TOKEN && req.get('authorization') !== `Bearer ${env.METRICS_TOKEN}`) {
      res.status(401).json({ errors: ['Unauthenticated.'] });
      return;
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });

  if (embeddedPusher) {
    // The Pusher HTTP API the `pusher` SDK calls: events and terminate-user-connections (signed; see protocol.ts).
    app.post(
      /^\/apps\/[^/]+\/(events|batch_events|users\/[^/]+\/terminate_connections)$/,
      express.text({ type: () => true, limit: '256kb' }),
      (req, res) => {
        embeddedPusher.handleHttp(req, res, typeof req.body === 'string' ? req.body : '');
      },
    );
  }

  // The limit is decided on the Request Hono routes, by the route it matches: a spelling of
  // the path that reaches a limited handler (percent-encoded, dot segments...) counts too.
  const apiListener = getRequestListener(async (request, nodeEnv) => {
    const bucket = rateLimitBucket(api, request);
    // `incoming` is express's request: its ip honours TRUST_PROXY.
    if (bucket && !(await limiter.hit(`${bucket}:${(nodeEnv.incoming as express.Request).ip}`))) {
      return Response.json({ errors: [messages.rateLimited] }, { status: 429, headers: { 'Retry-After': '60' } });
    }
    return api.fetch(request, nodeEnv);
  });
  app.all('/api/v1/*', privateNoStore, (req, res) => void apiListener(req, res));

  let vite: ViteDevServer | undefined;
  if (options.web === false) {
    // API and realtime only (benchmarks and tools): no web app, no build needed.
  } else if (development) {
    const { createServer } = await import('vite');
    vite = await createServer({ server: { middlewareMode: true } });
    app.use(vite.middlewares);
  } else {
    const clientDir = path.join(root, 'build/client');
    // Fingerprinted assets never change: cache them for a year.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
    app.use(express.static(clientDir, { maxAge: '1h' }));
  }

  const getBuild =
    options.web === false
      ? undefined
      : vite
        ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
        : await loadBuild();
  if (getBuild) {
    app.use(
      refuseCrossSiteWrites({
        publicOrigin: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
        exempt: [/^\/api\/v1\//, /^\/apps\//],
      }),
    );
    app.use(refuseNonFormPosts);
    app.use(privateNoStore);
    const remix = createRequestHandler({
      build: getBuild,
      mode: development ? 'development' : 'production',
      getLoadContext: (req, res): AppContext => ({
        apiFetch: (request) => Promise.resolve(api.fetch(request)),
        cspNonce: res.locals.cspNonce,
        clientIp: req.ip ?? 'unknown',
        requestId: res.locals.requestId,
        rateLimit: (bucket: RateLimitBucket) => limiter.hit(`${bucket}:${req.ip}`),
        realtime: clientConfig(realtime),
      }),
    });
    // A page's loaders share one token and membership lookup (api/lib/request-memo.ts);
    // only for GET, where loaders read: an action's writes always see fresh rows.
    // Each page request reads phone numbers in its business's country, once the guard knows it
    // (contract/phone-country.server.ts).
    app.all('*', (req, res, next) =>
      withPhoneCountryHolder(() =>
        req.method === 'GET' ? withRequestMemo(() => remix(req, res, next)) : remix(req, res, next),
      ),
    );
  }

  const server = http.createServer(app);
  // Websocket upgrades on /app/{key} are the embedded Pusher server's; nothing else upgrades.
  server.on('upgrade', (request, socket, head) => {
    if (!embeddedPusher?.handleUpgrade(request, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  listeningPort = port;
  // Links in emails point at the port actually listened on (PORT=0 picks one).
  if (!env.PUBLIC_URL) deps.publicUrl = `http://localhost:${port}`;
  // Task reminders and repeats; every instance may run it (FOR UPDATE SKIP LOCKED).
  const stopScheduler = startScheduler(deps);
  // Actions (follow-ups, reminders, nudges) that fell due; every instance may run it too (SKIP LOCKED).
  const stopActions = startActionLoop(deps);
  // Push deliveries and their retries (only when OneSignal is configured; SKIP LOCKED too).
  const stopPush = push ? startPushDeliveries(deps) : async () => {};
  // The data loader's website crawls; a job left by a stopped server is resumed (runner.ts).
  const stopLearning = startLearningRunner(deps);
  // Outgoing webhooks and their retries, and the members' daily summary emails (both SKIP LOCKED / claimed once).
  const stopWebhooks = startWebhookDeliveries(deps);
  const stopSummaries = startDailySummaries(deps);
  const url = `http://localhost:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Clients are told to reconnect at once (4200): they find the next server.
      await embeddedPusher?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Requests still running after 10 s are cut off rather than holding shutdown forever.
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      await vite?.close();
      await stopScheduler();
      await stopActions();
      await stopPush();
      await stopLearning();
      await stopWebhooks();
      await stopSummaries();
      await limiter.close();
      // Mail a request handed to the background (e.g. a reset code) goes out before the database closes.
      await waitForBackground(deps);
      await database.close();
    })());

  return { url, server, close, deps };
}

async function loadBuild(): Promise<ServerBuild> {
  const file = path.join(root, 'build/server/index.js');
  if (!fs.existsSync(file))
    throw new Error('The web app is not built. Run `npm run build` (npm start does it for you).');
  return import(pathToFileURL(file).href) as Promise<ServerBuild>;
}

/** Run as the process: start, log, and stop cleanly on SIGTERM/SIGINT. */
export async function main(options: { development?: boolean } = {}): Promise<void> {
  const log = createLogger(process.env.LOG_LEVEL === 'silent' ? 'silent' : 'info');
  let started: StartedServer;
  try {
    const env = parseEnv();
    started = await startServer({ env, development: options.development, log: createLogger(env.LOG_LEVEL) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log({ level: 'fatal', msg: 'boot error', error: message });
    process.stderr.write(`\nThe server could not start:\n${message}\n\n`);
    process.exit(1);
  }
  log({ level: 'info', msg: `listening on ${started.url}`, version });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ level: 'info', msg: `received ${signal}, shutting down` });
    started.close().then(
      () => process.exit(0),
      (error) => {
        log({ level: 'error', msg: 'shutdown failed', error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
