import { createRoute, z } from '@hono/zod-openapi';
import { hasPermission } from '#contract/permissions';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { forbidden } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { listTimeline } from '#api/services/timeline';
import { TIMELINE_TYPES, TYPE_INFO, viewRefusal } from '#api/services/timeline-records';
import { optionalJsonBody, pageOut, parseWith, timelineItemOut, timelineListFilters } from './schemas';

/**
 * businesses/timeline/{business_id}/list: calls, SMS, forms and notes in one list, by
 * sort_at newest first (home, "Recents", and a contact's own timeline with customer_id).
 * Any member may call it; it holds only the types the caller may view. Asking for a
 * type one may not view is refused with that type's message.
 */
export const timelineRouter = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/businesses/timeline/{business_id}/list',
    tags: ['Timeline'],
    summary: 'The merged timeline of calls, SMS, forms and notes the caller may view',
    security: bearer,
    middleware: [requireAuth] as const,
    request: { params: businessIdParam, body: optionalJsonBody(timelineListFilters) },
    responses: envelope(z.object({ timeline: z.array(timelineItemOut), ...pageOut })),
  }),
  async (c) => {
    const { db } = c.var.deps;
    const { business_id } = c.req.valid('param');
    const filters = parseWith(timelineListFilters, c.req.valid('json'));
    const { membership } = await loadMembership(db, business_id, c.var.auth.user.id);
    const requested =
      filters.type === undefined ? TIMELINE_TYPES : Array.isArray(filters.type) ? filters.type : [filters.type];
    const refused = requested.find((type) => !hasPermission(membership.permissions, TYPE_INFO[type].view));
    if (filters.type !== undefined && refused) throw forbidden(viewRefusal(refused));
    const types = requested.filter((type) => hasPermission(membership.permissions, TYPE_INFO[type].view));
    const { items, ...page } = await listTimeline(db, business_id, types, filters);
    return ok(c, { timeline: items, ...page });
  },
);
