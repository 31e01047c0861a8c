import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  createAction,
  deleteAction,
  findAction,
  listActions,
  restoreAction,
  serializeOneAction,
  updateAction,
} from '#api/services/actions';
import { ensureReadyMadeActions } from '#api/services/actions/ready-made';
import { parseWith, optionalJsonBody } from '../timeline/schemas';
import { canEditActions as canEdit, canViewActions as canView } from './access';
import {
  actionCreateBody,
  actionData,
  actionIdParam,
  actionListBody,
  actionListData,
  actionUpdateBody,
} from './schemas';

const tags = ['Actions'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/actions/{business_id}';

/** Actions (the generic entity pattern of docs/product.md#v1-calls): list, get, create, update, delete (soft), restore. */
export const actionsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        'List actions (installs the ready-made ones on first use): paged, newest first by default, sortable by name|created_at|updated_at|status|trigger|last_run_at, searchable, filterable by status, trigger and created_at',
      request: { params: businessIdParam, body: optionalJsonBody(actionListBody) },
      responses: envelope(actionListData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const filters = parseWith(actionListBody, c.req.valid('json'));
      // The ready-made follow-ups are offered on first use, so the first list already shows them.
      await ensureReadyMadeActions(c.var.deps, business_id);
      return ok(c, await listActions(db, business_id, filters));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{action_id}`,
      summary: 'One action',
      request: { params: actionIdParam },
      responses: envelope(actionData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, action_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const row = await findAction(db, business_id, action_id);
      if (!row) throw notFound('The action');
      return ok(c, { action: await serializeOneAction(db, row) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Create an action (trigger, kind and limits default when left out)',
      request: { params: businessIdParam, body: jsonBody(actionCreateBody) },
      responses: envelope(actionData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const action = await createAction(c.var.deps, business_id, c.req.valid('json'));
      return ok(c, { action }, ['Action created.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{action_id}`,
      summary: 'Update an action (only the fields sent); pausing stops future runs at once',
      request: { params: actionIdParam, body: jsonBody(actionUpdateBody) },
      responses: envelope(actionData),
    }),
    async (c) => {
      const { business_id, action_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const action = await updateAction(c.var.deps, business_id, action_id, c.req.valid('json'));
      return ok(c, { action }, ['Action updated.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/delete/{action_id}`,
      summary: 'Delete an action (soft; it stops running; restore brings it back)',
      request: { params: actionIdParam },
      responses: envelope(actionData),
    }),
    async (c) => {
      const { business_id, action_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const action = await deleteAction(c.var.deps, business_id, action_id);
      return ok(c, { action }, ['Action deleted.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/restore/{action_id}`,
      summary: 'Restore a deleted action',
      request: { params: actionIdParam },
      responses: envelope(actionData),
    }),
    async (c) => {
      const { business_id, action_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const action = await restoreAction(c.var.deps, business_id, action_id);
      return ok(c, { action }, ['Action restored.']);
    },
  );
