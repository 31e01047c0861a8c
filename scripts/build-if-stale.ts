import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildFile = path.join(root, 'build/server/index.js');
const SOURCES = ['app', 'contract', 'public', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Build the web app when the build is missing or older than its sources; exits on failure. */
export function buildIfStale(): void {
  const built = fs.existsSync(buildFile) ? fs.statSync(buildFile).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  if (built >= sources) return;
  console.log(built ? 'The web app changed since the last build: building…' : 'Building the web app (first start)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@remix-run/dev/dist/cli.js'), 'vite:build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('\nThe build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

// Run directly (`tsx scripts/build-if-stale.ts`, e.g. by npm run fuzz): build when stale.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale();
