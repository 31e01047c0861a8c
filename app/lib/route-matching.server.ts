import { createRequire } from 'node:module';
import type { AgnosticRouteMatch, AgnosticRouteObject } from '@remix-run/router';

/**
 * Remix matches a document's URL against the whole route tree about six times per request
 * (the request handler, the static handler, React Router's <Routes>, and <Scripts> once per
 * parent path when it picks the routes the page's manifest holds). Each `matchRoutes` call
 * flattens the ~130 routes, ranks them and compiles a regular expression per route it tries:
 * about 6 ms of CPU a page under bench:load, a tenth of a page's server time, for an answer
 * that depends only on the tree's shape and the path.
 *
 * So the answer is kept per tree shape and path, and handed back with the caller's own route
 * objects (the trees are rebuilt per request, with the same shape): the same matches, params
 * and pathnames the library would compute.
 */
type Match = AgnosticRouteMatch<string, AgnosticRouteObject>;
type MatchRoutes = (
  routes: AgnosticRouteObject[],
  location: string | { pathname?: string },
  basename?: string,
) => Match[] | null;
/** A cached answer: each match as child indexes from the top of the tree, and its strings. */
type Stored = { indexes: number[]; params: Record<string, string | undefined>; pathnames: string[][] } | null;

/** At most this many paths are remembered per tree shape (paths come from request URLs). */
const MAX_PATHS = 2000;
const MAX_SHAPES = 8;

export function memoizeMatchRoutes(original: MatchRoutes): MatchRoutes {
  const shapes = new WeakMap<AgnosticRouteObject[], string>();
  const answers = new Map<string, Map<string, Stored>>();

  const shapeOf = (routes: AgnosticRouteObject[]): string => {
    let shape = shapes.get(routes);
    if (shape === undefined) {
      shape = describe(routes);
      shapes.set(routes, shape);
    }
    return shape;
  };

  return (routes, location, basename) => {
    const path = typeof location === 'string' ? location : location.pathname;
    // Anything unusual goes to the library untouched.
    if (!Array.isArray(routes) || typeof path !== 'string') return original(routes, location, basename);
    const shape = shapeOf(routes);
    let byPath = answers.get(shape);
    if (!byPath) {
      // Remix builds trees of a few shapes (its server runtime's, React Router's); development
      // rebuilds add more: the oldest shape's answers go first.
      if (answers.size >= MAX_SHAPES) answers.delete(answers.keys().next().value!);
      byPath = new Map();
      answers.set(shape, byPath);
    }
    const key = `${basename ?? '/'}\n${path}`;
    const stored = byPath.get(key);
    if (stored !== undefined) return rebuild(routes, stored);
    const matches = original(routes, location, basename);
    const toStore = matches ? store(routes, matches) : null;
    // A match that is not a chain down the tree (never seen) is not remembered.
    if (toStore === undefined) return matches;
    if (byPath.size >= MAX_PATHS) byPath.clear();
    byPath.set(key, toStore);
    return matches;
  };
}

/** Everything about a tree that matching reads: ids, paths, index and case flags, nesting. */
function describe(routes: AgnosticRouteObject[]): string {
  return routes
    .map(
      (route) =>
        `${JSON.stringify([route.id ?? null, route.path ?? null, route.index ?? false, route.caseSensitive ?? false])}${
          route.children ? `[${describe(route.children)}]` : ''
        }`,
    )
    .join(',');
}

function store(routes: AgnosticRouteObject[], matches: Match[]): Stored | undefined {
  const indexes: number[] = [];
  let level: AgnosticRouteObject[] | undefined = routes;
  for (const match of matches) {
    const index: number = level?.indexOf(match.route) ?? -1;
    if (index < 0) return undefined;
    indexes.push(index);
    level = match.route.children;
  }
  return {
    indexes,
    params: { ...matches[0]?.params },
    pathnames: matches.map((match) => [match.pathname, match.pathnameBase]),
  };
}

function rebuild(routes: AgnosticRouteObject[], stored: Stored): Match[] | null {
  if (!stored) return null;
  // One params object shared by every match, as the library returns it.
  const params = { ...stored.params };
  let level: AgnosticRouteObject[] | undefined = routes;
  return stored.indexes.map((index, i) => {
    const route = level![index];
    level = route.children;
    return { params, pathname: stored.pathnames[i][0], pathnameBase: stored.pathnames[i][1], route };
  });
}

/**
 * Installs the memo on @remix-run/router's CommonJS exports, the object Remix's server runtime,
 * <Scripts> and React Router read `matchRoutes` from at each call. Once per process.
 */
export function memoizeRemixRouteMatching() {
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes & { memo?: true } };
  if (router.matchRoutes.memo) return;
  router.matchRoutes = Object.assign(memoizeMatchRoutes(router.matchRoutes), { memo: true as const });
}
