import { ORDER_STATUS_LABELS } from '#contract/order-statuses';
import type { ApiOrder } from '#contract/v1/orders';

/**
 * What the order pages show and the order form starts from, apart from the form's schema
 * (app/lib/order-types.ts re-exports them) so the pages do not load zod: the form itself loads
 * after the page (app/components/deferred.tsx).
 */
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
