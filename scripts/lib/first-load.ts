import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * A route's first-load JavaScript from a built Remix client manifest: the entry, the root
 * route and each parent layout down to it, with every module they import statically,
 * counted once. Read by bench:bundle and by the test that holds the dashboard shell's size.
 */
type ManifestEntry = { module: string; imports?: string[]; parentId?: string; path?: string; index?: boolean };
export type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { id: string }> };

export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, 'assets');
  const file = fs.existsSync(assets)
    ? fs.readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name))
    : undefined;
  if (!file) throw new Error('No build found: run `npm run build` first.');
  const text = fs.readFileSync(path.join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}

export function firstLoad(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  return files;
}

const gzipCache = new Map<string, number>();
/** Gzip bytes of one built asset (a manifest path, under clientDir). */
export function gzipBytes(asset: string, clientDir: string): number {
  const file = path.join(clientDir, asset);
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** First-load gzip kB of a route. */
export function firstLoadKb(manifest: Manifest, routeId: string, clientDir: string): number {
  return [...firstLoad(manifest, routeId)].reduce((sum, file) => sum + gzipBytes(file, clientDir), 0) / 1024;
}

/**
 * The dashboard's pages in a manifest: routes under routes/dashboard whose module has a default
 * export. A resource route (CSV, dismiss, push registration) loads no JavaScript of its own.
 */
export function dashboardPages(manifest: Manifest, appDir: string): string[] {
  return Object.keys(manifest.routes).filter((id) => id.startsWith('routes/dashboard') && isPage(id, appDir));
}

function isPage(routeId: string, appDir: string): boolean {
  const base = path.join(appDir, routeId);
  const file = ['.tsx', '.ts', '/route.tsx', '/route.ts']
    .map((suffix) => base + suffix)
    .find((candidate) => fs.existsSync(candidate));
  return file ? /export default/.test(fs.readFileSync(file, 'utf8')) : false;
}
