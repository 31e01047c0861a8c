import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from '@remix-run/node';
import { hasPermission } from '#contract/permissions';
import type { OrderStatus } from '#contract/schemas/order';
import type { ApiOrder } from '#contract/v1/orders';
import { v1Calls } from '#contract/v1/index';
import { orderFormSchema, type CustomerOption, type ProductOption } from './order-types';
import { v1 } from './v1.server';
import { loadFailure } from './customers.server';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { safeRedirect } from './safe-redirect';
import { loadCustomerOptions } from './timeline.server';
import { apiToasts, redirectWithToasts } from './toast.server';

export function canEditOrders(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'orders/edit');
}

export async function getOrder(state: DashboardState, id: string): Promise<ApiOrder> {
  const result = await v1(state.caller).orders.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.orders.get(id));
  return result.data.order;
}

/** One page of orders, newest first. */
export async function listOrders(
  state: DashboardState,
  filters: { page?: number; limit?: number; status?: OrderStatus | ''; customer_id?: string; search?: string },
) {
  const { status, ...rest } = filters;
  const result = await v1(state.caller).orders.list({
    page: 0,
    limit: 50,
    sort_order: 'desc',
    ...rest,
    ...(status ? { status } : {}),
  });
  if (!result.ok) loadFailure(result);
  return result.data;
}

/** A contact's newest orders for their page; a refusal leaves the rest of the page working (no orders section). */
export async function recentCustomerOrders(state: DashboardState, customerId: string, limit = 5) {
  const result = await v1(state.caller).orders.list({ customer_id: customerId, limit, sort_order: 'desc' });
  return result.ok ? { orders: result.data.orders, total: result.data.total } : null;
}

/**
 * The contacts an order can be for (the newest 500), for the pickers. Members who may not
 * see contacts get only the one already chosen (a link from a contact, or the order's own).
 */
export async function customerOptions(
  state: DashboardState,
  chosen?: CustomerOption | string | null,
  search?: string | null,
): Promise<CustomerOption[]> {
  const options = await loadCustomerOptions(state, search);
  const chosenId = typeof chosen === 'string' ? chosen : chosen?._id;
  if (!chosen || !chosenId || options.some((option) => option._id === chosenId)) return options;
  if (typeof chosen !== 'string') return [chosen, ...options];
  const result = await v1(state.caller, state.business?._id).customers.get(chosen);
  return result.ok ? [{ _id: result.data.customer._id, name: result.data.customer.name }, ...options] : options;
}

/** What the business sells: its active product memories (title, else the first line; a "Price:" line when there is one). */
export async function productOptions(state: DashboardState): Promise<ProductOption[]> {
  if (!hasPermission(state.business?.permissions, 'memories/view')) return [];
  const result = await v1(state.caller).memories.list({ type: 'product', status: 'active', limit: 500 });
  if (!result.ok) return [];
  return result.data.memories.map((memory) => ({
    _id: memory._id,
    name: (memory.title?.trim() || memory.content.split('\n')[0]).slice(0, 200),
    price: /price[:\s]+([^\n]+)/i.exec(memory.content)?.[1]?.trim() ?? null,
  }));
}

/** The full-page create and edit forms: orders/edit is needed to open them at all. */
export async function requireOrderEditor(request: Request, context: AppLoadContext) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'orders/edit');
  return state;
}

/**
 * Create and edit. Add/remove line buttons are conform intents, answered here without
 * JavaScript (the form comes back one line longer or shorter). A line whose name is a
 * product memory's is linked to it. An edit may tell the customer about a status change.
 */
export async function orderFormAction(request: Request, context: AppLoadContext, target: { id?: string }) {
  const state = await requireOrderEditor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: orderFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const products = await productOptions(state);
  const byName = new Map(products.map((product) => [product.name.toLowerCase(), product._id]));
  const payload = {
    ...submission.value,
    notes: submission.value.notes ?? '',
    lines: (submission.value.lines ?? []).map((line) => ({
      ...line,
      price: line.price ?? null,
      memory_id: byName.get(line.name.toLowerCase()) ?? null,
    })),
    ...(target.id ? { notify_customer: formData.get('notify_customer') === 'on' } : {}),
  };
  const orders = v1(state.caller).orders;
  const result = target.id ? await orders.update(target.id, payload) : await orders.create(payload);
  const path = target.id ? v1Calls.orders.update.path : v1Calls.orders.create.path;
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  const fallback = `/dashboard/orders/${result.data.order._id}`;
  const to = target.id ? safeRedirect(formData.get('back'), fallback) : fallback;
  return redirectWithToasts(request, to, apiToasts(path, result));
}

/** Confirm, fulfil, cancel or reopen: only the status (and whether to tell the customer) is sent. */
export async function setOrderStatus(
  request: Request,
  state: DashboardState,
  id: string,
  status: OrderStatus,
  notifyCustomer: boolean,
) {
  const result = await v1(state.caller).orders.update(id, { status, notify_customer: notifyCustomer });
  return redirectWithToasts(request, `/dashboard/orders/${id}`, apiToasts(v1Calls.orders.update.path, result));
}
