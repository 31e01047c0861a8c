/**
 * A child process for first-start-memory.test.ts: opens the PGlite database in the given
 * directory as the server does (creating and migrating it when empty), checks the schema is
 * there, then prints its resident memory in MB (Linux /proc) as JSON.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#api/db/client';

const database = await openDatabase({ dataDir: process.argv[2] });
const { rows } = (await database.db.execute(sql`select count(*)::int as count from users`)) as unknown as {
  rows: { count: number }[];
};
const status = fs.readFileSync('/proc/self/status', 'utf8');
const rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024);
process.stdout.write(JSON.stringify({ users: rows[0].count, rssMb }));
await database.close();
