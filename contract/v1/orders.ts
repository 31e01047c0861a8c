import { z } from 'zod';
import { listFiltersSchema, listSearchSchema, statusFilterSchema } from '../schemas/list';
import { normaliseOrderBody, ORDER_SOURCES, ORDER_STATUSES, orderSchema, orderUpdateSchema } from '../schemas/order';
import { businessParams, defineCall, idParams } from './define';

/** Orders (the generic entity pattern of docs/product.md#v1-calls): list, get, create, update, delete (soft), restore. */
const tags = ['Orders'];
const orderParams = idParams('order_id');

const orderLineOut = z.object({
  memory_id: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  price: z.string().nullable(),
});

export const orderOut = z
  .object({
    _id: z.string(),
    customer_id: z.string(),
    customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
    status: z.enum(ORDER_STATUSES),
    lines: z.array(orderLineOut),
    notes: z.string().nullable(),
    source: z.enum(ORDER_SOURCES).meta({ description: 'manual, call, sms, chat or form' }),
    conversation_id: z.string().nullable(),
    confirmed_at: z.string().nullable(),
    fulfilled_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Order' });

/** Generic list filters (sort_by created_at|updated_at|status), plus search, status and customer_id. */
export const orderListBody = listFiltersSchema.extend({
  search: listSearchSchema,
  status: statusFilterSchema(ORDER_STATUSES),
  customer_id: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
});

/** `customer` is accepted for `customer_id` (the spec names the field "customer"). */
export const orderCreateBody = z.preprocess(normaliseOrderBody, orderSchema);
export const orderUpdateBody = z.preprocess(
  normaliseOrderBody,
  orderUpdateSchema.extend({
    /** A move to confirmed or cancelled tells the customer by SMS or email unless this is false. */
    notify_customer: z.boolean({ error: 'notify_customer must be true or false.' }).optional(),
  }),
);

const orderData = z.object({ order: orderOut });

export const orders = {
  list: defineCall({
    path: 'businesses/orders/{business_id}/list',
    params: businessParams,
    body: orderListBody,
    bodyRequired: false,
    response: z.object({ orders: z.array(orderOut), total: z.number(), page: z.number(), limit: z.number() }),
    permission: 'orders/view',
    summary:
      'List orders: paged, newest first by default, sortable by created_at|updated_at|status, searchable, filterable by status, customer_id and created_at',
    tags,
  }),
  get: defineCall({
    path: 'businesses/orders/{business_id}/get/{order_id}',
    params: orderParams,
    response: orderData,
    permission: 'orders/view',
    summary: 'One order',
    tags,
  }),
  create: defineCall({
    path: 'businesses/orders/{business_id}/create',
    params: businessParams,
    body: orderCreateBody,
    response: orderData,
    permission: 'orders/edit',
    summary: 'Create an order by hand (notifies the team)',
    tags,
  }),
  update: defineCall({
    path: 'businesses/orders/{business_id}/update/{order_id}',
    params: orderParams,
    body: orderUpdateBody,
    response: orderData,
    permission: 'orders/edit',
    summary:
      'Update an order (only the fields sent); confirming or cancelling tells the customer unless notify_customer is false',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/orders/{business_id}/delete/{order_id}',
    params: orderParams,
    response: orderData,
    permission: 'orders/edit',
    summary: 'Delete an order (soft; restore brings it back)',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/orders/{business_id}/restore/{order_id}',
    params: orderParams,
    response: orderData,
    permission: 'orders/edit',
    summary: 'Restore a deleted order',
    tags,
  }),
};

/** An order as the v1 API answers it (inferred from its response schema above). */
export type ApiOrder = z.output<typeof orderOut>;
