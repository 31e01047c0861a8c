import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client';
import { createSharedRateLimiter, type RateLimiter } from '#server/rate-limit';

/**
 * Several app servers share one limit when they share a store: two limiter instances (as two
 * servers would build them) on one PostgreSQL database, and on one Redis, together allow the
 * limit, not twice it; also when their hits arrive at the same moment. PostgreSQL needs
 * TEST_DATABASE_URL (set by .ci/run when one answers); Redis is looked for at TEST_REDIS_URL
 * or 127.0.0.1:6379.
 */
const LIMIT = 5;
const pgAdminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = () => {};

const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect({ host: hostname, port: Number(port || 6379) });
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});

async function shareOneLimit(instances: RateLimiter[]) {
  const key = `login:203.0.113.${randomBytes(2).readUInt16BE() % 250}:${randomBytes(4).toString('hex')}`;
  // Alternating between the instances, one at a time.
  const sequential: boolean[] = [];
  for (let i = 0; i < LIMIT * 2; i++) sequential.push(await instances[i % instances.length].hit(key));
  // At the same moment, on both: exactly the limit passes.
  const burstKey = `${key}:burst`;
  const burst = await Promise.all(
    Array.from({ length: LIMIT * 4 }, (_, i) => instances[i % instances.length].hit(burstKey)),
  );
  return { sequential, allowedInBurst: burst.filter(Boolean).length };
}

describe.skipIf(!pgAdminUrl)('on one PostgreSQL (DATABASE_URL)', () => {
  const name = `ba_rl_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let url: string;
  const databases: Database[] = [];
  const limiters: RateLimiter[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(pgAdminUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', migrate: i === 0 });
      databases.push(database);
      limiters.push(
        await createSharedRateLimiter({
          limit: LIMIT,
          windowMs: 60_000,
          db: database.db,
          databaseKind: database.kind,
          log,
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
    for (const database of databases) await database.close();
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    // Without FORCE (it would kill connections the pools are still closing): retried until they are gone.
    for (let attempt = 0; attempt < 20; attempt++) {
      const dropped = await admin.query(`DROP DATABASE IF EXISTS "${name}"`).then(
        () => true,
        () => false,
      );
      if (dropped) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.end();
  });

  it('two instances together allow the limit, not twice it', async () => {
    const { sequential, allowedInBurst } = await shareOneLimit(limiters);
    expect(sequential).toEqual([...Array(LIMIT).fill(true), ...Array(LIMIT).fill(false)]);
    expect(allowedInBurst).toBe(LIMIT);
  });

  it('opens a new window once the last is over, on any instance', async () => {
    const clock = { t: Date.now() };
    const [a, b] = databases.map((database) =>
      createSharedRateLimiter({
        limit: 2,
        windowMs: 60_000,
        db: database.db,
        databaseKind: database.kind,
        log,
        now: () => clock.t,
      }),
    );
    const [first, second] = await Promise.all([a, b]);
    const key = `window:${randomBytes(4).toString('hex')}`;
    expect([await first.hit(key), await second.hit(key), await first.hit(key)]).toEqual([true, true, false]);
    clock.t += 59_999;
    expect(await second.hit(key)).toBe(false);
    clock.t += 1;
    expect([await second.hit(key), await first.hit(key), await second.hit(key)]).toEqual([true, true, false]);
  });

  it('keeps one row per key, counted atomically', async () => {
    const [first] = databases;
    const result = await first.db.execute('select count(*)::int as rows, max(hits)::int as most from rate_limit_hits');
    const row = (result as unknown as { rows: { rows: number; most: number }[] }).rows[0];
    expect(row.rows).toBe(3);
    expect(row.most).toBe(LIMIT * 4);
  });
});

describe.skipIf(!redisAnswers)('on one Redis (REDIS_URL)', () => {
  const limiters: RateLimiter[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      limiters.push(
        await createSharedRateLimiter({ limit: LIMIT, windowMs: 60_000, redisUrl, databaseKind: 'pglite', log }),
      );
  });
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
  });

  it('two instances together allow the limit, not twice it', async () => {
    const { sequential, allowedInBurst } = await shareOneLimit(limiters);
    expect(sequential).toEqual([...Array(LIMIT).fill(true), ...Array(LIMIT).fill(false)]);
    expect(allowedInBurst).toBe(LIMIT);
  });

  it('refuses to start on a REDIS_URL that does not answer, with the setting named', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    await expect(
      createSharedRateLimiter({
        limit: LIMIT,
        windowMs: 60_000,
        redisUrl: `redis://127.0.0.1:${closed}`,
        databaseKind: 'pglite',
        log,
      }),
    ).rejects.toThrow(/REDIS_URL/);
  });
});

describe('without a shared store (PGlite: one process)', () => {
  it('counts in memory', async () => {
    const limiter = await createSharedRateLimiter({ limit: LIMIT, windowMs: 60_000, databaseKind: 'pglite', log });
    const hits = [];
    for (let i = 0; i <= LIMIT; i++) hits.push(await limiter.hit('k'));
    expect(hits).toEqual([...Array(LIMIT).fill(true), false]);
  });
});
