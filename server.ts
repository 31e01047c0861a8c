import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import express from 'express';
import type { ViteDevServer } from 'vite';
import { createApiApp } from './api/app';
import { withRequestMemo } from './api/lib/request-memo';
import { withPhoneCountryHolder } from './contract/phone-country.server';
import type { ApiDeps } from './api/deps';
import { openDatabase } from './api/db/client';
import { waitForBackground } from './api/lib/background';
import { usesS3 } from './api/services/storage';
import { sweepOrphanedFiles } from './api/services/file-sweep';
import { parseEnv, type Env } from './contract/env';
import type { AppContext, RateLimitBucket } from './contract/load-context';
import { messages } from './contract/messages';
import { createLogger, type Logger } from './server/logger';
import { createSharedRateLimiter, rateLimitBucket } from './server/rate-limit';
import { ensureSessionSecret } from './server/secrets';
import { securityHeaders } from './server/security';
import { refuseNonFormPosts } from './server/form-posts';
import { queuePages } from './server/page-queue';
import { bodyLimitFor, limitRequestBodies } from './server/body-limit';
import { compressAnswers } from './server/compression';
import { privateNoStore, refuseBadAddresses, refuseCrossSiteWrites } from './server/edge';
import { createMetrics } from './server/metrics';
import { createEmbeddedPusher, type EmbeddedPusher } from './server/realtime/embedded-pusher';
import { clientConfig, realtimeSettings } from './server/realtime/settings';
import { createBroadcaster } from './api/services/realtime';
import { composeApiDeps } from './server/api-deps';
import { startBackgroundWork } from './server/background-work';
import { mountHealthRoutes } from './server/health-routes';
import { requestLog } from './server/request-log';
import { startRequestsInShortTurns } from './server/request-turns';

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
    // The embedded server is in this process: events are handed to it, not sent over HTTP.
    embeddedPusher,
  );

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    onQuery: options.onQuery,
  });
  const deps = await composeApiDeps({ env, db: database.db, broadcaster, log, version });
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

  app.use(requestLog(log));
  const metrics = createMetrics({
    db: database.db,
    realtimeConnections: () => embeddedPusher?.stats().connections ?? 0,
  });
  app.use(metrics.middleware);
  app.use(securityHeaders({ development, https }));
  app.use(refuseBadAddresses);
  app.use(limitRequestBodies(bodyLimitFor(api)));
  app.use(compressAnswers());

  mountHealthRoutes(app, { db: database.db, realtime, metrics, env, log, version });

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
    // Only a path under one of the build's own top-level names can be a file: a page URL goes
    // straight on instead of costing a disk lookup (about 2 % of a page's CPU under bench:load).
    const clientFiles = express.static(clientDir, { maxAge: '1h' });
    const topLevel = new Set(fs.readdirSync(clientDir));
    app.use((req, res, next) => (topLevel.has(req.path.split('/')[1] ?? '') ? clientFiles(req, res, next) : next()));
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
    app.use(queuePages());
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
    // A page's loaders, or an action's guard and its write, share one token and membership
    // lookup (api/lib/request-memo.ts): a write's handler reads without it, and every call
    // after a write reads afresh, so an action's writes and what follows them see fresh rows.
    // Each page request reads phone numbers in its business's country, once the guard knows it
    // (contract/phone-country.server.ts).
    app.all('*', (req, res, next) => withPhoneCountryHolder(() => withRequestMemo(() => remix(req, res, next))));
  }

  // New connections are accepted one per event-loop turn: turns that start every request read in them starve them.
  const server = http.createServer(startRequestsInShortTurns(app));
  // Idle keep-alive connections stay open longer than browsers, API client pools and proxies
  // (about a minute) keep theirs: closed sooner (Node's default is 5 s), a request the client
  // writes on the connection as the server closes it is lost with ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
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
  // Reminders, actions, push, crawls, webhooks and summaries; every instance may run them.
  const stopBackgroundWork = startBackgroundWork(deps);
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
      await stopBackgroundWork();
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
