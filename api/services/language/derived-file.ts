/**
 * The language tables derived from packages into node_modules/.cache (word vectors, kinds of
 * things): written to a temp file and renamed, so racing processes (vitest workers) see a whole
 * file or none; read back, or derived again when missing or unreadable (an older layout, damage).
 */
import fs from 'node:fs';
import path from 'node:path';

export function writeAtomically(target: string, data: string | Buffer): string {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, target);
  return target;
}

/** The decoded file, and whether it had to be derived first. */
export function readOrDerive<T>(
  target: string,
  decode: (bytes: Buffer) => T,
  derive: (target: string) => string,
): { table: T; derived: boolean } {
  if (fs.existsSync(target)) {
    try {
      return { table: decode(fs.readFileSync(target)), derived: false };
    } catch {
      // A damaged or older cache file is derived again below.
    }
  }
  return { table: decode(fs.readFileSync(derive(target))), derived: true };
}
