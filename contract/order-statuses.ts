/**
 * Order statuses and sources, apart from the order schema (contract/schemas/order.ts, which
 * re-exports them) so that pages listing orders show them without loading zod.
 */
export const ORDER_STATUSES = ['new', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'New',
  confirmed: 'Confirmed',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
};

export const ORDER_SOURCES = ['manual', 'call', 'sms', 'chat', 'form'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
