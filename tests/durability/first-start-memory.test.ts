import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A first start creates the PGlite cluster in a worker thread (api/db/client.ts). PGlite's
 * initdb grows its WebAssembly memory and touches all of it (it restores a 128 MB heap
 * snapshot for each bootstrap step), and WebAssembly memory never shrinks: created in the
 * serving instance, a first start held 620-750 MB against 220-300 MB for a start on an existing
 * cluster. Now a process that opened an empty directory holds about what one that opened the
 * same cluster afterwards holds (measured: 70-77 MB more, mostly what the worker thread left in
 * its malloc arena; 480 MB more without the worker), and the new cluster has the migrated schema.
 */
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/open-database-and-report-memory.ts');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** In a child process (not a blocking one: the test worker answers vitest meanwhile). */
async function openIn(dataDir: string): Promise<{ users: number; rssMb: number }> {
  // --liftoff-only as scripts/start.mjs sets it for the server (docs/decisions/055-…).
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--liftoff-only', '--import', 'tsx', script, dataDir],
    {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return JSON.parse(stdout) as { users: number; rssMb: number };
}

describe.runIf(process.platform === 'linux')('a first start on an empty PGlite directory', () => {
  it('creates and migrates the cluster, and the process holds about what a start on an existing cluster holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-first-start-'));
    temporary.push(dataDir);
    const first = await openIn(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(first.users).toBe(0);
    const again = await openIn(dataDir);
    expect(again.users).toBe(0);
    expect(first.rssMb - again.rssMb).toBeLessThan(150);
  }, 300_000);
});
