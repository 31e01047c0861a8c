import { customers } from '#contract/v1/customers';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import { listCustomerOptions, serializeOne } from '#api/features/customers/records';
import {
  createCustomer,
  deleteCustomer,
  findCustomer,
  listCustomers,
  mergeCustomers,
  restoreCustomer,
  updateCustomer,
} from '#api/features/customers/service';

/** The contact calls declared in contract/v1/customers.ts; permissions are checked from there. */
export const customersRouter = serveCalls(customers, {
  list: async (c, { params, body }) => ({ data: await listCustomers(c.var.deps.db, params.business_id, body) }),
  options: async (c, { params, body }) => ({
    data: { customers: await listCustomerOptions(c.var.deps.db, params.business_id, body) },
  }),
  get: async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await findCustomer(db, params.business_id, params.customer_id);
    if (!row) throw notFound('The contact');
    return { data: { customer: await serializeOne(db, row) } };
  },
  create: async (c, { params, body }) => ({
    data: { customer: await createCustomer(c.var.deps, params.business_id, body) },
    messages: ['Contact created.'],
  }),
  update: async (c, { params, body }) => ({
    data: { customer: await updateCustomer(c.var.deps, params.business_id, params.customer_id, body) },
    messages: ['Contact updated.'],
  }),
  delete: async (c, { params }) => ({
    data: { customer: await deleteCustomer(c.var.deps, params.business_id, params.customer_id) },
    messages: ['Contact deleted.'],
  }),
  restore: async (c, { params }) => ({
    data: { customer: await restoreCustomer(c.var.deps, params.business_id, params.customer_id) },
    messages: ['Contact restored.'],
  }),
  merge: async (c, { params, body }) => ({
    data: await mergeCustomers(c.var.deps, params.business_id, params.customer_id, body.merge_id),
    messages: ['Contacts merged.'],
  }),
});
