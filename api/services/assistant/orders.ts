import type { OrderSource } from '#contract/schemas/order';
import type { ConversationAction, ConversationChannel } from '#contract/schemas/conversation';
import { findOrCreateByPhone } from '#api/features/customers/service';
import { createOrder, type OrderDeps } from '#api/features/orders/service';
import type { OrderRequest } from './types';

/**
 * The assistant's take-order tool: the order a customer confirmed in a call, SMS or
 * chat becomes an order with status `new`, its source the channel and its conversation linked,
 * through the same createOrder as the orders page (product lines checked, OrderCreated
 * published, the team notified with new_order).
 *
 * No `order` memory is written: memories are the assistant's knowledge and are searched for
 * every caller, so an order there could be read out to someone else. The orders table is the
 * record; see docs/assistant.md.
 */
export type OrderScope = {
  businessId: string;
  conversationId: string | null;
  customerId: string | null;
  channel: ConversationChannel;
};

/** The dashboard's voice test is a chat spoken aloud; calls, SMS and forms are themselves. */
export const ORDER_SOURCE_OF: Record<ConversationChannel, OrderSource> = {
  call: 'call',
  sms: 'sms',
  chat: 'chat',
  voice: 'chat',
  form: 'form',
};

export class OrderNeedsContactError extends Error {
  constructor() {
    super('A name and phone number are needed to place the order.');
    this.name = 'OrderNeedsContactError';
  }
}

/** The caller's contact: the conversation's customer, else the live contact with the phone they gave (created when new). */
async function orderCustomer(deps: OrderDeps, scope: OrderScope, contact: OrderRequest['contact']): Promise<string> {
  if (scope.customerId) return scope.customerId;
  const phone = contact?.phone?.replace(/[\s().-]/g, '');
  if (!phone || !/^\+?\d{7,15}$/.test(phone)) throw new OrderNeedsContactError();
  const [first, ...rest] = (contact?.name ?? '').trim().split(/\s+/).filter(Boolean);
  const { customer } = await findOrCreateByPhone(
    deps,
    scope.businessId,
    phone,
    first ? { first_name: first, last_name: rest.join(' ') || null } : {},
  );
  return customer._id;
}

export async function placeOrder(
  deps: OrderDeps,
  scope: OrderScope,
  request: OrderRequest,
): Promise<ConversationAction> {
  if (!request.lines.length) throw new Error('An order needs at least one product.');
  const customerId = await orderCustomer(deps, scope, request.contact);
  const order = await createOrder(
    deps,
    scope.businessId,
    {
      customer_id: customerId,
      status: 'new',
      lines: request.lines.map((line) => ({
        memory_id: line.memory_id,
        name: line.name,
        quantity: line.quantity,
        price: line.price,
      })),
      notes: request.notes?.trim() || null,
    },
    { source: ORDER_SOURCE_OF[scope.channel], conversationId: scope.conversationId, createdBy: null },
  );
  const items = order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
  return { type: 'order_created', order_id: order._id, summary: `Order taken: ${items}`.slice(0, 300) };
}
