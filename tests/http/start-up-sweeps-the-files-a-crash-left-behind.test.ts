import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testServerEnv } from '#tests/support/test-server';
import { startServer } from '../../server';

/**
 * `kill -9` during an upload leaves a temporary file, or a stored file whose row was never
 * written: the server sweeps them from DATA_DIR/files when it starts (the rules, and the
 * files it keeps: tests/api/memories/files-a-crash-left-behind-are-swept-and-referenced-files-kept.test.ts).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-start-sweep-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const write = (key: string) => {
  const file = path.join(dataDir, 'files', ...key.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'x');
  return file;
};

describe('server start-up', () => {
  it('removes temporary and unreferenced files from the files directory before it listens', async () => {
    const temporary = write('memories/b1/m1.4242.0a1b2c.tmp');
    const orphan = write('memories/b1/m2');
    const sidecar = write('memories/b1/m2.type');
    const unknown = write('exports/keep.csv');
    const server = await startServer({ env: testServerEnv(dataDir), log: () => {}, web: false });
    try {
      expect(fs.existsSync(temporary)).toBe(false);
      expect(fs.existsSync(orphan)).toBe(false);
      expect(fs.existsSync(sidecar)).toBe(false);
      expect(fs.existsSync(unknown)).toBe(true);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});
