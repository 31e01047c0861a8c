import type { RouteConfig } from '@remix-run/route-config';
import { flatRoutes } from '@remix-run/fs-routes';

// File-system routes: app/routes/dashboard.customers.$id.tsx is /dashboard/customers/:id.
export default flatRoutes() satisfies RouteConfig;
