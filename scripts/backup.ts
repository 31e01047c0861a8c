/**
 * `npm run backup [-- --out <dir>] [--tar]`: a consistent dump of the configured database
 * (DATABASE_URL, else PGlite in DATA_DIR) and of DATA_DIR/files, written to
 * <dir>/backup-<timestamp> (default dir: ./backups), or a .tar.gz of it with --tar.
 * PGlite serves one process: stop the server first. PostgreSQL can be backed up while it
 * serves. Restore with `npm run restore -- <backup>`; see docs/durability.md.
 */
import { parseEnv } from '../contract/env';
import { createBackup } from './lib/backup';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
if (args.includes('--help')) {
  console.log('npm run backup [-- --out <dir>] [--tar]   (docs/durability.md)');
  process.exit(0);
}

try {
  const env = parseEnv();
  const s3 = Boolean(env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY);
  await createBackup({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    outDir: option('--out') ?? 'backups',
    tar: args.includes('--tar'),
    s3,
    log: (line) => console.log(line),
  });
} catch (error) {
  console.error(`\nThe backup failed:\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
