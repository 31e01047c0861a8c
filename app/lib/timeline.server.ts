import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { ApiTimelineItem } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import { v1Calls } from '#contract/v1/index';
import { v1 } from './v1.server';
import { entityLoadFailure, requireDashboard, requirePermission, type DashboardState } from './guard.server';
import { readPage } from './list-query';
import { PAGE_SIZE, TIMELINE_KINDS, type TimelineKind } from './timeline';
import { apiToasts, redirectWithToasts } from './toast.server';
import { httpError, loadFailure } from './invariant.server';
import { withPhoneLabels } from './phone-labels.server';

// Also re-exported here for loaders that already import the rest from this module.
export { PAGE_SIZE };

export type CustomerOption = { _id: string; name: string };
export type Listed = { items: ApiTimelineItem[]; total: number; page: number };

/** The business's timezone: reminders and times are shown on its wall clock. */
export function businessTimeZone(state: DashboardState): string {
  return state.business?.timezone || 'UTC';
}

export { loadFailure };

export function pageParam(url: URL): number {
  return readPage(url.searchParams);
}

/**
 * Contacts for the customer selectors (the spec's collection page size, 500). Members
 * without customers/view get none: the selector is then simply not shown.
 */
/**
 * The contacts a contact picker starts with: without JavaScript its native <select> lists
 * these, so they are a bounded page (matches of `search` when the page was given one, else
 * the newest), never every contact. With JavaScript the picker searches as the member types.
 */
export const PICKER_OPTIONS = 100;

export async function loadCustomerOptions(state: DashboardState, search?: string | null): Promise<CustomerOption[]> {
  return searchContactOptions(state, search?.trim().slice(0, 100) ?? '', PICKER_OPTIONS);
}

/**
 * Contacts whose name, phone or email matches (the v1 customers options call: ids and names
 * only, searched like the list), by name.
 */
export async function searchContactOptions(
  state: DashboardState,
  search: string,
  limit: number,
): Promise<CustomerOption[]> {
  if (!state.business || !hasPermission(state.business.permissions, 'customers/view')) return [];
  const result = await v1(state.caller, state.business._id).customers.options({ limit, ...(search ? { search } : {}) });
  if (!result.ok) return [];
  return [...result.data.customers].sort((a, b) => a.name.localeCompare(b.name));
}

/** One page of the merged timeline (calls, SMS, forms and notes the member may view), newest first. */
export async function listTimeline(
  state: DashboardState,
  filters: { page: number; customer_id?: string },
): Promise<Listed> {
  const result = await v1(state.caller).timeline.list({ limit: PAGE_SIZE, ...filters });
  if (!result.ok) loadFailure(result);
  return { items: result.data.timeline, total: result.data.total, page: filters.page };
}

/** Each kind's declaration names its items by the kind's own keys (TIMELINE_KINDS: data.<many>, data.<one>). */
const keyed = <T>(data: object, key: string) => (data as Record<string, T>)[key];

/** The list page of calls, SMS or forms: one page, newest first, plus the undo banner's id. */
export async function kindListLoader({ request, context }: LoaderFunctionArgs, kind: TimelineKind) {
  const config = TIMELINE_KINDS[kind];
  const state = await requireDashboard(request, context);
  requirePermission(state, config.view);
  const url = new URL(request.url);
  const page = pageParam(url);
  const result = await v1(state.caller)[config.api].list({ limit: PAGE_SIZE, page });
  if (!result.ok) loadFailure(result);
  return withPhoneLabels({
    items: keyed<ApiTimelineItem[]>(result.data, config.many),
    total: result.data.total,
    page,
    kind,
    deleted: url.searchParams.get('deleted'),
    canEdit: hasPermission(state.business?.permissions, config.edit),
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  });
}

export async function getItem(state: DashboardState, kind: TimelineKind, id: string): Promise<ApiTimelineItem> {
  const config = TIMELINE_KINDS[kind];
  const result = await v1(state.caller)[config.api].get(id);
  if (!result.ok) return entityLoadFailure(state, result, (client) => client[config.api].get(id));
  const item = keyed<ApiTimelineItem | undefined>(result.data, config.one);
  if (!item) httpError(404, 'Not found');
  return item;
}

/** The view page of one item, with the delete confirmation when ?confirm=delete. */
export async function kindItemLoader({ request, context, params }: LoaderFunctionArgs, kind: TimelineKind) {
  const config = TIMELINE_KINDS[kind];
  const state = await requireDashboard(request, context);
  requirePermission(state, config.view);
  const item = await getItem(state, kind, params.id ?? '');
  const url = new URL(request.url);
  const canEdit = hasPermission(state.business?.permissions, config.edit);
  return withPhoneLabels({
    item,
    kind,
    canEdit,
    confirmDelete: canEdit && url.searchParams.get('confirm') === 'delete',
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  });
}

/**
 * Delete and restore, shared by every timeline entity. A delete lands on the list with an
 * undo banner (?deleted=<id>) whose form posts the restore back here; a restore opens the
 * item again. API messages become toasts (docs/product.md#toasts).
 */
export async function kindItemAction(
  { request, context, params }: ActionFunctionArgs,
  kind: TimelineKind,
  formData: FormData,
) {
  const config = TIMELINE_KINDS[kind];
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const intent = formData.get('intent');
  if (intent !== 'delete' && intent !== 'restore') return null;
  const result = await v1(state.caller)[config.api][intent](id);
  const toasts = apiToasts(v1Calls[config.api][intent].path, result);
  if (!result.ok)
    return redirectWithToasts(
      request,
      intent === 'delete' ? `/dashboard/${config.path}/${id}` : `/dashboard/${config.path}`,
      toasts,
    );
  if (intent === 'delete')
    return redirectWithToasts(request, `/dashboard/${config.path}?deleted=${encodeURIComponent(id)}`, toasts);
  return redirectWithToasts(request, `/dashboard/${config.path}/${id}`, toasts);
}
