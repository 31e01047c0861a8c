import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrationsFolder, openDatabase, type Database, type Db } from '../../api/db/client';
import { DatabaseLockedError } from '../../api/db/lock';

/**
 * What backup and restore (backup.ts) read of the database itself: its tables, columns,
 * primary and foreign keys, the order to insert them in, the migrations applied (and
 * applying them up to a backup's), and opening it for a tool while no server holds PGlite.
 */
/** Rows of a raw statement, the same on node-postgres and PGlite. */
export async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type TableInfo = { name: string; columns: string[]; generated: string[]; primaryKey: string[] };

/** Every ordinary table of the public schema with its columns (in order), generated columns and primary key. */
export async function describeTables(db: Pick<Db, 'execute'>): Promise<TableInfo[]> {
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
export async function foreignKeys(db: Pick<Db, 'execute'>): Promise<{ child: string; parent: string }[]> {
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

export async function appliedMigrations(db: Pick<Db, 'execute'>): Promise<string[]> {
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

/** Open the configured database for a backup or a restore, with a clear refusal while a server holds PGlite. */
export async function openForTool(
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

/** Apply this code's migrations up to `count` (a copy of the folder with a shortened journal), or all of them. */
export async function migrateTo(database: Database, count?: number): Promise<void> {
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
