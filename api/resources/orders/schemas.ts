import { z } from '@hono/zod-openapi';
import { listFiltersSchema } from '#contract/schemas/list';
import { messages } from '#contract/messages';
import { normaliseOrderBody, ORDER_STATUSES, orderSchema, orderUpdateSchema } from '#contract/schemas/order';
import { businessIdParam } from '#api/lib/openapi';

/** Request and response schemas of the order calls (the OpenAPI document is built from them). */
export const orderIdParam = businessIdParam.extend({
  order_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'order_id', in: 'path' } }),
});

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
    status: z.string(),
    lines: z.array(orderLineOut),
    notes: z.string().nullable(),
    source: z.string().openapi({ description: 'manual, call, sms, chat or form' }),
    conversation_id: z.string().nullable(),
    confirmed_at: z.string().nullable(),
    fulfilled_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .openapi('Order');

/** Generic list filters (sort_by created_at|updated_at|status), plus search, status and customer_id. */
export const orderListBody = listFiltersSchema.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: messages.lookup.tooLong })
    .optional()
    .transform((value) => value || undefined),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
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

export const orderData = z.object({ order: orderOut });
export const orderListData = z.object({
  orders: z.array(orderOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
