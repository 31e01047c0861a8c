import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import { hasPermission } from '#contract/permissions';
import { INBOX_FILTERS, inboxReplySchema, type InboxFilter } from '#contract/schemas/inbox';
import { v1Calls } from '#contract/v1/index';
import type { ApiResult } from './api.server';
import { loadFailure } from './customers.server';
import { replyWithApiErrors } from './forms.server';
import { entityLoadFailure, requirePermission, type DashboardState } from './guard.server';
import { apiToasts, redirectWithToasts } from './toast.server';
import { httpError } from './invariant.server';
import { v1 } from './v1.server';

/** The shared inbox pages (/dashboard/inbox and /dashboard/inbox/{contact id}) make the calls of contract/v1/inbox.ts (docs/inbox.md). */
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
  const result = await v1(state.caller).inbox.unread(body);
  return result.ok ? result.data.unread : null;
}

export async function listInbox(state: DashboardState, filter: InboxFilter, page: number) {
  const result = await v1(state.caller).inbox.list({ filter, page, limit: 30 });
  if (!result.ok) loadFailure(result);
  return result.data;
}

/** Opening a thread marks it read for this member (their own read mark, like a notification opened). */
export async function openThread(state: DashboardState, customerId: string) {
  const result = await v1(state.caller).inbox.get(customerId, { mark_read: true });
  if (!result.ok) return entityLoadFailure(state, result, (client) => client.inbox.get(customerId));
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
  const client = v1(state.caller).inbox;
  if (intent === 'reply') {
    const submission = parseWithZod(formData, { schema: inboxReplySchema });
    if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
    const path = v1Calls.inbox.reply.path;
    const result = await client.reply(customerId, submission.value);
    if (!result.ok) {
      if (Object.keys(result.fieldErrors).length > 0) return replyWithApiErrors(submission, result);
      return data(submission.reply({ formErrors: result.errors }), { status: result.status === 404 ? 404 : 400 });
    }
    return redirectWithToasts(request, self, apiToasts(path, result));
  }
  let path: string;
  let result: ApiResult<unknown>;
  if (intent === 'assign') {
    path = v1Calls.inbox.assign.path;
    result = await client.assign(customerId, { user_id: String(formData.get('user_id') ?? '') || null });
  } else if (intent === 'pause') {
    path = v1Calls.inbox.pause.path;
    result = await client.pause(customerId);
  } else if (intent === 'hand-back') {
    path = v1Calls.inbox.handBack.path;
    result = await client.handBack(customerId);
  } else {
    httpError(400, 'Choose what to do with the conversation.');
  }
  const fieldErrors = result.ok ? [] : Object.values(result.fieldErrors).flat();
  const toasts = result.ok
    ? apiToasts(path, result)
    : [...fieldErrors, ...result.errors].map((message) => ({ type: 'error' as const, message }));
  return redirectWithToasts(request, self, toasts);
}
