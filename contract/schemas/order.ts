import { z } from 'zod';
import { optionalText } from '../fields';
import { messages } from '../messages';
import { ORDER_STATUSES } from '../order-statuses';

export * from '../order-statuses';

/**
 * Orders a customer placed (docs/product.md#entities "Order: customer, status"; its two messages in
 * docs/product.md#validation). Lines name `product` memories; prices are text as the business writes them.
 */
export const orderLineSchema = z.object({
  /** The product memory this line is for, when it is one. */
  memory_id: optionalText(100).nullable(),
  name: z
    .string({ error: 'Each order line needs a product name.' })
    .trim()
    .min(1, { error: 'Each order line needs a product name.' })
    .max(200),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number of at least 1.' })
    .int({ error: 'Quantity must be a whole number of at least 1.' })
    .min(1, { error: 'Quantity must be a whole number of at least 1.' })
    .max(100000),
  price: optionalText(100).nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** customer_id (or customer: an id or { _id }) and status are required; lines and notes are optional. */
const customerField = z
  .union([z.string(), z.object({ _id: z.string() })], { error: messages.order.customerRequired })
  .transform((value) => (typeof value === 'string' ? value : value._id).trim())
  .pipe(z.string().min(1, { error: messages.order.customerRequired }).max(100));

export const orderSchema = z.object({
  customer_id: customerField,
  status: z.enum(ORDER_STATUSES, { error: messages.order.statusRequired }),
  lines: z.array(orderLineSchema).max(100, { error: 'An order has at most 100 lines.' }).optional(),
  notes: optionalText(5000).nullable(),
});
export type OrderInput = z.infer<typeof orderSchema>;
export const orderUpdateSchema = orderSchema.partial();

/** The body as sent: `customer` is accepted for `customer_id` (the spec names the field "customer"). */
export function normaliseOrderBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { customer, ...rest } = body as Record<string, unknown>;
  return customer !== undefined && rest.customer_id === undefined ? { ...rest, customer_id: customer } : rest;
}
