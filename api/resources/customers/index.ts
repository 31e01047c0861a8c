import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { serializeOne } from '#api/services/customer-records';
import {
  createCustomer,
  deleteCustomer,
  findCustomer,
  listCustomers,
  mergeCustomers,
  restoreCustomer,
  updateCustomer,
} from '#api/services/customers';
import { canEditCustomers as canEdit, canViewCustomers as canView } from './access';
import {
  customerCreateBody,
  customerData,
  customerIdParam,
  customerListBody,
  customerListData,
  customerUpdateBody,
  mergeBody,
  mergeData,
} from './schemas';

const tags = ['Customers'];

export const customersRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/list',
      tags,
      summary:
        'List contacts: paged (limit 500), sorted by updated_at, searchable, filterable by status and created_at',
      security: bearer,
      middleware: [requireAuth] as const,
      request: {
        params: businessIdParam,
        body: { required: false, content: { 'application/json': { schema: customerListBody } } },
      },
      responses: envelope(customerListData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      // Without a body the validator hands over {} unparsed: parse it so the defaults apply.
      const filters = customerListBody.parse(c.req.valid('json') ?? {});
      return ok(c, await listCustomers(db, business_id, filters));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/get/{customer_id}',
      tags,
      summary: 'One contact',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: customerIdParam },
      responses: envelope(customerData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, customer_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const row = await findCustomer(db, business_id, customer_id);
      if (!row) throw notFound('The contact');
      return ok(c, { customer: await serializeOne(db, row) });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/create',
      tags,
      summary: 'Create a contact',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: jsonBody(customerCreateBody) },
      responses: envelope(customerData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const customer = await createCustomer(c.var.deps, business_id, c.req.valid('json'));
      return ok(c, { customer }, ['Contact created.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/update/{customer_id}',
      tags,
      summary: 'Update a contact (only the fields sent)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: customerIdParam, body: jsonBody(customerUpdateBody) },
      responses: envelope(customerData),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const customer = await updateCustomer(c.var.deps, business_id, customer_id, c.req.valid('json'));
      return ok(c, { customer }, ['Contact updated.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/delete/{customer_id}',
      tags,
      summary: 'Delete a contact (soft; restore brings it back)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: customerIdParam },
      responses: envelope(customerData),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const customer = await deleteCustomer(c.var.deps, business_id, customer_id);
      return ok(c, { customer }, ['Contact deleted.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/restore/{customer_id}',
      tags,
      summary: 'Restore a deleted contact',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: customerIdParam },
      responses: envelope(customerData),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const customer = await restoreCustomer(c.var.deps, business_id, customer_id);
      return ok(c, { customer }, ['Contact restored.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/customers/{business_id}/merge/{customer_id}',
      tags,
      summary: 'Merge the contact merge_id into this one, keeping all of its timeline',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: customerIdParam, body: jsonBody(mergeBody) },
      responses: envelope(mergeData),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const result = await mergeCustomers(c.var.deps, business_id, customer_id, c.req.valid('json').merge_id);
      return ok(c, result, ['Contacts merged.']);
    },
  );
