import { createRoute, z } from '@hono/zod-openapi';
import { permissionRefusal } from '#contract/messages';
import { PERMISSION_SUBJECT, type VIEW_PERMISSIONS } from '#contract/permissions';
import {
  DELETED_KIND_INFO,
  DELETED_KINDS,
  deletedListBodySchema,
  type DeletedKind,
} from '#contract/schemas/recently-deleted';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { listDeleted, listDeletedBusinesses } from '#api/services/recently-deleted';
import { optionalJsonBody, parseWith } from '../timeline/schemas';

const tags = ['Recently deleted'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const listBody = z.object({
  page: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
const deletedRow = z
  .object({ _id: z.string(), title: z.string(), detail: z.string().nullable(), deleted_at: z.string() })
  .openapi('DeletedRow');
const deletedList = z.object({ deleted: z.array(deletedRow), total: z.number(), page: z.number(), limit: z.number() });

/**
 * businesses/{customers|notes|calls|smses|forms|services|memories|systems|users}/{business_id}/list-deleted
 * (the kind's deleted rows, newest deletion first, paged from 0) and users/list-deleted-businesses.
 * Each listing is checked like the kind's live list: a non-member gets 404, a member without
 * the view permission the list's own refusal. The rows come back through each kind's restore call.
 */
function deletedRoute(kind: DeletedKind) {
  const info = DELETED_KIND_INFO[kind];
  const refusal = permissionRefusal(PERMISSION_SUBJECT[info.view as (typeof VIEW_PERMISSIONS)[number]]);
  return createRouter().openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `/businesses/${info.path}/{business_id}/list-deleted`,
      summary: `The deleted ${info.plural}, newest deletion first (${info.view}); restore each with …/restore/{id}`,
      request: { params: businessIdParam, body: optionalJsonBody(listBody) },
      responses: envelope(deletedList),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await requireBusinessPermission(db, business_id, c.var.auth.user.id, info.view, refusal);
      return ok(c, await listDeleted(db, business_id, kind, parseWith(deletedListBodySchema, c.req.valid('json'))));
    },
  );
}

export const recentlyDeletedRouter = createRouter().openapi(
  createRoute({
    ...common,
    method: 'post',
    path: '/users/list-deleted-businesses',
    summary:
      "The caller's deleted businesses they may restore (admins only), newest deletion first; restore with businesses/restore/{id}",
    request: { body: optionalJsonBody(listBody) },
    responses: envelope(deletedList),
  }),
  async (c) =>
    ok(
      c,
      await listDeletedBusinesses(
        c.var.deps.db,
        c.var.auth.user.id,
        parseWith(deletedListBodySchema, c.req.valid('json')),
      ),
    ),
);
for (const kind of DELETED_KINDS) recentlyDeletedRouter.route('/', deletedRoute(kind));
