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
 * The baseline it prints: a bare Remix 2 app of the same versions, built at bench time in a
 * temporary directory (scripts/lib/bare-remix.ts). Every page's first load is shown as a ratio
 * to it, and the run exits non-zero when any page goes over the bar (BUNDLE_MAX_RATIO, default
 * 1.3) or over an absolute budget when one is given (BUNDLE_BUDGET_KB).
 */
type ManifestEntry = { module: string; imports?: string[]; parentId?: string; path?: string; index?: boolean };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { id: string }> };

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'build/client');
const maxRatio = Number(process.env.BUNDLE_MAX_RATIO ?? 1.3);
const budgetKb = process.env.BUNDLE_BUDGET_KB ? Number(process.env.BUNDLE_BUDGET_KB) : Infinity;

function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, 'assets');
  const file = fs.existsSync(assets)
    ? fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
    : undefined;
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
    return (
      [...firstLoad(bareManifest, 'routes/_index')].reduce((sum, file) => sum + gzipBytes(file, bare.clientDir), 0) /
      1024
    );
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
  const file = ['.tsx', '.ts', '/route.tsx', '/route.ts']
    .map((suffix) => base + suffix)
    .find((candidate) => fs.existsSync(candidate));
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

const limitKb = Math.min(baselineKb * maxRatio, budgetKb);
console.log(`First-load JavaScript per dashboard page (gzip)`);
console.log(
  `baseline: a bare Remix 2 app of the same versions, ${baselineKb.toFixed(1)} kB; bar: ${maxRatio}× = ${limitKb.toFixed(1)} kB\n`,
);
console.log('page'.padEnd(52), 'files'.padStart(6), 'gzip kB'.padStart(9), 'x bare'.padStart(7));
const over = rows.filter((row) => row.kb > limitKb);
for (const row of rows) {
  const cells = [
    row.route.padEnd(52),
    String(row.files).padStart(6),
    row.kb.toFixed(1).padStart(9),
    (row.kb / baselineKb).toFixed(2).padStart(7),
  ];
  console.log(...cells, row.kb > limitKb ? ' OVER' : '');
}
const shared = firstLoad(manifest, 'routes/dashboard');
const sharedKb = [...shared].reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
console.log(
  `\nshared by every dashboard page (entry, root, dashboard layout): ${sharedKb.toFixed(1)} kB, ${(sharedKb / baselineKb).toFixed(2)}× bare`,
);
console.log(`pages within the bar: ${rows.length - over.length} of ${rows.length}`);
if (over.length) {
  console.error(
    `\nOver the bar (${limitKb.toFixed(1)} kB): ${over.length} page(s), the heaviest ${over[0].route} at ${over[0].kb.toFixed(1)} kB (${(over[0].kb / baselineKb).toFixed(2)}×)`,
  );
  process.exit(1);
}
