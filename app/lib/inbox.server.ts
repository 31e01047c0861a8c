import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from '@remix-run/node';
import { hasPermission } from '#contract/permissions';
import {
  INBOX_FILTERS,
  inboxReplySchema,
  type ApiInboxMessage,
  type ApiInboxThread,
  type InboxFilter,
} from '#contract/schemas/inbox';
import { apiCall } from './api.server';
import { loadFailure } from './customers.server';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requirePermission, type DashboardState } from './guard.server';
import { apiToasts, redirectWithToasts } from './toast.server';
import { httpError } from './invariant.server';

/** The shared inbox pages (/dashboard/inbox and /dashboard/inbox/{contact id}) talk to businesses/inbox/… (docs/inbox.md). */
export function inboxPath(state: DashboardState): string {
  if (!state.business) throw redirect('/dashboard/onboard/mobile-submit');
  return `businesses/inbox/${state.business._id}`;
}

export const canReplyInInbox = (state: DashboardState) => hasPermission(state.business?.permissions, 'smses/edit');

export function inboxFilter(url: URL): InboxFilter {
  const value = url.searchParams.get('filter');
  return (INBOX_FILTERS as readonly string[]).includes(value ?? '') ? (value as InboxFilter) : 'all';
}

/**
 * The member's unread inbox messages for the navigation's badge; null when they may not see
 * the inbox or the call failed (the badge is left out rather than showing a wrong 0).
 */
export async function loadInboxUnread(state: DashboardState, request?: Request): Promise<number | null> {
  if (!state.business || !hasPermission(state.business.permissions, 'smses/view')) return null;
  // A thread being opened is read by its own loader, which runs beside the layout's.
  const opening = request ? /^\/dashboard\/inbox\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1] : undefined;
  const body = opening ? { except_customer_id: decodeURIComponent(opening) } : undefined;
  const result = await apiCall<{ unread: number }>(state.caller, `businesses/inbox/${state.business._id}/unread`, body);
  return result.ok ? result.data.unread : null;
}

export async function listInbox(state: DashboardState, filter: InboxFilter, page: number) {
  const result = await apiCall<{
    threads: ApiInboxThread[];
    total: number;
    page: number;
    limit: number;
    members: { _id: string; name: string }[];
  }>(state.caller, `${inboxPath(state)}/list`, { filter, page, limit: 30 });
  if (!result.ok) loadFailure(result);
  return result.data;
}

/** Opening a thread marks it read for this member (their own read mark, like a notification opened). */
export async function openThread(state: DashboardState, customerId: string) {
  const path = `${inboxPath(state)}/get/${encodeURIComponent(customerId)}`;
  const result = await apiCall<{ thread: ApiInboxThread; messages: ApiInboxMessage[] }>(state.caller, path, {
    mark_read: true,
  });
  if (!result.ok)
    return entityLoadFailure(
      state,
      result,
      (other) => `businesses/inbox/${other}/get/${encodeURIComponent(customerId)}`,
    );
  return result.data;
}

/**
 * The thread page's forms, one hidden intent each (plain POSTs, so they work without
 * JavaScript): reply (a conform form: field errors come back beside the message box),
 * assign (user_id, empty = unassign), pause and hand-back.
 */
export async function inboxThreadAction(request: Request, state: DashboardState, customerId: string) {
  requirePermission(state, 'smses/edit');
  const formData = await request.formData();
  const intent = formData.get('intent');
  const self = `/dashboard/inbox/${encodeURIComponent(customerId)}${new URL(request.url).search}`;
  const base = `${inboxPath(state)}`;
  const id = encodeURIComponent(customerId);
  if (intent === 'reply') {
    const submission = parseWithZod(formData, { schema: inboxReplySchema });
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    const path = `${base}/reply/${id}`;
    const result = await apiCall(state.caller, path, submission.value);
    if (!result.ok) {
      if (Object.keys(result.fieldErrors).length > 0) return replyWithApiErrors(submission, result);
      return data(submission.reply({ formErrors: result.errors }), { status: result.status === 404 ? 404 : 400 });
    }
    return redirectWithToasts(request, self, apiToasts(path, result));
  }
  let path: string;
  let body: unknown;
  if (intent === 'assign') {
    path = `${base}/assign/${id}`;
    body = { user_id: String(formData.get('user_id') ?? '') || null };
  } else if (intent === 'pause' || intent === 'hand-back') {
    path = `${base}/${intent}/${id}`;
  } else {
    httpError(400, 'Choose what to do with the conversation.');
  }
  const result = await apiCall(state.caller, path, body);
  const fieldErrors = result.ok ? [] : Object.values(result.fieldErrors).flat();
  const toasts = result.ok
    ? apiToasts(path, result)
    : [...fieldErrors, ...result.errors].map((message) => ({ type: 'error' as const, message }));
  return redirectWithToasts(request, self, toasts);
}
