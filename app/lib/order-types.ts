import { z } from 'zod';
import { optionalText } from '#contract/fields';
import { messages } from '#contract/messages';
import { orderLineSchema, orderSchema } from '#contract/schemas/order';

/**
 * The order form's schema: the contract's order (customer, status, lines, notes) as a form
 * holds it. A line names its product as typed (or picked from the product memories); the
 * server links it to the product memory of that name.
 */
export const orderFormSchema = z.object({
  customer_id: z
    .string({ error: messages.order.customerRequired })
    .trim()
    .min(1, { error: messages.order.customerRequired, abort: true })
    .max(100),
  status: orderSchema.shape.status,
  lines: z
    .array(orderLineSchema.omit({ memory_id: true }))
    .max(100, { error: 'An order has at most 100 lines.' })
    .optional(),
  notes: optionalText(5000),
});
export type OrderFormValue = z.infer<typeof orderFormSchema>;

export * from './orders';
