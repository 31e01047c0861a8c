/**
 * Creates a PGlite cluster in an empty directory and applies the migrations, in a worker
 * thread of its own (api/db/client.ts). Creating a cluster makes PGlite touch, copy and grow
 * its whole WebAssembly memory (initdb restores a 128 MB heap snapshot for every bootstrap
 * step); WebAssembly memory never shrinks, so done in the serving instance it stays resident
 * for the life of the process. The worker's memory goes when the thread ends.
 * Plain JavaScript so that tsx, vitest and the compiled server all run it as it is.
 */
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const { dir, startParams, migrationsFolder } = workerData;
const client = new PGlite(dir, { startParams });
try {
  await migrate(drizzle(client), { migrationsFolder });
} finally {
  await client.close();
}
