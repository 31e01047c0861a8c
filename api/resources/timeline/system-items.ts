import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  deleteTimelineItem,
  findTimelineRow,
  listTimeline,
  restoreTimelineItem,
  serializeRow,
} from '#api/services/timeline';
import { editRefusal, TYPE_INFO, viewRefusal, type TimelineType } from '#api/services/timeline-records';
import { itemListFilters, itemParams, optionalJsonBody, pageOut, parseWith, timelineItemOut } from './schemas';

/**
 * businesses/{calls|smses|forms}/{business_id}/list, get/{id}, delete/{id}, restore/{id}.
 * Only the system creates these (docs/product.md#capabilities), so there is no create or update call.
 * Viewing needs <x>/view, deleting and restoring <x>/edit (admin grants both).
 */
export function systemItemRouter(type: Exclude<TimelineType, 'note'>) {
  const info = TYPE_INFO[type];
  const base = `/businesses/${info.many}/{business_id}`;
  const tags = [info.noun === 'SMS' ? 'SMS' : `${info.noun}s`];
  const one = z.object({ [info.one]: timelineItemOut });
  const many = z.object({ [info.many]: z.array(timelineItemOut), ...pageOut });
  const common = { tags, security: bearer, middleware: [requireAuth] };

  return createRouter()
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: `${base}/list`,
        summary: `List the business's ${info.many}, newest first`,
        request: { params: businessIdParam, body: optionalJsonBody(itemListFilters) },
        responses: envelope(many),
      }),
      async (c) => {
        const { db } = c.var.deps;
        const { business_id } = c.req.valid('param');
        const filters = parseWith(itemListFilters, c.req.valid('json'));
        await requireBusinessPermission(db, business_id, c.var.auth.user.id, info.view, viewRefusal(type));
        const { items, ...page } = await listTimeline(db, business_id, [type], filters, { defaultSort: 'created_at' });
        return ok(c, { [info.many]: items, ...page });
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: `${base}/get/{id}`,
        summary: `One ${info.lower}`,
        request: { params: itemParams },
        responses: envelope(one),
      }),
      async (c) => {
        const { db } = c.var.deps;
        const { business_id, id } = c.req.valid('param');
        await requireBusinessPermission(db, business_id, c.var.auth.user.id, info.view, viewRefusal(type));
        const row = await findTimelineRow(db, business_id, type, id);
        if (!row) throw notFound(`The ${info.lower}`);
        return ok(c, { [info.one]: await serializeRow(db, row) });
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: `${base}/delete/{id}`,
        summary: `Delete a ${info.lower} (soft; it can be restored)`,
        request: { params: itemParams },
        responses: envelope(one),
      }),
      async (c) => {
        const { business_id, id } = c.req.valid('param');
        await requireBusinessPermission(c.var.deps.db, business_id, c.var.auth.user.id, info.edit, editRefusal(type));
        const item = await deleteTimelineItem(c.var.deps, business_id, type, id);
        return ok(c, { [info.one]: item }, [`${info.noun} deleted.`]);
      },
    )
    .openapi(
      createRoute({
        ...common,
        method: 'post',
        path: `${base}/restore/{id}`,
        summary: `Restore a deleted ${info.lower}`,
        request: { params: itemParams },
        responses: envelope(one),
      }),
      async (c) => {
        const { business_id, id } = c.req.valid('param');
        await requireBusinessPermission(c.var.deps.db, business_id, c.var.auth.user.id, info.edit, editRefusal(type));
        const item = await restoreTimelineItem(c.var.deps, business_id, type, id);
        return ok(c, { [info.one]: item }, [`${info.noun} restored.`]);
      },
    );
}
