/**
 * The real server as a child process for the durability tests, configured from the
 * environment like `npm start`: without the web app (no build needed), or with it when
 * given `--web` (the built app, for the e2e restart test). It prints "LISTENING <url>" once
 * it serves, and closes cleanly on SIGTERM.
 */
import { parseEnv } from '../../../contract/env';
import { startServer } from '../../../server';

try {
  const started = await startServer({ env: parseEnv(), web: process.argv.includes('--web'), log: () => {} });
  process.stdout.write(`LISTENING ${started.url}\n`);
  process.on('SIGTERM', () => {
    void started.close().then(() => process.exit(0));
  });
} catch (error) {
  process.stderr.write(`The server could not start:\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
