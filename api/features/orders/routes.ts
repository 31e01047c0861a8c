import { orders } from '#contract/v1/orders';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import {
  createOrder,
  deleteOrder,
  findOrder,
  listOrders,
  restoreOrder,
  serializeOneOrder,
  updateOrder,
} from '#api/features/orders/service';

/** The order calls declared in contract/v1/orders.ts; permissions are checked from there. */
export const ordersRouter = serveCalls(orders, {
  list: async (c, { params, body }) => ({ data: await listOrders(c.var.deps.db, params.business_id, body) }),
  get: async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await findOrder(db, params.business_id, params.order_id);
    if (!row) throw notFound('The order');
    return { data: { order: await serializeOneOrder(db, row) } };
  },
  create: async (c, { params, body }) => ({
    data: {
      order: await createOrder(c.var.deps, params.business_id, body, {
        source: 'manual',
        createdBy: c.var.auth.user.id,
      }),
    },
    messages: ['Order created.'],
  }),
  update: async (c, { params, body }) => {
    const { order, customerMessage } = await updateOrder(c.var.deps, params.business_id, params.order_id, body);
    return { data: { order }, messages: customerMessage ? ['Order updated.', customerMessage] : ['Order updated.'] };
  },
  delete: async (c, { params }) => ({
    data: { order: await deleteOrder(c.var.deps, params.business_id, params.order_id) },
    messages: ['Order deleted.'],
  }),
  restore: async (c, { params }) => ({
    data: { order: await restoreOrder(c.var.deps, params.business_id, params.order_id) },
    messages: ['Order restored.'],
  }),
});
