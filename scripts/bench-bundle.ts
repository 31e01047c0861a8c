import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildBareRemix } from './lib/bare-remix';

/**
 * npm run bench:bundle: the first-load JavaScript of every dashboard route, gzip bytes, from
 * the built Remix manifest (run `npm run build` first). A route's first load is the entry,
 * the root route and each parent layout down to it, with every module they import, counted
 * once; chunks imported dynamically later (the native shell, voice) are not first-load.
 * Exits non-zero when a route goes over the budget (BUNDLE_BUDGET_KB, default 200).
 *
 * The baseline it prints: a bare Remix 2 app of the same versions, built at bench time in a
 * temporary directory (scripts/lib/bare-remix.ts); each route's ratio to it is shown (goal ≤ 1.3×).
 */
type ManifestEntry = { module: string; imports?: string[]; parentId?: string; path?: string; index?: boolean };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { id: string }> };

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'build/client');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 200);

function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, 'assets');
  const file = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name)) : undefined;
  if (!file) throw new Error('No build found: run `npm run build` first.');
  const text = fs.readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}

const gzipCache = new Map<string, number>();
function gzipBytes(asset: string, dir = clientDir): number {
  const file = path.join(dir, asset);
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** First-load gzip kB of the bare Remix app's one page. */
function bareRemixKb(): number {
  const bare = buildBareRemix(root);
  try {
    const bareManifest = readManifest(bare.clientDir);
    return [...firstLoad(bareManifest, 'routes/_index')].reduce((sum, file) => sum + gzipBytes(file, bare.clientDir), 0) / 1024;
  } finally {
    bare.cleanup();
  }
}

function firstLoad(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  return files;
}

/** Pages only: a resource route (no default export: CSV, dismiss, push registration) loads no JavaScript of its own. */
function isPage(routeId: string): boolean {
  const base = path.join(root, 'app', routeId);
  const file = ['.tsx', '.ts', '/route.tsx', '/route.ts'].map((suffix) => base + suffix).find((candidate) => fs.existsSync(candidate));
  return file ? /export default/.test(fs.readFileSync(file, 'utf8')) : false;
}

const manifest = readManifest(clientDir);
const baselineKb = bareRemixKb();
const rows = Object.values(manifest.routes)
  .filter((route) => route.id.startsWith('routes/dashboard') && isPage(route.id))
  .map((route) => {
    const files = firstLoad(manifest, route.id);
    const bytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
    return { route: route.id.replace('routes/', ''), files: files.size, kb: bytes / 1024 };
  })
  .sort((a, b) => b.kb - a.kb);

console.log(`First-load JavaScript per dashboard route (gzip), budget ${budgetKb} kB`);
console.log(`baseline: a bare Remix 2 app of the same versions, ${baselineKb.toFixed(1)} kB (goal: every page ≤ 1.3×)\n`);
console.log('route'.padEnd(52), 'files'.padStart(6), 'gzip kB'.padStart(9), 'x bare'.padStart(7));
for (const row of rows) console.log(row.route.padEnd(52), String(row.files).padStart(6), row.kb.toFixed(1).padStart(9), (row.kb / baselineKb).toFixed(2).padStart(7));
const over = rows.filter((row) => row.kb > budgetKb);
const shared = firstLoad(manifest, 'routes/dashboard');
console.log(`\nshared by every dashboard page (entry, root, dashboard layout): ${([...shared].reduce((sum, file) => sum + gzipBytes(file), 0) / 1024).toFixed(1)} kB`);
if (over.length) {
  console.error(`\nOver budget: ${over.map((row) => row.route).join(', ')}`);
  process.exit(1);
}
