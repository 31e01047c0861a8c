import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from '@remix-run/node';
import type { ApiCustomer } from '#contract/envelope';
import { messages } from '#contract/messages';
import { hasPermission } from '#contract/permissions';
import { CUSTOMER_STATUSES, customerSchema, type CustomerStatus } from '#contract/schemas/customer';
import { v1Calls } from '#contract/v1/index';
import type { ApiCaller } from './api.server';
import { v1 } from './v1.server';
import type { AddressLookupResult, CustomerFormReply } from './customers';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { safeRedirect } from './safe-redirect';
import { apiToasts, redirectWithToasts } from './toast.server';
import { loadFailure } from './invariant.server';

export function canEditCustomers(state: DashboardState): boolean {
  return hasPermission(state.business?.permissions, 'customers/edit');
}

export { loadFailure };

export async function getCustomer(state: DashboardState, id: string): Promise<ApiCustomer> {
  const result = await v1(state.caller).customers.get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.customers.get(id));
  return result.data.customer;
}

/**
 * The contact, or null when it is not in the business (any more): for a dialog opened from a
 * list read before someone deleted it, which says so rather than giving way to an error page.
 */
export async function findCustomer(state: DashboardState, id: string): Promise<ApiCustomer | null> {
  const result = await v1(state.caller).customers.get(id);
  if (result.ok) return result.data.customer;
  return result.status === 404 ? null : loadFailure(result);
}

/** The business's status order (businesses/crm-order); the default order when it cannot be read. */
export async function getCrmOrder(state: DashboardState): Promise<CustomerStatus[]> {
  if (!state.business) return [...CUSTOMER_STATUSES];
  const result = await v1(state.caller).crmOrder.get();
  const order = result.ok
    ? result.data.crm_order.filter((s): s is CustomerStatus => (CUSTOMER_STATUSES as readonly string[]).includes(s))
    : [];
  // Any status the stored order misses still gets a column, at the end.
  return [...new Set([...order, ...CUSTOMER_STATUSES])];
}

/** The full-page create and edit forms: customers/edit is needed to open them at all. */
export async function requireCustomerEditor(request: Request, context: AppLoadContext) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'customers/edit');
  return state;
}

export async function lookupAddresses(caller: ApiCaller, address: string): Promise<AddressLookupResult> {
  const text = address.trim().slice(0, 200);
  // "Find" with nothing typed says so (docs/product.md#validation, lookup search) instead of doing nothing.
  if (!text) return { addresses: [], error: messages.lookup.required };
  const result = await v1(caller).helpers.addressLookup({ address: text });
  if (!result.ok) return { addresses: [], error: result.errors[0] };
  return { addresses: result.data.addresses_found ?? [] };
}

/**
 * The create and edit action, shared by the full pages and the dialogs (which post here
 * through a fetcher). Besides saving it answers the form's own controls without
 * JavaScript: list rows added or removed (conform intents) and the address Find button.
 */
export async function customerFormAction(request: Request, context: AppLoadContext, target: { id?: string }) {
  const state = await requireCustomerEditor(request, context);
  const formData = await request.formData();

  const lookupIndex = formData.get('address_lookup');
  if (typeof lookupIndex === 'string') {
    const index = Math.max(0, Number(lookupIndex) || 0);
    const query = String(formData.get(`address_query_${index}`) ?? '');
    const submission = parseWithZod(formData, { schema: customerSchema });
    const found = await lookupAddresses(state.caller, query);
    // A search is not a save: the form comes back as typed, without errors.
    const result = { ...submission.reply(), status: undefined, error: {} } as SubmissionResult<string[]>;
    return data<CustomerFormReply>({ result, lookup: { index, query, ...found } }, { status: 400 });
  }

  const submission = parseWithZod(formData, { schema: customerSchema });
  if (submission.status !== 'success') return data<CustomerFormReply>({ result: submission.reply() }, { status: 400 });
  // Send every field, so an emptied last name or list clears what was stored.
  const payload = { ...submission.value, last_name: submission.value.last_name ?? '' };
  const customers = v1(state.caller).customers;
  const result = target.id ? await customers.update(target.id, payload) : await customers.create(payload);
  const path = target.id ? v1Calls.customers.update.path : v1Calls.customers.create.path;
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) loadFailure(result);
    const reply = replyWithApiErrors(submission, result);
    return data<CustomerFormReply>({ result: reply.data }, { status: reply.init?.status ?? 400 });
  }
  const fallback = `/dashboard/customers/${result.data.customer._id}`;
  const to = target.id ? safeRedirect(formData.get('back'), fallback) : fallback;
  return redirectWithToasts(request, to, apiToasts(path, result));
}
