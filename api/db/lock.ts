import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no cross-process lock: two processes writing one directory corrupt it. We
 * take one ourselves: a lock file holding the owner's pid, created exclusively. A lock
 * left by a dead process (kill -9) is taken over; a live owner is a clear error.
 */
export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database directory ${dir} is already in use by another process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR at another directory.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds: its own pid in a lock file is only stale if not listed here. */
const held = new Set<string>();

export function acquireDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'LOCK.pid');
  if (held.has(file)) throw new DatabaseLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      held.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      // Our own pid here, but not held by us: left by an earlier process that had the same
      // pid (common for pid 1 in containers) and died without cleaning up.
      if (owner && owner !== process.pid && isAlive(owner)) throw new DatabaseLockedError(dir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the database lock in ${dir}.`);
}
