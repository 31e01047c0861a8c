import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, type Db } from '#api/db/client';
import * as schema from '#api/db/schema';
import './provided-context';

/**
 * Global setup of the `pglite` project: build one migrated PGlite data directory and save
 * it as a tar snapshot. Each test file then starts its own in-memory PGlite from the
 * snapshot (about 0.6 s) instead of running initdb and the migrations again (about 3 s).
 */
export default async function setup(project: TestProject) {
  const client = new PGlite();
  await client.waitReady;
  await migrateDatabase({
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
  });
  const dump = await client.dumpDataDir('none');
  await client.close();

  const file = path.join(os.tmpdir(), `ba-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);

  return () => {
    fs.rmSync(file, { force: true });
  };
}
