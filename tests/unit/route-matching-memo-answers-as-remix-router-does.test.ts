import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import { memoizeMatchRoutes } from '#app/lib/route-matching.server';

/** A tree shaped like the app's: a root, a pathless layout, nested params, index routes, a splat, optional segments. */
function tree(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_index', index: true },
        {
          id: 'routes/_auth',
          children: [
            { id: 'routes/_auth+/login', path: 'login' },
            { id: 'routes/_auth+/signup', path: 'signup' },
          ],
        },
        {
          id: 'routes/dashboard',
          path: 'dashboard',
          children: [
            { id: 'routes/dashboard._index', index: true },
            { id: 'routes/dashboard+/home', path: 'home' },
            { id: 'routes/dashboard+/customers+/_index', path: 'customers', index: true },
            {
              id: 'routes/dashboard+/customers+/$id',
              path: 'customers/:id',
              children: [
                { id: 'routes/dashboard+/customers+/$id._index', index: true },
                { id: 'routes/dashboard+/customers+/$id.notes', path: 'notes' },
              ],
            },
            { id: 'routes/dashboard+/customers+/new', path: 'customers/new' },
            { id: 'routes/dashboard+/reports', path: 'reports/:period?' },
            { id: 'routes/dashboard+/Case', path: 'Case', caseSensitive: true },
          ],
        },
        { id: 'routes/chat.$id', path: 'chat/:id' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ];
}

const paths = [
  '/',
  '/login',
  '/dashboard',
  '/dashboard/',
  '/dashboard/home',
  '/dashboard/customers',
  '/dashboard/customers/new',
  '/dashboard/customers/abc123',
  '/dashboard/customers/abc%20123/notes',
  '/dashboard/customers/abc/notes?tab=1#top',
  '/dashboard/reports',
  '/dashboard/reports/2026-11',
  '/dashboard/case',
  '/dashboard/Case',
  '/chat/42',
  '/no/such/page',
  '/app/dashboard/home',
];

/** What a caller can see of a match: the route's id (and object), params and pathnames. */
const view = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase })) ??
  null;

describe('route matching remembered per tree shape and path', () => {
  it('answers every path as matchRoutes does, the first time and from memory, with and without a basename', () => {
    const memo = memoizeMatchRoutes(matchRoutes);
    for (const round of [1, 2, 3])
      for (const basename of [undefined, '/app'])
        for (const path of paths) {
          // A fresh tree of the same shape each round, as Remix builds one per request.
          const routes = tree();
          const expected = matchRoutes(routes, path, basename);
          const actual = memo(routes, round === 3 ? { pathname: path.split(/[?#]/)[0] } : path, basename);
          expect(view(actual), `${path} (round ${round}, basename ${basename})`).toEqual(view(expected));
        }
  });

  it("hands back the caller's own route objects and a params object of its own, shared by its matches", () => {
    const memo = memoizeMatchRoutes(matchRoutes);
    const first = memo(tree(), '/dashboard/customers/one/notes')!;
    const routes = tree();
    const second = memo(routes, '/dashboard/customers/one/notes')!;
    const dashboard = routes[0].children![2];
    const customer = dashboard.children![3];
    const expected = [routes[0], dashboard, customer, customer.children![1]];
    expect(second).toHaveLength(expected.length);
    second.forEach((match, i) => expect(match.route).toBe(expected[i]));
    expect(second[0].params).not.toBe(first[0].params);
    expect(new Set(second.map((match) => match.params)).size).toBe(1);
    (second[0].params as Record<string, string>).id = 'changed';
    expect(memo(tree(), '/dashboard/customers/one/notes')![0].params.id).toBe('one');
  });

  it('remembers the answers for trees of several shapes at once (Remix matches against two or three)', () => {
    const calls: string[] = [];
    const memo = memoizeMatchRoutes((routes, location, basename) => {
      calls.push(String(location));
      return matchRoutes(routes, location, basename);
    });
    const other = () => [{ ...tree()[0], id: 'other-root' }];
    for (let request = 0; request < 5; request++) {
      memo(tree(), '/dashboard/home');
      memo(other(), '/dashboard/home');
    }
    expect(calls).toEqual(['/dashboard/home', '/dashboard/home']);
  });

  it('never answers a tree with another shape from memory', () => {
    const memo = memoizeMatchRoutes(matchRoutes);
    expect(view(memo(tree(), '/dashboard/home'))?.at(-1)?.id).toBe('routes/dashboard+/home');
    const renamed = tree();
    renamed[0].children![2].children![1].path = 'start';
    expect(view(memo(renamed, '/dashboard/home'))?.at(-1)?.id).toBe('routes/$');
    expect(view(memo(renamed, '/dashboard/start'))?.at(-1)?.id).toBe('routes/dashboard+/home');
  });
});
