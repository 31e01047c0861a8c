import type { RouteConfig } from '@remix-run/route-config';
import { remixRoutesOptionAdapter } from '@remix-run/routes-option-adapter';
import { flatRoutes } from 'remix-flat-routes';

/**
 * File-system routes (remix-flat-routes, ADR 052). A flat file still names its URL with dots
 * (app/routes/calendar.$token.tsx is /calendar/:token); a folder ending in `+` adds its name as
 * a URL segment, so a feature's routes live together: app/routes/dashboard+/services+/$id.tsx is
 * /dashboard/services/:id. Modules beside them that are not routes (the feature's forms and
 * server helpers) start with `__`; `*.server.ts` files are never routes.
 */
export const ignoredRouteFiles = ['**/.*', '**/__*.*', '**/*.server.*', '**/*.test.*'];

export default remixRoutesOptionAdapter((defineRoutes) =>
  flatRoutes('routes', defineRoutes, { ignoredRouteFiles }),
) satisfies RouteConfig;
