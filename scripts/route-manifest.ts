/**
 * `tsx scripts/route-manifest.ts [build/server/index.js]`: the built app's routes as the URLs they
 * answer, each with its parent layout's URL, whether it is an index route and which exports its
 * module has (loader, action, default, meta, …), one line a route, sorted. Route ids and file names
 * are left out, so moving route files around (app/routes feature folders) must print the same lines:
 * diff the output from a build before and after such a move.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: Record<string, unknown> };

const buildFile = path.resolve(process.argv[2] ?? 'build/server/index.js');
const { routes } = (await import(pathToFileURL(buildFile).href)) as { routes: Record<string, BuiltRoute> };

function segments(id: string): string[] {
  const route = routes[id];
  return [...(route.parentId ? segments(route.parentId) : []), ...(route.path ? [route.path] : [])];
}
const url = (id: string) => (id === 'root' ? 'root' : `/${segments(id).join('/')}`);

const lines = Object.values(routes).map((route) => {
  const parent = route.parentId ? url(route.parentId) : '(none)';
  const exports = Object.keys(route.module).sort().join(',');
  return `${url(route.id)}${route.index ? ' (index)' : ''} ← ${parent} [${exports}]`;
});
console.log(lines.sort().join('\n'));
