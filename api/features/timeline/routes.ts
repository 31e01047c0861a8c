import { hasPermission } from '#contract/permissions';
import { timeline } from '#contract/v1/timeline';
import { forbidden } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import { listTimeline } from '#api/features/timeline/service';
import { TIMELINE_TYPES, TYPE_INFO, viewRefusal } from '#api/features/timeline/records';

/**
 * businesses/timeline/{business_id}/list, declared in contract/v1/timeline.ts: any member, and
 * the list holds only the types the caller may view.
 */
export const timelineRouter = serveCalls(timeline, {
  list: async (c, { params, body: filters }) => {
    const { db } = c.var.deps;
    const { membership } = await loadMembership(db, params.business_id, c.var.auth.user.id);
    const requested =
      filters.type === undefined ? TIMELINE_TYPES : Array.isArray(filters.type) ? filters.type : [filters.type];
    const refused = requested.find((type) => !hasPermission(membership.permissions, TYPE_INFO[type].view));
    if (filters.type !== undefined && refused) throw forbidden(viewRefusal(refused));
    const types = requested.filter((type) => hasPermission(membership.permissions, TYPE_INFO[type].view));
    const { items, ...page } = await listTimeline(db, params.business_id, types, filters);
    return { data: { timeline: items, ...page } };
  },
});
