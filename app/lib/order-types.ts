import { z } from 'zod';
import { optionalText } from '#contract/fields';
import { messages } from '#contract/messages';
import { ORDER_STATUS_LABELS, orderLineSchema, orderSchema } from '#contract/schemas/order';
import type { ApiOrder } from '#contract/v1/orders';

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

export type OrderDefaults = {
  customer_id: string;
  status: string;
  lines: { name: string; quantity: string; price: string }[];
  notes: string;
};

export const emptyLine = () => ({ name: '', quantity: '1', price: '' });

export function orderDefaults(order?: ApiOrder | null, customerId = ''): OrderDefaults {
  return {
    customer_id: order?.customer_id ?? customerId,
    status: order?.status ?? 'new',
    lines: order
      ? order.lines.map((line) => ({ name: line.name, quantity: String(line.quantity), price: line.price ?? '' }))
      : [emptyLine()],
    notes: order?.notes ?? '',
  };
}

/** A contact the order can be for, and a product the business sells (a product memory). */
export type CustomerOption = { _id: string; name: string };
export type ProductOption = { _id: string; name: string; price: string | null };

export const orderStatusLabel = (status: string) =>
  ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS] ?? status;

/** "2 × Sourdough loaf, 1 × Rye": what an order holds, in one line. */
export function linesSummary(lines: ApiOrder['lines']): string {
  if (lines.length === 0) return 'No items';
  return lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
}

export const SOURCE_LABELS: Record<ApiOrder['source'], string> = {
  manual: 'Entered by hand',
  call: 'Taken on a call',
  sms: 'Taken by SMS',
  chat: 'Taken in a chat',
  form: 'From a web form',
};
