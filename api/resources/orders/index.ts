import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  createOrder,
  deleteOrder,
  findOrder,
  listOrders,
  restoreOrder,
  serializeOneOrder,
  updateOrder,
} from '#api/services/orders';
import { parseWith, optionalJsonBody } from '../timeline/schemas';
import { canEditOrders as canEdit, canViewOrders as canView } from './access';
import { orderCreateBody, orderData, orderIdParam, orderListBody, orderListData, orderUpdateBody } from './schemas';

const tags = ['Orders'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/orders/{business_id}';

/** Orders (the generic entity pattern of docs/product.md#v1-calls): list, get, create, update, delete (soft), restore. */
export const ordersRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        'List orders: paged, newest first by default, sortable by created_at|updated_at|status, searchable, filterable by status, customer_id and created_at',
      request: { params: businessIdParam, body: optionalJsonBody(orderListBody) },
      responses: envelope(orderListData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      return ok(c, await listOrders(db, business_id, parseWith(orderListBody, c.req.valid('json'))));
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{order_id}`,
      summary: 'One order',
      request: { params: orderIdParam },
      responses: envelope(orderData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, order_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const row = await findOrder(db, business_id, order_id);
      if (!row) throw notFound('The order');
      return ok(c, { order: await serializeOneOrder(db, row) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Create an order by hand (notifies the team)',
      request: { params: businessIdParam, body: jsonBody(orderCreateBody) },
      responses: envelope(orderData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const userId = c.var.auth.user.id;
      await canEdit(c.var.deps.db, business_id, userId);
      const order = await createOrder(c.var.deps, business_id, c.req.valid('json'), {
        source: 'manual',
        createdBy: userId,
      });
      return ok(c, { order }, ['Order created.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{order_id}`,
      summary:
        'Update an order (only the fields sent); confirming or cancelling tells the customer unless notify_customer is false',
      request: { params: orderIdParam, body: jsonBody(orderUpdateBody) },
      responses: envelope(orderData),
    }),
    async (c) => {
      const { business_id, order_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const { order, customerMessage } = await updateOrder(c.var.deps, business_id, order_id, c.req.valid('json'));
      return ok(c, { order }, customerMessage ? ['Order updated.', customerMessage] : ['Order updated.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/delete/{order_id}`,
      summary: 'Delete an order (soft; restore brings it back)',
      request: { params: orderIdParam },
      responses: envelope(orderData),
    }),
    async (c) => {
      const { business_id, order_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const order = await deleteOrder(c.var.deps, business_id, order_id);
      return ok(c, { order }, ['Order deleted.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/restore/{order_id}`,
      summary: 'Restore a deleted order',
      request: { params: orderIdParam },
      responses: envelope(orderData),
    }),
    async (c) => {
      const { business_id, order_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const order = await restoreOrder(c.var.deps, business_id, order_id);
      return ok(c, { order }, ['Order restored.']);
    },
  );
