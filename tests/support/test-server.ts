import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv, type Env } from '#contract/env';
import type { Logger } from '#server/logger';
import { startServer, type StartedServer } from '../../server';

/** A test's own settings over the ones every test server shares; an undefined value leaves the setting's default. */
export type ServerSettings = Record<string, string | undefined>;

/**
 * The settings of a server under test: any free port on loopback, no log lines, the test
 * app environment and a fixed session secret, with the test's own settings over them.
 */
export function testServerEnv(dataDir: string, settings: ServerSettings = {}): Env {
  return parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_ENV: 'test',
    SESSION_SECRET: 'test-secret',
    ...settings,
  });
}

export type TestServer = StartedServer & { dataDir: string };

/**
 * The real server over HTTP in a fresh data directory of its own (PGlite allows one process
 * per directory). `close()` stops it and removes the directory. `web: false` leaves out the
 * Remix app, so the test needs no build.
 */
export async function startTestServer(
  options: { settings?: ServerSettings; web?: boolean; log?: Logger } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ba-test-server-'));
  try {
    const started = await startServer({
      env: testServerEnv(dataDir, options.settings),
      log: options.log ?? (() => {}),
      web: options.web,
    });
    return {
      ...started,
      dataDir,
      close: async () => {
        await started.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
