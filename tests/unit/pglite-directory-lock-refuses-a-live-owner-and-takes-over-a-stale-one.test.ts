import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DatabaseLockedError } from '#api/db/lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-lock-'));
  dirs.push(dir);
  return dir;
}

/** A process that stays alive until the test ends: the "other" owner of a lock. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('could not start a child process');
  return child.pid;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '']);
  return result.pid;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.pid && child.exitCode === null) process.kill(child.pid);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDirectoryLock', () => {
  it('writes a lock file with our pid and removes it on release', () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'LOCK.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'LOCK.pid'))).toBe(false);
    release(); // idempotent
  });

  it('creates the directory when it does not exist yet', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = acquireDirectoryLock(dir);
    expect(fs.existsSync(path.join(dir, 'LOCK.pid'))).toBe(true);
    release();
  });

  it('refuses a second lock on the same directory while the owner process is alive, with a clear error', () => {
    const dir = tempDir();
    const owner = liveProcess();
    fs.writeFileSync(path.join(dir, 'LOCK.pid'), String(owner));

    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDirectoryLock(dir)).toThrow(new RegExp(`already in use by another process \\(pid ${owner}\\)`));
    // The owner's lock is left alone.
    expect(fs.readFileSync(path.join(dir, 'LOCK.pid'), 'utf8')).toBe(String(owner));
  });

  it('refuses a second lock on a directory this same process already holds, until it is released', () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    release();
    const again = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'LOCK.pid'), 'utf8')).toBe(String(process.pid));
    again();
  });

  it('takes over a lock file with our own pid that we do not hold (an earlier process with the same pid)', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'LOCK.pid'), String(process.pid));
    const release = acquireDirectoryLock(dir);
    release();
    expect(fs.existsSync(path.join(dir, 'LOCK.pid'))).toBe(false);
  });

  it('takes over a stale lock file left by a dead process', () => {
    const dir = tempDir();
    const dead = deadPid();
    fs.writeFileSync(path.join(dir, 'LOCK.pid'), String(dead));

    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'LOCK.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over an empty or garbled lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'LOCK.pid'), 'garbage');
    const release = acquireDirectoryLock(dir);
    expect(fs.readFileSync(path.join(dir, 'LOCK.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it("does not remove another owner's lock on release", () => {
    const dir = tempDir();
    const release = acquireDirectoryLock(dir);
    const owner = liveProcess();
    fs.writeFileSync(path.join(dir, 'LOCK.pid'), String(owner));
    release();
    expect(fs.readFileSync(path.join(dir, 'LOCK.pid'), 'utf8')).toBe(String(owner));
  });
});
