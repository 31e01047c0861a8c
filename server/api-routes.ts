/** What server.ts needs of the v1 app (a Hono app) to know which route a request runs. */
export type RoutedApp = {
  getPath(request: Request): string;
  router: { match(method: string, path: string): [[[unknown, { path: string }], unknown][], ...unknown[]] };
};

/**
 * The registered paths of the routes (middleware included) the v1 app runs for this method
 * and URL, found the way Hono dispatches: its own path decoding and its own router, so any
 * spelling of a path (percent-encoded, dot segments...) maps to the route it really reaches.
 * `url` must be the URL Hono is given (@hono/node-server resolves the request target
 * against the host with `new URL`: see `honoUrl`).
 */
export function matchedRoutes(app: RoutedApp, method: string, url: string): string[] {
  const [matches] = app.router.match(method === 'HEAD' ? 'GET' : method, app.getPath({ url } as Request));
  return matches.map(([[, route]]) => route.path);
}

/** The URL @hono/node-server builds from a Node request target (absolute-form or a path). */
export function honoUrl(target: string): string {
  return /^https?:\/\//.test(target) ? new URL(target).href : new URL(`http://localhost${target}`).href;
}
