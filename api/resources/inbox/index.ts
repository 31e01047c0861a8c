import { createRoute, z } from '@hono/zod-openapi';
import {
  INBOX_PAUSE_MINUTES,
  inboxAssignSchema,
  inboxListSchema,
  inboxMessages,
  inboxReplySchema,
} from '#contract/schemas/inbox';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
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
} from '#api/services/inbox';
import { viewRefusal, editRefusal } from '#api/services/timeline-records';
import { optionalJsonBody, parseWith, timelineItemOut } from '../timeline/schemas';

const tags = ['Inbox'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/inbox/{business_id}';
const threadParams = businessIdParam.extend({
  customer_id: z
    .string()
    .min(1)
    .openapi({
      param: { name: 'customer_id', in: 'path' },
      description: "The thread is the contact's: its id is the contact's id",
    }),
});

const person = z.object({ _id: z.string(), name: z.string() });
const messageOut = z
  .object({
    _id: z.string(),
    type: z.enum(['sms', 'form', 'chat']),
    direction: z.enum(['inbound', 'outbound']),
    author: z.enum(['contact', 'assistant', 'member', 'business']).openapi({
      description:
        "assistant: the assistant's own replies and follow-ups; member: a team member's reply; business: other automatic messages (order updates, answers)",
    }),
    sent_by: person.nullable(),
    body: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    status: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('InboxMessage');
const threadOut = z
  .object({
    _id: z.string(),
    customer: person.extend({ phones: z.array(z.string()) }),
    last_message: messageOut.nullable(),
    last_message_at: z.string().nullable(),
    message_count: z.number(),
    unread: z.number().openapi({ description: 'Messages from the contact the caller has not read' }),
    assigned_to: person.nullable(),
    assistant_paused_until: z.string().nullable(),
  })
  .openapi('InboxThread');
const threadAnswer = envelope(z.object({ thread: threadOut, messages: z.array(messageOut) }));
/** The page opening a thread counts it read already: its loader marks it while the layout counts. */
const unreadBody = z.object({
  except_customer_id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: 'Leave this thread out of the total' }),
});

/**
 * The shared inbox (docs/inbox.md): smses/view to read (forms too with forms/view),
 * smses/edit to reply, assign, pause and hand back. Thread ids are contact ids.
 */
export const inboxRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/unread`,
      summary: 'How many messages from contacts the caller has not read, across every thread (the Inbox badge)',
      request: { params: businessIdParam, body: optionalJsonBody(unreadBody) },
      responses: envelope(z.object({ unread: z.number() })),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const body = parseWith(unreadBody, c.req.valid('json'));
      const { membership } = await requireBusinessPermission(
        db,
        business_id,
        c.var.auth.user.id,
        'smses/view',
        viewRefusal('sms'),
      );
      return ok(c, {
        unread: await unreadTotal(db, business_id, c.var.auth.user.id, inboxTypes(membership.permissions), {
          exceptCustomerId: body.except_customer_id,
        }),
      });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        "Threads (one per contact with SMS or forms), newest message first, with the caller's unread counts; filter all, mine or unassigned",
      request: { params: businessIdParam, body: optionalJsonBody(inboxListSchema) },
      responses: envelope(
        z.object({
          threads: z.array(threadOut),
          total: z.number(),
          page: z.number(),
          limit: z.number(),
          members: z
            .array(person)
            .openapi({ description: 'Who threads can be assigned to (members who may view SMS)' }),
        }),
      ),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const options = parseWith(inboxListSchema, c.req.valid('json'));
      const { membership } = await requireBusinessPermission(
        db,
        business_id,
        c.var.auth.user.id,
        'smses/view',
        viewRefusal('sms'),
      );
      const [page, members] = await Promise.all([
        listThreads(db, business_id, c.var.auth.user.id, inboxTypes(membership.permissions), options),
        inboxMembers(db, business_id),
      ]);
      return ok(c, { ...page, members });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{customer_id}`,
      summary: 'One thread and its newest 200 messages, oldest first; { mark_read: true } marks it read for the caller',
      request: { params: threadParams, body: optionalJsonBody(z.object({ mark_read: z.boolean().optional() })) },
      responses: threadAnswer,
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      const body = parseWith(
        z.object({ mark_read: z.boolean({ error: 'mark_read must be true or false.' }).optional() }),
        c.req.valid('json'),
      );
      const { membership } = await requireBusinessPermission(
        c.var.deps.db,
        business_id,
        c.var.auth.user.id,
        'smses/view',
        viewRefusal('sms'),
      );
      return ok(
        c,
        await getThread(c.var.deps, business_id, c.var.auth.user.id, customer_id, inboxTypes(membership.permissions), {
          markRead: body.mark_read === true,
        }),
      );
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/reply/{customer_id}`,
      summary: `Text the contact from the business number (refused when they texted STOP); the assistant then stays out of the thread for ${INBOX_PAUSE_MINUTES} minutes`,
      request: { params: threadParams, body: jsonBody(inboxReplySchema) },
      responses: envelope(z.object({ sms: timelineItemOut.nullable(), assistant_paused_until: z.string() })),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      const { message } = c.req.valid('json');
      await requireBusinessPermission(c.var.deps.db, business_id, c.var.auth.user.id, 'smses/edit', editRefusal('sms'));
      const sent = await replyToThread(c.var.deps, business_id, c.var.auth.user.id, customer_id, message);
      return ok(c, { sms: sent.item, assistant_paused_until: sent.pausedUntil.toISOString() }, [
        inboxMessages.replySent,
      ]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/assign/{customer_id}`,
      summary: 'Assign the thread to a member who may view SMS ({ user_id }), or unassign ({ user_id: null })',
      request: { params: threadParams, body: jsonBody(inboxAssignSchema) },
      responses: envelope(z.object({ assigned_to: person.nullable() })),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      const { user_id } = c.req.valid('json');
      await requireBusinessPermission(c.var.deps.db, business_id, c.var.auth.user.id, 'smses/edit', editRefusal('sms'));
      const name = await assignThread(c.var.deps, business_id, customer_id, user_id);
      return ok(c, { assigned_to: user_id && name ? { _id: user_id, name } : null }, [
        name ? inboxMessages.assigned(name) : inboxMessages.unassigned,
      ]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/pause/{customer_id}`,
      summary: `The assistant stops auto-replying on this thread for ${INBOX_PAUSE_MINUTES} minutes`,
      request: { params: threadParams },
      responses: envelope(z.object({ assistant_paused_until: z.string() })),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      await requireBusinessPermission(c.var.deps.db, business_id, c.var.auth.user.id, 'smses/edit', editRefusal('sms'));
      const until = await pauseAssistant(c.var.deps, business_id, customer_id, c.var.auth.user.id);
      return ok(c, { assistant_paused_until: until.toISOString() }, [inboxMessages.paused(INBOX_PAUSE_MINUTES)]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/hand-back/{customer_id}`,
      summary: 'Hand the thread back to the assistant: it auto-replies again at once',
      request: { params: threadParams },
      responses: envelope(z.object({ assistant_paused_until: z.null() })),
    }),
    async (c) => {
      const { business_id, customer_id } = c.req.valid('param');
      await requireBusinessPermission(c.var.deps.db, business_id, c.var.auth.user.id, 'smses/edit', editRefusal('sms'));
      await handBack(c.var.deps, business_id, customer_id);
      return ok(c, { assistant_paused_until: null }, [inboxMessages.handedBack]);
    },
  );
