import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, openDatabase, type Database, type Db } from '../../api/db/client';
import { DatabaseLockedError } from '../../api/db/lock';

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
 */

export const BACKUP_FORMAT = 'business-assistant-backup';
export const BACKUP_FORMAT_VERSION = 1;
const INSTANCE_FILES = ['session-secret', 'realtime-credentials.json'];
const FETCH_ROWS = 1000;
const INSERT_BATCH_BYTES = 2_000_000;

type Log = (line: string) => void;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: { kind: Database['kind']; migrations: { count: number; hashes: string[] } };
  tables: { name: string; columns: string[]; rows: number; file: string; bytes: number; sha256: string }[];
  files: { storage: 'local' | 's3'; count: number; bytes: number; entries: FileEntry[] };
  instance: FileEntry[];
};
type FileEntry = { path: string; bytes: number; sha256: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appVersion = (): string => JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;

/** Rows of a raw statement, the same on node-postgres and PGlite. */
async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

type TableInfo = { name: string; columns: string[]; generated: string[]; primaryKey: string[] };

/** Every ordinary table of the public schema with its columns (in order), generated columns and primary key. */
async function describeTables(db: Pick<Db, 'execute'>): Promise<TableInfo[]> {
  const columns = await rows<{ table_name: string; column_name: string; is_generated: string }>(
    db,
    sql`select c.table_name, c.column_name, c.is_generated
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
  );
  const keys = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select tc.table_name, kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
        where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
        order by tc.table_name, kcu.ordinal_position`,
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? {
      name: column.table_name,
      columns: [],
      generated: [],
      primaryKey: [],
    };
    if (column.is_generated === 'ALWAYS') table.generated.push(column.column_name);
    else table.columns.push(column.column_name);
    tables.set(column.table_name, table);
  }
  for (const key of keys) tables.get(key.table_name)?.primaryKey.push(key.column_name);
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The public schema's foreign keys as child → parent table names. */
async function foreignKeys(db: Pick<Db, 'execute'>): Promise<{ child: string; parent: string }[]> {
  return rows(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint con
        join pg_class child on child.oid = con.conrelid
        join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = con.connamespace
        where con.contype = 'f' and n.nspname = 'public'`,
  );
}

/** Parents before children. Answers the order and whether a cycle (or a table referring to itself) remains. */
export function insertOrder(
  tables: string[],
  edges: { child: string; parent: string }[],
): { order: string[]; cyclic: boolean } {
  const order: string[] = [];
  const done = new Set<string>();
  const pending = new Set(tables);
  const selfReference = edges.some((edge) => edge.child === edge.parent && pending.has(edge.child));
  while (pending.size) {
    const ready = [...pending].filter((table) =>
      edges.every(
        (edge) => edge.child !== table || edge.parent === table || done.has(edge.parent) || !pending.has(edge.parent),
      ),
    );
    if (!ready.length) return { order: [...order, ...[...pending].sort()], cyclic: true };
    for (const table of ready.sort()) {
      order.push(table);
      done.add(table);
      pending.delete(table);
    }
  }
  return { order, cyclic: selfReference };
}

async function appliedMigrations(db: Pick<Db, 'execute'>): Promise<string[]> {
  const [exists] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return [];
  const applied = await rows<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return applied.map((row) => row.hash);
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Every regular file under `dir`, as slash-separated paths relative to it, sorted. */
function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  walk('');
  return found.sort();
}

/** Copy one file and answer its size and SHA-256 (of the bytes copied). */
async function copyWithHash(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  await fs.promises.copyFile(from, to);
  const stat = await fs.promises.stat(to);
  return { bytes: stat.size, sha256: await sha256File(to) };
}

/** Open the configured database for a backup or a restore, with a clear refusal while a server holds PGlite. */
async function openForTool(
  options: { databaseUrl?: string; dataDir: string; mustExist: boolean },
  what: string,
): Promise<Database> {
  if (!options.databaseUrl && options.mustExist && !fs.existsSync(path.join(options.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(
      `There is no PGlite database in ${path.resolve(options.dataDir, 'pglite')} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
    );
  }
  try {
    return await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, migrate: false });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new Error(
        `${error.message}\nPGlite serves one process at a time: stop the server, then run the ${what} again. ` +
          '(With PostgreSQL, DATABASE_URL, a backup runs while the server serves.)',
      );
    }
    throw error;
  }
}

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

/** A backup directory (or the directory a .tar.gz unpacks to) and its checked manifest. */
async function openBackup(
  from: string,
  log: Log,
): Promise<{ dir: string; manifest: BackupManifest; cleanup: () => void }> {
  let dir = path.resolve(from);
  let cleanup = () => {};
  if (!fs.existsSync(dir)) throw new Error(`There is no backup at ${dir}.`);
  if (fs.statSync(dir).isFile()) {
    const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-restore-'));
    cleanup = () => fs.rmSync(temporary, { recursive: true, force: true });
    log(`Unpacking ${dir}…`);
    execFileSync('tar', ['-xzf', dir, '-C', temporary]);
    const [inner] = fs.readdirSync(temporary);
    dir =
      inner && fs.existsSync(path.join(temporary, inner, 'manifest.json')) ? path.join(temporary, inner) : temporary;
  }
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    cleanup();
    throw new Error(`${from} is not a backup: it has no manifest.json.`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    cleanup();
    throw new Error(
      `${from} is not a backup this version can read (format ${manifest.format} ${manifest.formatVersion}).`,
    );
  }
  // Every byte is checked before anything is written to the target.
  log('Checking the backup’s checksums…');
  const check = async (relative: string, expected: { sha256: string; bytes: number }) => {
    const file = path.join(dir, relative);
    const actual = fs.existsSync(file) ? await sha256File(file) : 'missing';
    if (actual !== expected.sha256) {
      cleanup();
      throw new Error(`The backup is damaged: ${relative} does not match its checksum in manifest.json.`);
    }
  };
  for (const table of manifest.tables) await check(table.file, table);
  for (const entry of manifest.files.entries) await check(`files/${entry.path}`, entry);
  for (const entry of manifest.instance) await check(`instance/${entry.path}`, entry);
  return { dir, manifest, cleanup };
}

/** Apply this code's migrations up to `count` (a copy of the folder with a shortened journal), or all of them. */
async function migrateTo(database: Database, count?: number): Promise<void> {
  let folder = migrationsFolder;
  let temporary: string | undefined;
  if (count !== undefined) {
    temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-migrations-'));
    fs.cpSync(migrationsFolder, temporary, { recursive: true });
    const journalFile = path.join(temporary, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, count);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    folder = temporary;
  }
  try {
    const { migrate } =
      database.kind === 'postgres'
        ? await import('drizzle-orm/node-postgres/migrator')
        : await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: folder });
  } finally {
    if (temporary) fs.rmSync(temporary, { recursive: true, force: true });
  }
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
