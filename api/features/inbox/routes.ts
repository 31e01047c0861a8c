import { INBOX_PAUSE_MINUTES, inboxMessages } from '#contract/schemas/inbox';
import { inbox } from '#contract/v1/inbox';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import {
  assignThread,
  getThread,
  handBack,
  inboxMembers,
  inboxTypes,
  listThreads,
  pauseAssistant,
  replyToThread,
  unreadTotal,
} from '#api/features/inbox/service';
import type { ApiEnv } from '#api/lib/context';
import type { Context } from 'hono';

/** The types of thread message the caller may read: SMS, and forms with forms/view (the membership is memoized per request). */
async function readableTypes(c: Context<ApiEnv>, businessId: string) {
  const { membership } = await loadMembership(c.var.deps.db, businessId, c.var.auth.user.id);
  return inboxTypes(membership.permissions);
}

/** The shared inbox calls declared in contract/v1/inbox.ts (docs/inbox.md); permissions are checked from there. */
export const inboxRouter = serveCalls(inbox, {
  unread: async (c, { params, body }) => ({
    data: {
      unread: await unreadTotal(
        c.var.deps.db,
        params.business_id,
        c.var.auth.user.id,
        await readableTypes(c, params.business_id),
        { exceptCustomerId: body.except_customer_id },
      ),
    },
  }),
  list: async (c, { params, body }) => {
    const { db } = c.var.deps;
    const types = await readableTypes(c, params.business_id);
    const [page, members] = await Promise.all([
      listThreads(db, params.business_id, c.var.auth.user.id, types, body),
      inboxMembers(db, params.business_id),
    ]);
    return { data: { ...page, members } };
  },
  get: async (c, { params, body }) => {
    const types = await readableTypes(c, params.business_id);
    return {
      data: await getThread(c.var.deps, params.business_id, c.var.auth.user.id, params.customer_id, types, {
        markRead: body.mark_read === true,
      }),
    };
  },
  reply: async (c, { params, body }) => {
    const { business_id, customer_id } = params;
    const sent = await replyToThread(c.var.deps, business_id, c.var.auth.user.id, customer_id, body.message);
    return {
      data: { sms: sent.item, assistant_paused_until: sent.pausedUntil.toISOString() },
      messages: [inboxMessages.replySent],
    };
  },
  assign: async (c, { params, body }) => {
    const { user_id } = body;
    const name = await assignThread(c.var.deps, params.business_id, params.customer_id, user_id);
    return {
      data: { assigned_to: user_id && name ? { _id: user_id, name } : null },
      messages: [name ? inboxMessages.assigned(name) : inboxMessages.unassigned],
    };
  },
  pause: async (c, { params }) => {
    const until = await pauseAssistant(c.var.deps, params.business_id, params.customer_id, c.var.auth.user.id);
    return {
      data: { assistant_paused_until: until.toISOString() },
      messages: [inboxMessages.paused(INBOX_PAUSE_MINUTES)],
    };
  },
  handBack: async (c, { params }) => {
    await handBack(c.var.deps, params.business_id, params.customer_id);
    return { data: { assistant_paused_until: null }, messages: [inboxMessages.handedBack] };
  },
});
