import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversationMessages, memories, timelineItems } from '../db/schema';

/**
 * A file is stored before the row that refers to it (so a row never points at nothing), and
 * a file is written to a temporary name then renamed: a crash between the two (kill -9, a
 * power cut) leaves a file nobody refers to, or a temporary one. The local storage belongs
 * to one server, so at start-up, before it listens, no upload is under way: every temporary
 * file goes, and every file under a known prefix that no row refers to goes. A key under a
 * prefix this sweep does not know is never touched. Soft-deleted rows still refer to their
 * files (a restore brings them back).
 *
 * Keys and their rows: memories/<business>/<id> (memories.file_key), voice/<business>/<id>
 * (conversation_messages.audio_key), recordings/<call>.wav (the call's timeline item).
 */
export type SweepResult = { removed: string[] };

const TEMPORARY = /\.tmp$/;
const SIDECAR = '.type';
const KNOWN_PREFIX = /^(memories|voice|recordings)\//;
const BATCH = 500;

async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(directory: string) {
    const entries = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  }
  await walk(root);
  return found;
}

async function inBatches(keys: string[], query: (batch: string[]) => Promise<string[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < keys.length; at += BATCH)
    for (const key of await query(keys.slice(at, at + BATCH))) found.add(key);
  return found;
}

/** The keys under the prefixes the sweep knows (`known`), and which of them a row refers to. */
async function referencedKeys(db: Db, keys: string[]): Promise<{ known: string[]; referenced: Set<string> }> {
  const memoryKeys = keys.filter((key) => key.startsWith('memories/'));
  const voiceKeys = keys.filter((key) => key.startsWith('voice/'));
  const recordingKeys = keys.filter((key) => /^recordings\/[^/]+\.wav$/.test(key));
  const callId = (key: string) => key.slice('recordings/'.length, -'.wav'.length);
  const [memoryRefs, voiceRefs, callRefs] = await Promise.all([
    inBatches(memoryKeys, async (batch) =>
      (await db.select({ key: memories.fileKey }).from(memories).where(inArray(memories.fileKey, batch))).map(
        (row) => row.key ?? '',
      ),
    ),
    inBatches(voiceKeys, async (batch) =>
      (
        await db
          .select({ key: conversationMessages.audioKey })
          .from(conversationMessages)
          .where(inArray(conversationMessages.audioKey, batch))
      ).map((row) => row.key ?? ''),
    ),
    inBatches(recordingKeys.map(callId), async (batch) =>
      (await db.select({ id: timelineItems.id }).from(timelineItems).where(inArray(timelineItems.id, batch))).map(
        (row) => row.id,
      ),
    ),
  ]);
  const referenced = new Set([
    ...memoryRefs,
    ...voiceRefs,
    ...recordingKeys.filter((key) => callRefs.has(callId(key))),
  ]);
  return { known: [...memoryKeys, ...voiceKeys, ...recordingKeys], referenced };
}

/** Remove temporary files and unreferenced files (with their type sidecars) under `root`. */
export async function sweepOrphanedFiles(db: Db, root: string): Promise<SweepResult> {
  const files = await listFiles(root);
  const present = new Set(files);
  const removed: string[] = [];
  const remove = async (key: string) => {
    await fs.promises.rm(path.join(root, ...key.split('/')), { force: true });
    removed.push(key);
  };
  for (const key of files.filter((file) => TEMPORARY.test(file))) await remove(key);
  const stored = files.filter((file) => !TEMPORARY.test(file) && !file.endsWith(SIDECAR));
  const { known, referenced } = await referencedKeys(db, stored);
  for (const key of known) {
    if (referenced.has(key)) continue;
    await remove(key);
    if (present.has(`${key}${SIDECAR}`)) await remove(`${key}${SIDECAR}`);
  }
  // A type sidecar whose file is gone (the crash came between the file's removal and its sidecar's).
  for (const file of files) {
    const key = file.slice(0, -SIDECAR.length);
    if (file.endsWith(SIDECAR) && !present.has(key) && KNOWN_PREFIX.test(key)) await remove(file);
  }
  return { removed };
}
