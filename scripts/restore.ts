/**
 * `npm run restore -- <backup directory or .tar.gz>`: restores a backup made by
 * `npm run backup` into the configured database (DATABASE_URL, else PGlite in DATA_DIR),
 * which must be empty, and DATA_DIR/files, which must be empty too. Checksums are checked
 * first, the rows go in within one transaction, and the row counts are verified against the
 * manifest. Stop the server first. See docs/durability.md.
 */
import { parseEnv } from '../contract/env';
import { restoreBackup } from './lib/backup';

const from = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!from || process.argv.includes('--help')) {
  console.log(
    'npm run restore -- <backup directory or .tar.gz>   (into an empty database and DATA_DIR; docs/durability.md)',
  );
  process.exit(from ? 0 : 1);
}

try {
  const env = parseEnv();
  await restoreBackup({ from, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log: (line) => console.log(line) });
} catch (error) {
  console.error(`\nThe restore failed:\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
