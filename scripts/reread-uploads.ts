/**
 * `npm run knowledge:reread [-- --business <id>]`: reads the PDF and Word uploads stored before
 * the reader kept paragraphs, headings and tables again from their files, and re-indexes them
 * (api/services/extract/reread.ts says which are replaced and which are left alone). Uses the
 * configured database (DATABASE_URL, else PGlite in DATA_DIR: stop the server first) and
 * storage (S3_* or DATA_DIR/files). Safe to run again.
 */
import path from 'node:path';
import { openDatabase } from '../api/db/client';
import { rereadUploads } from '../api/services/extract/reread';
import { createRecordingBroadcaster } from '../api/services/realtime';
import { createStorage } from '../api/services/storage';
import { parseEnv } from '../contract/env';

const args = process.argv.slice(2);
const businessAt = args.indexOf('--business');
const businessId = businessAt >= 0 ? args[businessAt + 1] : undefined;

const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  // No server is told: pages load the memories fresh.
  const deps = {
    db: database.db,
    clock: { now: () => new Date() },
    broadcaster: createRecordingBroadcaster(),
    storage: createStorage(env, path.join(env.DATA_DIR, 'files')),
  };
  const report = await rereadUploads(deps, { businessId });
  console.log(
    `Uploads read again: ${report.updated} updated, ${report.unchanged} already read this way, ${report.skipped} changed since upload (left alone), ${report.failed} unreadable.`,
  );
} finally {
  await database.close();
}
process.exit(0);
