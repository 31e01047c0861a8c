import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#api/db/client';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { TINY_PNG, upload } from '#tests/support/memories';
import { createBackup, restoreBackup, type BackupManifest } from '../../scripts/lib/backup';

/**
 * `npm run backup` and `npm run restore` (scripts/lib/backup.ts): a business seeded through
 * the v1 API is backed up, restored into a fresh database and DATA_DIR, and every table's
 * rows (generated columns included, recomputed by the target) and every file compare equal
 * byte for byte. On PGlite always; on PostgreSQL too when TEST_DATABASE_URL is set (each
 * case creates and drops its own databases), including PGlite → PostgreSQL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const temporary: string[] = [];
const createdDatabases: string[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server. */
async function freshPostgres(): Promise<string> {
  const name = `ba_backup_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"`));
  createdDatabases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
  if (adminUrl)
    await admin(async (client) => {
      for (const name of createdDatabases) await client.query(`drop database if exists "${name}" with (force)`);
    });
});

type Target = { databaseUrl?: string; dataDir: string };

/** Every row of every public table as to_jsonb text, in primary-key order (generated columns included). */
async function snapshot(target: Target): Promise<Record<string, string[]>> {
  const database = await openDatabase({ ...target, migrate: false });
  try {
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: { table_name: string }[] };
    const result: Record<string, string[]> = {};
    for (const { table_name } of tables.rows) {
      const rows = (await database.db.execute(
        sql.raw(`select to_jsonb(t)::text as line from "${table_name}" t order by 1`),
      )) as unknown as { rows: { line: string }[] };
      result[table_name] = rows.rows.map((row) => row.line).sort();
    }
    return result;
  } finally {
    await database.close();
  }
}

/** Every file under DATA_DIR/files with its bytes. */
function filesOf(dataDir: string): Map<string, Buffer> {
  const root = path.join(dataDir, 'files');
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(root, full), fs.readFileSync(full));
    }
  };
  walk(root);
  return files;
}

/** A business with contacts, notes and tasks, services, memories with files, a team member: all through the v1 API. */
async function seed(h: Harness) {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const ok = async (pathName: string, body: unknown) => {
    const result = await h.call(pathName, body, owner.token);
    expect(result.status, `${pathName}: ${JSON.stringify(result.body)}`).toBe(200);
    return result.body.data;
  };
  const customers = [];
  for (const [index, name] of ['Zoë', "O'Brien", 'Łukasz "Luke"', 'Ada', 'Grace'].entries()) {
    const { customer } = await ok(`businesses/customers/${b}/create`, {
      first_name: name,
      last_name: `Tester ${index}`,
      status: index % 2 ? 'customer' : 'lead',
      emails: [`c${index}.${randomBytes(3).toString('hex')}@example.com`],
      phones: [`+4477009001${String(index).padStart(2, '0')}`],
      addresses: [{ line_1: `${index} High St\nFlat ☃`, city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' }],
    });
    customers.push(customer);
  }
  await ok(`businesses/notes/${b}/create`, {
    body: 'Call back about the boiler 🔥\nsecond line',
    customer_id: customers[0]._id,
  });
  await ok(`businesses/notes/${b}/create`, {
    body: 'Send the invoice',
    reminder: '2031-01-15T09:00',
    repeat: { every: 'week', interval: 2 },
  });
  await ok(`businesses/customers/${b}/delete/${customers[4]._id}`, {});
  await ok(`businesses/services/${b}/create`, {
    name: 'Boiler service',
    description: 'Annual service of a gas boiler.',
    price: '£85',
    status: 'active',
    frequency: 365,
  });
  await ok(`businesses/memories/${b}/create`, {
    type: 'text',
    status: 'active',
    title: 'Hours',
    content: 'We open at nine, close at five.',
  });
  const image = await upload(
    h,
    b,
    owner.token,
    { bytes: TINY_PNG, name: 'van.png', type: 'image/png' },
    { content: 'Our blue van' },
  );
  expect(image.status, JSON.stringify(image.body)).toBe(200);
  const binary = new Uint8Array(randomBytes(64 * 1024));
  const text = await upload(h, b, owner.token, {
    bytes: `Price list\n${'Boilers from £900. '.repeat(200)}`,
    name: 'prices.txt',
    type: 'text/plain',
  });
  expect(text.status, JSON.stringify(text.body)).toBe(200);
  const member = await h.signUp();
  await h.addMember(b, member.user.id, ['customers/view']);
  return { owner, imageMemory: image.body.data.memory, binary };
}

type Backend = { name: string; source: () => Promise<Target>; target: () => Promise<Target> };
const pglite = async (): Promise<Target> => ({ dataDir: tempDir('ba-backup-pglite-') });
const postgres = async (): Promise<Target> => ({
  databaseUrl: await freshPostgres(),
  dataDir: tempDir('ba-backup-pg-'),
});
const backends: Backend[] = [
  { name: 'PGlite', source: pglite, target: pglite },
  ...(adminUrl
    ? [
        { name: 'PostgreSQL', source: postgres, target: postgres },
        { name: 'PGlite to PostgreSQL', source: pglite, target: postgres },
      ]
    : []),
];

describe.each(backends)('backup and restore on $name', ({ source: makeSource, target: makeTarget }) => {
  let source: Target;
  let seeded: Awaited<ReturnType<typeof seed>>;
  let backupPath: string;
  let manifest: BackupManifest;
  const lines: string[] = [];

  beforeAll(async () => {
    source = await makeSource();
    const database: Database = await openDatabase(source);
    const h = await createHarness({ database, filesDir: path.join(source.dataDir, 'files') });
    try {
      seeded = await seed(h);
      // A call recording as stored before recordings went through the storage (no .type beside it).
      fs.mkdirSync(path.join(source.dataDir, 'files', 'recordings'), { recursive: true });
      fs.writeFileSync(path.join(source.dataDir, 'files', 'recordings', 'call-1.wav'), seeded.binary);
      if (!source.databaseUrl) {
        // PGlite serves one process at a time: while the harness holds it, the backup refuses clearly.
        await expect(createBackup({ ...source, outDir: tempDir('ba-refused-') })).rejects.toThrow(
          /already in use by another process[\s\S]*stop the server/i,
        );
      }
    } finally {
      await h.close();
    }
    ({ path: backupPath, manifest } = await createBackup({
      ...source,
      outDir: tempDir('ba-backups-'),
      tar: true,
      log: (line) => lines.push(line),
    }));
  }, 120_000);

  it('writes a timestamped .tar.gz with a manifest of the migrations, row counts and checksums, and prints progress', () => {
    expect(path.basename(backupPath)).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(manifest.database.migrations.count).toBe(
      fs.readdirSync(path.resolve('api/db/migrations')).filter((file) => file.endsWith('.sql')).length,
    );
    const rowsOf = (name: string) => manifest.tables.find((table) => table.name === name)?.rows;
    expect(rowsOf('customers')).toBe(5);
    expect(rowsOf('memories')).toBe(3);
    expect(rowsOf('users')).toBe(2);
    expect(manifest.tables.map((table) => table.name)).not.toContain('__drizzle_migrations');
    // Generated columns are not dumped (the target computes them).
    expect(manifest.tables.find((table) => table.name === 'knowledge_chunks')?.columns).not.toContain('search');
    for (const table of manifest.tables) expect(table.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.files.entries.map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['recordings/call-1.wav']),
    );
    expect(manifest.files.count).toBeGreaterThanOrEqual(5); // two uploads and their .type files, the recording
    expect(lines).toContain('  customers: 5 rows');
    expect(lines.at(-1)).toMatch(/^Backup written to .*\.tar\.gz: \d+ tables, \d+ rows, \d+ files\.$/);
  });

  it('restores into a fresh database and DATA_DIR: every table row for row and every file byte for byte, counts verified', async () => {
    const target = await makeTarget();
    const log: string[] = [];
    await restoreBackup({ from: backupPath, ...target, log: (line) => log.push(line) });
    expect(log.at(-1)).toMatch(/^Restored \d+ tables \(\d+ rows, counts verified\) and \d+ files/);

    const [before, after] = await Promise.all([snapshot(source), snapshot(target)]);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(before.customers).toHaveLength(5);
    expect(before.knowledge_chunks.length).toBeGreaterThan(0);

    const [sourceFiles, targetFiles] = [filesOf(source.dataDir), filesOf(target.dataDir)];
    expect([...targetFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [file, bytes] of sourceFiles) expect(targetFiles.get(file)!.equals(bytes), file).toBe(true);

    // The restored instance works: the old token signs in, the uploaded image downloads intact,
    // and a restored database is migrated like any other (the migrations table was re-created).
    const database = await openDatabase(target);
    const h = await createHarness({ database, filesDir: path.join(target.dataDir, 'files') });
    try {
      const me = await h.call('users/get', undefined, seeded.owner.token);
      expect(me.status).toBe(200);
      const memory = await h.call(
        `businesses/memories/${seeded.owner.business._id}/get/${seeded.imageMemory._id}`,
        undefined,
        seeded.owner.token,
      );
      expect(memory.status, JSON.stringify(memory.body)).toBe(200);
      const download = await h.request(memory.body.data.memory.file.url.replace('/api/v1/', ''));
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(TINY_PNG))).toBe(true);
      const created = await h.call(
        `businesses/customers/${seeded.owner.business._id}/create`,
        { first_name: 'After', last_name: 'Restore', status: 'lead', phones: ['+447700900999'] },
        seeded.owner.token,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    } finally {
      await h.close();
    }

    // Restoring again into the now non-empty target is refused, and changes nothing.
    const other = path.join(tempDir('ba-empty-files-'), 'data');
    fs.mkdirSync(other);
    await expect(
      restoreBackup({
        from: backupPath,
        databaseUrl: target.databaseUrl,
        dataDir: target.databaseUrl ? other : target.dataDir,
      }),
    ).rejects.toThrow(
      target.databaseUrl
        ? /The target database is not empty \(.*\)\. Restore only into an empty database/
        : /files is not empty: restore into an empty DATA_DIR/,
    );
    expect((await snapshot(target)).customers).toHaveLength(6);
  }, 120_000);

  it('refuses a damaged backup before touching the target', async () => {
    const unpacked = tempDir('ba-unpacked-');
    const { execFileSync } = await import('node:child_process');
    execFileSync('tar', ['-xzf', backupPath, '-C', unpacked]);
    const dir = path.join(unpacked, fs.readdirSync(unpacked)[0]);
    fs.appendFileSync(path.join(dir, 'db', 'customers.jsonl'), '{"id":"forged"}\n');
    const target = await makeTarget();
    await expect(restoreBackup({ from: dir, ...target })).rejects.toThrow(
      'The backup is damaged: db/customers.jsonl does not match its checksum in manifest.json.',
    );
    expect(fs.existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
    expect(fs.existsSync(path.join(target.dataDir, 'files'))).toBe(false);
  });
});
