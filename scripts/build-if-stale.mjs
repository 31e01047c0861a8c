/**
 * Build what is older than its sources, before a start or a benchmark: the web app (Remix,
 * build/server/index.js and build/client) and the compiled server (build/app-server,
 * scripts/build-server.mjs), each on its own, so a server-only change rebuilds in seconds.
 * Plain JavaScript: `npm start` (scripts/start.mjs) runs it with plain Node.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuildFile = path.join(root, 'build/server/index.js');
const SHARED = ['contract', 'package.json', 'package-lock.json'];
const WEB_SOURCES = ['app', 'public', 'vite.config.ts', ...SHARED];
const SERVER_SOURCES = ['server.ts', 'server', 'api', 'scripts/build-server.mjs', ...SHARED];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const isStale = (file, sources) =>
  builtAt(file) < Math.max(...sources.map((source) => newestMtime(path.join(root, source))));

/** Runs a build step in its own process (synchronously, like the callers expect); exits when it fails. */
function run(args) {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('\nThe build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

/** Build the web app and the server when missing or older than their sources; exits on failure. */
export function buildIfStale() {
  if (isStale(webBuildFile, WEB_SOURCES)) {
    console.log(
      builtAt(webBuildFile)
        ? 'The web app changed since the last build: building…'
        : 'Building the web app (first start)…',
    );
    run([path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build']);
  }
  if (isStale(serverBundle, SERVER_SOURCES)) {
    console.log(
      builtAt(serverBundle) ? 'The server changed since the last build: compiling it…' : 'Compiling the server…',
    );
    run([path.join(root, 'scripts/build-server.mjs')]);
  }
}

// Run directly (`node scripts/build-if-stale.mjs`, e.g. by npm run fuzz): build when stale.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale();
