/**
 * Writes docs/routes.md: every route module of app/routes with its URL, the permission the
 * dashboard guard asks for (contract/routes.ts) and the v1 calls the module makes, read from
 * its source and the app/lib functions it uses. `npm run docs:routes`; a test fails when the
 * file is stale (tests/unit/route-map-is-current.test.ts).
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import routeConfig from '#app/routes';
import { ALL_PERMISSIONS } from '#contract/permissions';
import { isAlwaysOpen, isOnboardingPath, isOpenWhileOnboarding, matchDashboardRoute } from '#contract/routes';
import type { V1Call } from '#contract/v1/define';
import { v1Calls } from '#contract/v1/index';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROUTE_MAP_FILE = path.join(ROOT, 'docs/routes.md');

/** The guard's own calls (users/get, users/list-businesses) are made for every dashboard route: said once, not per row. */
const NOT_FOLLOWED = new Set([path.join(ROOT, 'app/lib/guard.server.ts')]);

/** Where a v1 call path starts (the first segment of every v1 route). */
const V1_START = /^(users|user|helpers|businesses|invitations|broadcasting|files|leadcatcher|dev)\//;

type Parsed = {
  source: ts.SourceFile;
  functions: Map<string, ts.Node>;
  imports: Map<string, { file: string; name: string }>;
};
const parsedFiles = new Map<string, Parsed>();

function resolveImport(from: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith('#app/')) base = path.join(ROOT, 'app', spec.slice(5));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function parse(file: string): Parsed {
  const cached = parsedFiles.get(file);
  if (cached) return cached;
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const parsed: Parsed = { source, functions: new Map(), imports: new Map() };
  parsedFiles.set(file, parsed);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveImport(file, statement.moduleSpecifier.text);
      const named = statement.importClause?.namedBindings;
      if (target && named && ts.isNamedImports(named)) {
        for (const element of named.elements)
          parsed.imports.set(element.name.text, { file: target, name: (element.propertyName ?? element.name).text });
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      parsed.functions.set(statement.name.text, statement);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          parsed.functions.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  return parsed;
}

/** The v1 call a string or template names, with ids as {business_id} and {id}; null when it names none. */
function v1Call(node: ts.Node): string | null {
  let text: string;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
  else if (ts.isTemplateExpression(node)) {
    text = node.head.text + node.templateSpans.map((span) => `{id}${span.literal.text}`).join('');
  } else return null;
  if (!V1_START.test(text) || /\s/.test(text) || (ALL_PERMISSIONS as readonly string[]).includes(text)) return null;
  const segments = text.split('?')[0].split('/').filter(Boolean);
  if (segments[0] === 'businesses' && segments.length > 2 && /^\{/.test(segments[2])) segments[2] = '{business_id}';
  // A bare base (`businesses/customers/${id}`) is not a call by itself.
  if (segments[0] === 'businesses' && segments.length === 3 && segments[2] === '{business_id}') return null;
  return segments
    .map((segment, index) => (/^\{/.test(segment) && !(index === 2 && segment === '{business_id}') ? '{id}' : segment))
    .join('/');
}

/** A call through the typed client or its table (`v1(caller).customers.get`, `v1Calls.customers.get`), as its declared path. */
function declaredCall(node: ts.Node): string | null {
  if (!ts.isPropertyAccessExpression(node)) return null;
  const owner = node.expression;
  const feature = ts.isPropertyAccessExpression(owner) ? owner.name.text : ts.isIdentifier(owner) ? owner.text : null;
  const calls = feature ? (v1Calls as Record<string, Record<string, V1Call>>)[feature] : undefined;
  const call = calls && Object.hasOwn(calls, node.name.text) ? calls[node.name.text] : undefined;
  if (!call) return null;
  return call.path
    .split('/')
    .map((segment) => (/^\{/.test(segment) && segment !== '{business_id}' ? '{id}' : segment))
    .join('/');
}

/** Where the functions a route module uses live: app/lib, and the modules beside routes in app/routes (`__name.ts`). */
const followed = (file: string) =>
  file.startsWith(path.join(ROOT, 'app/lib')) ||
  (file.startsWith(path.join(ROOT, 'app/routes')) && path.basename(file).startsWith('__'));

/** The v1 calls a node makes, following the same file's functions it names and those of app/lib and route folders. */
function callsOf(file: string, node: ts.Node, seen: Set<string>, into: Set<string>) {
  const parsed = parse(file);
  const visit = (child: ts.Node) => {
    const call = v1Call(child) ?? declaredCall(child);
    if (call) into.add(call);
    if (ts.isIdentifier(child)) {
      const name = child.text;
      const local = parsed.functions.get(name);
      if (local && local !== node && !seen.has(`${file}#${name}`)) {
        seen.add(`${file}#${name}`);
        callsOf(file, local, seen, into);
      }
      const imported = parsed.imports.get(name);
      if (
        imported &&
        followed(imported.file) &&
        !NOT_FOLLOWED.has(imported.file) &&
        !seen.has(`${imported.file}#${imported.name}`)
      ) {
        seen.add(`${imported.file}#${imported.name}`);
        const target = parse(imported.file).functions.get(imported.name);
        if (target) callsOf(imported.file, target, seen, into);
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
}

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every route module with the URL Remix gives it, read from the route table app/routes.ts builds. */
export async function routeModules(): Promise<{ url: string; file: string }[]> {
  const walk = (entries: RouteEntry[], parent: string[]): { url: string; file: string }[] =>
    entries.flatMap((entry) => {
      const segments = entry.path ? [...parent, entry.path] : parent;
      return [
        { url: `/${segments.join('/')}`, file: path.join(ROOT, 'app', entry.file) },
        ...walk(entry.children ?? [], segments),
      ];
    });
  return walk((await routeConfig) as RouteEntry[], []);
}

function access(url: string): string {
  if (!url.startsWith('/dashboard')) return 'public';
  const route = matchDashboardRoute(url);
  if (route?.permission) return `\`${route.permission}\``;
  if (isAlwaysOpen(url)) return 'signed in, always open';
  if (isOnboardingPath(url)) return 'signed in (onboarding step)';
  if (isOpenWhileOnboarding(url)) return 'any member, open while onboarding';
  return route ? 'any member' : 'any member (not in the route table)';
}

type Row = { url: string; kind: 'page' | 'resource'; file: string; access: string; calls: string[] };

export async function routeRows(): Promise<Row[]> {
  return (await routeModules())
    .map(({ url, file }): Row => {
      const calls = new Set<string>();
      callsOf(file, parse(file).source, new Set(), calls);
      return {
        url,
        kind: /export default/.test(readFileSync(file, 'utf8')) ? 'page' : 'resource',
        file: path.relative(ROOT, file),
        access: access(url),
        calls: [...calls].sort(),
      };
    })
    .sort((a, b) => a.url.localeCompare(b.url) || a.file.localeCompare(b.file));
}

export async function renderRouteMap(): Promise<string> {
  const rows = await routeRows();
  const lines = [
    '# Route map',
    '',
    '<!-- Generated by `npm run docs:routes` (scripts/route-map.ts); do not edit by hand. -->',
    '',
    'Every route module in `app/routes`: its URL, whether it renders a page or only answers',
    'requests (a resource route), who may open it, and the v1 calls it makes (read from its source',
    'and the `app/lib` functions it uses; `{business_id}` is the selected business). Permissions come',
    'from the route table in `contract/routes.ts`, which the dashboard guard applies; the v1 API checks',
    "again on every call. Every dashboard route also makes the guard's `users/get` and",
    '`users/list-businesses` (once a request), left out below. The full v1 reference is the OpenAPI document at `/api/v1/openapi.json`;',
    'the words are explained in [the glossary](product.md#glossary).',
    '',
    `${rows.length} routes, ${rows.filter((row) => row.kind === 'page').length} of them pages.`,
    '',
    '| URL | Kind | Who may open it | v1 calls | Module |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| \`${row.url}\` | ${row.kind} | ${row.access} | ${row.calls.map((call) => `\`${call}\``).join('<br>') || '–'} | \`${row.file}\` |`,
    ),
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(ROUTE_MAP_FILE, await renderRouteMap());
  console.log(`wrote ${path.relative(ROOT, ROUTE_MAP_FILE)}`);
}
