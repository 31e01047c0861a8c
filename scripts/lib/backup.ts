import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../../api/db/client';
import {
  appliedMigrations,
  describeTables,
  foreignKeys,
  ident,
  insertOrder,
  migrateTo,
  openForTool,
  rows,
} from './backup-database';
import { copyWithHash, listFiles } from './backup-files';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  openBackup,
  type BackupManifest,
  type FileEntry,
  type Log,
} from './backup-manifest';

export { insertOrder } from './backup-database';
export { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from './backup-manifest';

/**
 * `npm run backup` / `npm run restore` (docs/durability.md).
 *
 * A backup is a directory (or a .tar.gz of it) holding:
 * - manifest.json: format, app version, the migrations applied (count and hashes), per table
 *   its columns, row count and SHA-256, per file its size and SHA-256;
 * - db/<table>.jsonl: every row of every table of the public schema, one JSON object a
 *   line (`to_jsonb(row)` without the generated columns, exact for every type: timestamps
 *   to the microsecond, jsonb, arrays, bytea), read in ONE repeatable-read read-only
 *   transaction, so all tables come from the same snapshot;
 * - files/: DATA_DIR/files (memory uploads, call recordings, voice turns), copied after the
 *   snapshot. Every file is written (and renamed into place) before the row that refers to
 *   it is committed, so a file referenced by the snapshot is already complete on disk;
 *   files written after the snapshot are extra, unreferenced, and harmless;
 * - instance/: DATA_DIR/session-secret and realtime-credentials.json when present (so
 *   sessions and open pages keep working against the restored instance).
 *
 * drizzle's own table (drizzle.__drizzle_migrations) is not in the public schema: restore
 * re-creates it by migrating the empty database to the backup's migration, inserting the
 * rows, then applying any newer migrations of this code over them.
 *
 * What is read of the database itself is backup-database.ts, the manifest and its checks
 * backup-manifest.ts, the file copies backup-files.ts.
 */

const INSTANCE_FILES = ['session-secret', 'realtime-credentials.json'];
const FETCH_ROWS = 1000;
const INSERT_BATCH_BYTES = 2_000_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appVersion = (): string => JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

export async function createBackup(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Where the backup goes (created when missing): <outDir>/backup-<timestamp>[.tar.gz]. */
  outDir: string;
  /** Files live in S3 (S3_* set): they are not copied (back the bucket up on its side). */
  s3?: boolean;
  tar?: boolean;
  log?: Log;
  now?: Date;
}): Promise<{ path: string; manifest: BackupManifest }> {
  const log = options.log ?? (() => {});
  const createdAt = options.now ?? new Date();
  const name = `backup-${stamp(createdAt)}`;
  fs.mkdirSync(options.outDir, { recursive: true });
  const final = path.resolve(options.outDir, name);
  if (fs.existsSync(final) || fs.existsSync(`${final}.tar.gz`)) throw new Error(`${final} already exists.`);
  const work = `${final}.partial`;
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(path.join(work, 'db'), { recursive: true });

  const database = await openForTool({ ...options, mustExist: true }, 'backup');
  let manifest: BackupManifest;
  try {
    log(
      `Backing up the ${database.kind === 'pglite' ? `PGlite database in ${path.resolve(options.dataDir, 'pglite')}` : 'PostgreSQL database'}…`,
    );
    const tables: BackupManifest['tables'] = [];
    let hashes: string[] = [];
    await database.db.transaction(async (tx) => {
      // One snapshot for every table: rows committed while we read are not seen at all.
      await tx.execute(sql.raw('set transaction isolation level repeatable read, read only'));
      hashes = await appliedMigrations(tx);
      for (const table of await describeTables(tx)) {
        const file = `db/${table.name}.jsonl`;
        const out = fs.createWriteStream(path.join(work, file));
        const hash = createHash('sha256');
        let count = 0;
        let bytes = 0;
        const line = table.generated.length
          ? `(to_jsonb(t) - array[${table.generated.map((column) => `'${column.replace(/'/g, "''")}'`).join(', ')}]::text[])::text`
          : 'to_jsonb(t)::text';
        const orderBy = table.primaryKey.length ? table.primaryKey.map(ident).join(', ') : 't::text';
        await tx.execute(
          sql.raw(
            `declare backup_rows no scroll cursor for select ${line} as line from ${ident(table.name)} t order by ${orderBy}`,
          ),
        );
        for (;;) {
          const batch = await rows<{ line: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
          if (!batch.length) break;
          const text = batch.map((row) => `${row.line}\n`).join('');
          hash.update(text);
          bytes += Buffer.byteLength(text);
          count += batch.length;
          if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        await tx.execute(sql.raw('close backup_rows'));
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        tables.push({ name: table.name, columns: table.columns, rows: count, file, bytes, sha256: hash.digest('hex') });
        log(`  ${table.name}: ${count} rows`);
      }
    });

    // After the snapshot: every file a snapshot row refers to is already complete on disk.
    const files: BackupManifest['files'] = { storage: options.s3 ? 's3' : 'local', count: 0, bytes: 0, entries: [] };
    if (options.s3) {
      log('Files are in S3 (S3_* settings): not copied; back the bucket up on its side (docs/durability.md).');
    } else {
      const filesDir = path.join(options.dataDir, 'files');
      // *.tmp: an upload being written right now (renamed into place when complete); no committed row refers to it yet.
      const list = listFiles(filesDir).filter((file) => !file.endsWith('.tmp'));
      for (const [index, relative] of list.entries()) {
        const copied = await copyWithHash(path.join(filesDir, relative), path.join(work, 'files', relative)).catch(
          (error: NodeJS.ErrnoException) => {
            // Deleted since it was listed: only files whose row was never committed are deleted.
            if (error.code === 'ENOENT') return null;
            throw error;
          },
        );
        if (!copied) continue;
        files.entries.push({ path: relative, ...copied });
        files.bytes += copied.bytes;
        if ((index + 1) % 500 === 0) log(`  files: ${index + 1} of ${list.length}`);
      }
      files.count = files.entries.length;
      log(`  files: ${files.count} (${files.bytes} bytes)`);
    }

    const instance: FileEntry[] = [];
    for (const file of INSTANCE_FILES) {
      const source = path.join(options.dataDir, file);
      if (fs.existsSync(source))
        instance.push({ path: file, ...(await copyWithHash(source, path.join(work, 'instance', file))) });
    }

    manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: createdAt.toISOString(),
      database: { kind: database.kind, migrations: { count: hashes.length, hashes } },
      tables,
      files,
      instance,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }

  fs.renameSync(work, final);
  let result = final;
  if (options.tar) {
    execFileSync('tar', ['-czf', `${final}.tar.gz`, '-C', path.dirname(final), name]);
    fs.rmSync(final, { recursive: true, force: true });
    result = `${final}.tar.gz`;
  }
  const total = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  log(`Backup written to ${result}: ${manifest.tables.length} tables, ${total} rows, ${manifest.files.count} files.`);
  return { path: result, manifest };
}

export async function restoreBackup(options: {
  /** A backup directory or .tar.gz made by createBackup. */
  from: string;
  databaseUrl?: string;
  dataDir: string;
  log?: Log;
}): Promise<{ manifest: BackupManifest }> {
  const log = options.log ?? (() => {});
  const { dir, manifest, cleanup } = await openBackup(options.from, log);
  try {
    const known = readMigrationFiles({ migrationsFolder });
    const wanted = manifest.database.migrations;
    if (wanted.count > known.length) {
      throw new Error(
        `The backup was made with ${wanted.count} migrations; this code has ${known.length}. Restore it with the version that made it (${manifest.appVersion}) or newer.`,
      );
    }
    const differing = wanted.hashes.findIndex((hash, index) => known[index]?.hash !== hash);
    if (differing >= 0)
      throw new Error(
        `Migration ${differing} of the backup differs from this code's: restore it with the version that made it (${manifest.appVersion}).`,
      );

    const filesDir = path.join(options.dataDir, 'files');
    if (manifest.files.storage === 'local' && listFiles(filesDir).length) {
      throw new Error(
        `${path.resolve(filesDir)} is not empty: restore into an empty DATA_DIR (files are never overwritten).`,
      );
    }

    const database = await openForTool({ ...options, mustExist: false }, 'restore');
    try {
      const existing = await describeTables(database.db);
      const nonEmpty: string[] = [];
      for (const table of existing) {
        const [row] = await rows<{ present: boolean }>(
          database.db,
          sql.raw(`select exists (select 1 from ${ident(table.name)}) as present`),
        );
        if (row?.present) nonEmpty.push(table.name);
      }
      if (nonEmpty.length) {
        throw new Error(
          `The target database is not empty (${nonEmpty.slice(0, 5).join(', ')}${nonEmpty.length > 5 ? ', …' : ''} hold rows). ` +
            'Restore only into an empty database: a new PostgreSQL database, or a new DATA_DIR for PGlite.',
        );
      }
      const applied = await appliedMigrations(database.db);
      if (applied.length > wanted.count)
        log(
          `The target is already migrated past the backup (${applied.length} > ${wanted.count}): rows go into the newer schema.`,
        );
      else {
        log(`Migrating the empty database to the backup's schema (${wanted.count} migrations)…`);
        await migrateTo(database, wanted.count);
      }

      const tables = new Map((await describeTables(database.db)).map((table) => [table.name, table]));
      for (const table of manifest.tables) {
        const target = tables.get(table.name);
        if (!target) throw new Error(`The backup has a table ${table.name} this schema does not.`);
        const missing = table.columns.filter((column) => !target.columns.includes(column));
        if (missing.length)
          throw new Error(`The backup's ${table.name} has columns this schema does not: ${missing.join(', ')}.`);
      }
      const { order, cyclic } = insertOrder(
        manifest.tables.map((table) => table.name),
        await foreignKeys(database.db),
      );

      await database.db.transaction(async (tx) => {
        // Tables referring to each other (none today) cannot be ordered: foreign-key checks
        // are then switched off for this transaction, which needs a superuser (PGlite is).
        if (cyclic) {
          await tx.execute(sql.raw('set local session_replication_role = replica')).catch(() => {
            throw new Error(
              'The schema has foreign keys in a cycle: the restore needs a superuser (session_replication_role).',
            );
          });
        }
        for (const name of order) {
          const table = manifest.tables.find((entry) => entry.name === name)!;
          const columns = table.columns.map(ident).join(', ');
          const insert = (lines: string[]) =>
            tx.execute(
              sql`${sql.raw(`insert into ${ident(name)} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${ident(name)}, `)}${`[${lines.join(',')}]`}${sql.raw('::jsonb)')}`,
            );
          let batch: string[] = [];
          let batchBytes = 0;
          let inserted = 0;
          const input = readline.createInterface({
            input: fs.createReadStream(path.join(dir, table.file)),
            crlfDelay: Infinity,
          });
          for await (const line of input) {
            if (!line) continue;
            batch.push(line);
            batchBytes += line.length;
            if (batchBytes >= INSERT_BATCH_BYTES || batch.length >= 5000) {
              await insert(batch);
              inserted += batch.length;
              batch = [];
              batchBytes = 0;
            }
          }
          if (batch.length) await insert(batch);
          inserted += batch.length;
          const [count] = await rows<{ count: number | string }>(
            tx,
            sql.raw(`select count(*) as count from ${ident(name)}`),
          );
          if (Number(count?.count) !== table.rows || inserted !== table.rows) {
            throw new Error(
              `${name}: ${Number(count?.count)} rows after the restore, the manifest says ${table.rows}. Nothing was restored.`,
            );
          }
          log(`  ${name}: ${table.rows} rows`);
        }
        // Sequences (serial and identity columns; none today) continue after the restored rows.
        const sequences = await rows<{ table_name: string; column_name: string; sequence: string }>(
          tx,
          sql`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
              from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
        );
        for (const sequence of sequences) {
          await tx.execute(
            sql.raw(
              `select setval('${sequence.sequence.replace(/'/g, "''")}', coalesce((select max(${ident(sequence.column_name)}) from ${ident(sequence.table_name)}), 0) + 1, false)`,
            ),
          );
        }
      });

      if (known.length > wanted.count) {
        log(`Applying this code's ${known.length - wanted.count} newer migrations over the restored rows…`);
        await migrateTo(database);
      }
    } finally {
      await database.close();
    }

    if (manifest.files.storage === 'local') {
      for (const [index, entry] of manifest.files.entries.entries()) {
        const copied = await copyWithHash(path.join(dir, 'files', entry.path), path.join(filesDir, entry.path));
        if (copied.sha256 !== entry.sha256) throw new Error(`${entry.path} was not copied intact.`);
        if ((index + 1) % 500 === 0) log(`  files: ${index + 1} of ${manifest.files.count}`);
      }
      log(`  files: ${manifest.files.count} (${manifest.files.bytes} bytes)`);
    } else {
      log('The backup’s files were in S3: restore the bucket on its side (docs/durability.md).');
    }
    for (const entry of manifest.instance) {
      const target = path.join(options.dataDir, entry.path);
      if (fs.existsSync(target)) log(`  ${entry.path}: kept the target's own`);
      else {
        fs.mkdirSync(options.dataDir, { recursive: true });
        fs.copyFileSync(path.join(dir, 'instance', entry.path), target);
        fs.chmodSync(target, 0o600);
      }
    }
    const total = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    log(
      `Restored ${manifest.tables.length} tables (${total} rows, counts verified) and ${manifest.files.count} files from the backup of ${manifest.createdAt}.`,
    );
    return { manifest };
  } finally {
    cleanup();
  }
}
