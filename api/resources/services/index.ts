import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  createService,
  deleteService,
  findService,
  listServices,
  restoreService,
  serializeService,
  updateService,
} from '#api/services/services';
import { parseWith, optionalJsonBody } from '../timeline/schemas';
import { canEditServices as canEdit, canViewServices as canView } from './access';
import {
  serviceCreateBody,
  serviceData,
  serviceIdParam,
  serviceListBody,
  serviceListData,
  serviceUpdateBody,
} from './schemas';

const tags = ['Services'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/services/{business_id}';

/** Services (docs/product.md#entities, #validation, #v1-calls): list, get, create, update, delete (soft), restore. */
export const servicesRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        'List services: paged, newest first by default, sortable by name|created_at|updated_at|status|frequency, searchable, filterable by status and created_at',
      request: { params: businessIdParam, body: optionalJsonBody(serviceListBody) },
      responses: envelope(serviceListData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      return ok(c, await listServices(db, business_id, parseWith(serviceListBody, c.req.valid('json'))));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{service_id}`,
      summary: 'One service',
      request: { params: serviceIdParam },
      responses: envelope(serviceData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, service_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const row = await findService(db, business_id, service_id);
      if (!row) throw notFound('The service');
      return ok(c, { service: serializeService(row) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Create a service',
      request: { params: businessIdParam, body: jsonBody(serviceCreateBody) },
      responses: envelope(serviceData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const service = await createService(c.var.deps, business_id, c.req.valid('json'));
      return ok(c, { service }, ['Service created.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{service_id}`,
      summary: 'Update a service (only the fields sent)',
      request: { params: serviceIdParam, body: jsonBody(serviceUpdateBody) },
      responses: envelope(serviceData),
    }),
    async (c) => {
      const { business_id, service_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const service = await updateService(c.var.deps, business_id, service_id, c.req.valid('json'));
      return ok(c, { service }, ['Service updated.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/delete/{service_id}`,
      summary: 'Delete a service (soft; restore brings it back)',
      request: { params: serviceIdParam },
      responses: envelope(serviceData),
    }),
    async (c) => {
      const { business_id, service_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const service = await deleteService(c.var.deps, business_id, service_id);
      return ok(c, { service }, ['Service deleted.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/restore/{service_id}`,
      summary: 'Restore a deleted service',
      request: { params: serviceIdParam },
      responses: envelope(serviceData),
    }),
    async (c) => {
      const { business_id, service_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const service = await restoreService(c.var.deps, business_id, service_id);
      return ok(c, { service }, ['Service restored.']);
    },
  );
