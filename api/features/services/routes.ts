import { services } from '#contract/v1/services';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import {
  createService,
  deleteService,
  findService,
  listServices,
  restoreService,
  serializeService,
  updateService,
} from '#api/features/services/service';

/** The service calls declared in contract/v1/services.ts; permissions are checked from there. */
export const servicesRouter = serveCalls(services, {
  list: async (c, { params, body }) => ({ data: await listServices(c.var.deps.db, params.business_id, body) }),
  get: async (c, { params }) => {
    const row = await findService(c.var.deps.db, params.business_id, params.service_id);
    if (!row) throw notFound('The service');
    return { data: { service: serializeService(row) } };
  },
  create: async (c, { params, body }) => ({
    data: { service: await createService(c.var.deps, params.business_id, body) },
    messages: ['Service created.'],
  }),
  update: async (c, { params, body }) => ({
    data: { service: await updateService(c.var.deps, params.business_id, params.service_id, body) },
    messages: ['Service updated.'],
  }),
  delete: async (c, { params }) => ({
    data: { service: await deleteService(c.var.deps, params.business_id, params.service_id) },
    messages: ['Service deleted.'],
  }),
  restore: async (c, { params }) => ({
    data: { service: await restoreService(c.var.deps, params.business_id, params.service_id) },
    messages: ['Service restored.'],
  }),
});
