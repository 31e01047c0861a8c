import { lt, sql } from 'drizzle-orm';
import type { Db } from '../api/db/client';
import { rateLimitHits } from '../api/db/schema';
import { matchedRoutes, type RoutedApp } from './api-routes';
import type { Logger } from './logger';

/**
 * Fixed-window counters per key (bucket + client address), a key's window opened by its
 * first hit. Auth endpoints are cheap to hammer and expensive to answer (argon2), so this
 * runs before the work. Where the counts live decides whether the limit holds across
 * instances:
 * - memory: one process (PGlite allows only one; tests);
 * - PostgreSQL (DATABASE_URL): one row per key, one atomic upsert per hit;
 * - Redis (REDIS_URL): one expiring key per key, SET NX + INCR in a transaction.
 * A shared store that fails answers from this instance's memory (logged): the limit then
 * holds per instance rather than refusing every sign-in or letting every attempt through.
 */
export type RateLimiter = { hit(key: string): Promise<boolean>; close(): Promise<void> };

/** Counts one hit on `key` at time `now`; answers the hits in the key's current window. */
type Counter = (key: string, now: number) => Promise<number>;

type Options = { limit: number; windowMs: number; now?: () => number };

function limiterOf(options: Options, count: Counter, close: () => Promise<void> = async () => {}): RateLimiter {
  const now = options.now ?? Date.now;
  return {
    async hit(key) {
      return (await count(key, now())) <= options.limit;
    },
    close,
  };
}

export function createRateLimiter(options: Options): RateLimiter {
  return limiterOf(options, memoryCounter(options.windowMs));
}

function memoryCounter(windowMs: number): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  return async (key, now) => {
    if (now - lastSweep > windowMs) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      lastSweep = now;
    }
    const current = windows.get(key);
    if (!current || current.resetAt <= now) {
      windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    current.count += 1;
    return current.count;
  };
}

function withFallback(shared: Counter, windowMs: number, log: Logger, store: string): Counter {
  const local = memoryCounter(windowMs);
  let warnedAt = -Infinity;
  return async (key, now) => {
    try {
      return await shared(key, now);
    } catch (error) {
      // One line a window at most: a store that is down would otherwise log every attempt.
      if (now - warnedAt >= windowMs) {
        log({
          level: 'warn',
          msg: `rate limit: ${store} failed, counting in this instance only`,
          error: String(error),
        });
        warnedAt = now;
      }
      return local(key, now);
    }
  };
}

/** Counts in PostgreSQL's rate_limit_hits; rows whose window is over are deleted once a window. */
export function postgresCounter(db: Db, windowMs: number): Counter {
  let lastSweep = 0;
  return async (key, now) => {
    const expired = new Date(now - windowMs);
    if (now - lastSweep > windowMs) {
      lastSweep = now;
      await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, expired));
    }
    // A window that is over starts again at this hit; otherwise the hit is added to it.
    const over = sql`${rateLimitHits.windowStart} <= ${expired.toISOString()}`;
    const [row] = await db
      .insert(rateLimitHits)
      .values({ key, windowStart: new Date(now), hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${over} then 1 else ${rateLimitHits.hits} + 1 end`,
          windowStart: sql`case when ${over} then excluded.window_start else ${rateLimitHits.windowStart} end`,
        },
      })
      .returning({ hits: rateLimitHits.hits });
    return row.hits;
  };
}

type RedisClient = {
  multi(): {
    set(key: string, value: string, options: { NX: true; PX: number }): unknown;
    incr(key: string): unknown;
    exec(): Promise<unknown[]>;
  };
  close(): Promise<unknown>;
};

/** Counts in Redis: the key is created with the window as its expiry (NX) and incremented, in one MULTI. */
export function redisCounter(client: RedisClient, windowMs: number): Counter {
  return async (key) => {
    const name = `rate-limit:${key}`;
    const multi = client.multi();
    multi.set(name, '0', { NX: true, PX: windowMs });
    multi.incr(name);
    const [, hits] = await multi.exec();
    return Number(hits);
  };
}

/**
 * The limiter for this deployment: Redis when REDIS_URL is set, else PostgreSQL when
 * DATABASE_URL is set, else memory. Both the v1 API's limit and the web forms' use it.
 */
export async function createSharedRateLimiter(
  options: Options & { redisUrl?: string; db?: Db; databaseKind: 'pglite' | 'postgres'; log: Logger },
): Promise<RateLimiter> {
  if (options.redisUrl) {
    const { createClient } = await import('redis');
    let connected = false;
    const client = createClient({
      url: options.redisUrl,
      // While Redis is away a hit fails at once (and counts in memory) instead of waiting in a queue.
      disableOfflineQueue: true,
      // A REDIS_URL that never answers stops the start-up with its error; a lost connection is retried.
      socket: {
        connectTimeout: 5_000,
        reconnectStrategy: (retries, cause) => (connected ? Math.min(retries * 200, 5_000) : cause),
      },
    });
    client.on('error', (error: unknown) =>
      options.log({ level: 'warn', msg: 'rate limit: redis connection error', error: String(error) }),
    );
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`REDIS_URL: could not connect (${error instanceof Error ? error.message : String(error)})`);
    }
    connected = true;
    options.log({ level: 'info', msg: 'rate limits: counted in Redis (shared by every instance)' });
    return limiterOf(
      options,
      withFallback(
        redisCounter(client as unknown as RedisClient, options.windowMs),
        options.windowMs,
        options.log,
        'redis',
      ),
      async () => {
        await client.close();
      },
    );
  }
  if (options.db && options.databaseKind === 'postgres') {
    options.log({ level: 'info', msg: 'rate limits: counted in PostgreSQL (shared by every instance)' });
    return limiterOf(
      options,
      withFallback(postgresCounter(options.db, options.windowMs), options.windowMs, options.log, 'postgresql'),
    );
  }
  return createRateLimiter(options);
}

/**
 * v1 calls that count against the auth limit, by the route they run (the path as the API
 * registers it, whatever spelling of the URL reached it) and the bucket the web forms share.
 */
export const API_RATE_LIMITED: Record<string, string> = {
  '/api/v1/users/login': 'login',
  '/api/v1/users/create': 'register',
  '/api/v1/users/forgot-password': 'forgot-password',
  '/api/v1/users/verify-password-code': 'reset-password',
  '/api/v1/users/mobile-submit': 'mobile-submit',
  '/api/v1/users/mobile-verify': 'mobile-verify',
  '/api/v1/helpers/business-lookup': 'business-lookup',
  '/api/v1/users/email-change-verify': 'email-change-verify',
};

/** The bucket of the v1 route this request runs (whatever spelling of its path reached it), if any. */
export function rateLimitBucket(app: RoutedApp, request: Request): string | undefined {
  return matchedRoutes(app, request.method, request.url)
    .map((route) => API_RATE_LIMITED[route])
    .find(Boolean);
}
