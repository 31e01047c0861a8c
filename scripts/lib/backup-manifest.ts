import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../api/db/client';
import { sha256File } from './backup-files';

/** A backup's manifest.json (its format, what it holds, every checksum) and opening a backup with every byte checked. */
export const BACKUP_FORMAT = 'business-assistant-backup';
export const BACKUP_FORMAT_VERSION = 1;
export type Log = (line: string) => void;

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
export type FileEntry = { path: string; bytes: number; sha256: string };

/** A backup directory (or the directory a .tar.gz unpacks to) and its checked manifest. */
export async function openBackup(
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
