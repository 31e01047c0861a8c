import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDirectoryLock } from './lock';
import { installParsersOnce } from './pglite-parsers';
import { nameStatementsByText } from './pglite-statements';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Open the database: PostgreSQL when a URL is given, otherwise PGlite in `dataDir`
 * (or in memory when dataDir is 'memory://', for tests). Migrations are applied here, so
 * every caller gets an up-to-date schema. Opened lazily: no top-level await in server code.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  migrate?: boolean;
  /** Called with every SQL statement (benchmarks count queries per request with it). */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (query: string) => options.onQuery!(query) } : undefined;
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, logger)
    : await openPglite(options.dataDir, logger);
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

type QueryLogger = { logQuery: (query: string, params: unknown[]) => void } | undefined;

async function openPostgres(url: string, logger: QueryLogger): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  return { db: drizzle(pool, { schema, logger }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Enough for the hot rows of a business's tables; reads past it come from the OS's file cache. */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string, logger: QueryLogger): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? undefined : path.resolve(dataDir, 'pglite');
  const release = dir ? acquireDirectoryLock(path.resolve(dataDir)) : () => {};
  try {
    // Postgres's default 128 MB of shared buffers live in the WASM memory and stay resident
    // once touched, most of a small server's RSS; the OS caches the data files anyway.
    const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
    if (dir && !fs.existsSync(path.join(dir, 'PG_VERSION'))) await createCluster(dir, options.startParams);
    const client = dir ? new PGlite(dir, options) : new PGlite(options);
    return {
      db: await drizzleOnPglite(client, logger),
      kind: 'pglite',
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * drizzle on a PGlite client made ready for it: drizzle's parsers installed once
 * (pglite-parsers.ts) and each text a named statement (pglite-statements.ts). Every PGlite the
 * server or a test serves from comes through here, so the tests run the server's path.
 */
export async function drizzleOnPglite(client: PGlite, logger?: QueryLogger): Promise<Db> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const ready = await installParsersOnce(await nameStatementsByText(client));
  return drizzle(ready, { schema, logger }) as unknown as Db;
}

/**
 * A new cluster is created and migrated in a worker thread (create-cluster.worker.mjs), so
 * the serving instance opens an existing one: on a first start that is 200-400 MB of RSS
 * (PGlite's initdb grows and touches its WebAssembly memory, which never shrinks) that goes
 * with the thread, for one more compile of PGlite's module, once.
 */
async function createCluster(dir: string, startParams: string[]): Promise<void> {
  const worker = new Worker(new URL('./create-cluster.worker.mjs', import.meta.url), {
    workerData: { dir, startParams, migrationsFolder },
    // No inherited flags: tsx's loader is not needed for a plain JavaScript file.
    execArgv: [],
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite cluster in ${dir} failed (exit ${code})`)),
    );
  });
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder });
  }
}
