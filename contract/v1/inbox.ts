import { z } from 'zod';
import { INBOX_PAUSE_MINUTES, inboxAssignSchema, inboxListSchema, inboxReplySchema } from '../schemas/inbox';
import { businessParams, defineCall } from './define';
import { timelineItemOut } from './timeline';

/**
 * The shared inbox (docs/inbox.md): smses/view to read (forms too with forms/view, a check on
 * the data in the handler), smses/edit to reply, assign, pause and hand back. Thread ids are contact ids.
 */
const tags = ['Inbox'];
const base = 'businesses/inbox/{business_id}';
const threadParams = businessParams.extend({
  customer_id: z.string().min(1).meta({ description: "The thread is the contact's: its id is the contact's id" }),
});

const person = z.object({ _id: z.string(), name: z.string() });
export const inboxMessageOut = z
  .object({
    _id: z.string(),
    type: z.enum(['sms', 'form', 'chat']),
    direction: z.enum(['inbound', 'outbound']),
    author: z.enum(['contact', 'assistant', 'member', 'business']).meta({
      description:
        "assistant: the assistant's own replies and follow-ups; member: a team member's reply; business: other automatic messages (order updates, answers)",
    }),
    /** The member who sent it, for author 'member'. */
    sent_by: person.nullable(),
    body: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    status: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'InboxMessage' });
export const inboxThreadOut = z
  .object({
    _id: z.string(),
    customer: person.extend({ phones: z.array(z.string()) }),
    last_message: inboxMessageOut.nullable(),
    last_message_at: z.string().nullable(),
    message_count: z.number(),
    unread: z.number().meta({ description: 'Messages from the contact the caller has not read' }),
    assigned_to: person.nullable(),
    /** While in the future, the assistant does not auto-reply on this thread. */
    assistant_paused_until: z.string().nullable(),
  })
  .meta({ id: 'InboxThread' });
export type ApiInboxMessage = z.output<typeof inboxMessageOut>;
export type ApiInboxThread = z.output<typeof inboxThreadOut>;

/** The page opening a thread counts it read already: its loader marks it while the layout counts. */
const unreadBody = z.object({
  except_customer_id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Leave this thread out of the total' }),
});

export const inbox = {
  unread: defineCall({
    path: `${base}/unread`,
    params: businessParams,
    body: unreadBody,
    bodyRequired: false,
    response: z.object({ unread: z.number() }),
    permission: 'smses/view',
    summary: 'How many messages from contacts the caller has not read, across every thread (the Inbox badge)',
    tags,
  }),
  list: defineCall({
    path: `${base}/list`,
    params: businessParams,
    body: inboxListSchema,
    bodyRequired: false,
    response: z.object({
      threads: z.array(inboxThreadOut),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
      members: z.array(person).meta({ description: 'Who threads can be assigned to (members who may view SMS)' }),
    }),
    permission: 'smses/view',
    summary:
      "Threads (one per contact with SMS or forms), newest message first, with the caller's unread counts; filter all, mine or unassigned",
    tags,
  }),
  get: defineCall({
    path: `${base}/get/{customer_id}`,
    params: threadParams,
    body: z.object({ mark_read: z.boolean({ error: 'mark_read must be true or false.' }).optional() }),
    bodyRequired: false,
    response: z.object({ thread: inboxThreadOut, messages: z.array(inboxMessageOut) }),
    permission: 'smses/view',
    summary: 'One thread and its newest 200 messages, oldest first; { mark_read: true } marks it read for the caller',
    tags,
  }),
  reply: defineCall({
    path: `${base}/reply/{customer_id}`,
    params: threadParams,
    body: inboxReplySchema,
    response: z.object({ sms: timelineItemOut.nullable(), assistant_paused_until: z.string() }),
    permission: 'smses/edit',
    summary: `Text the contact from the business number (refused when they texted STOP); the assistant then stays out of the thread for ${INBOX_PAUSE_MINUTES} minutes`,
    tags,
  }),
  assign: defineCall({
    path: `${base}/assign/{customer_id}`,
    params: threadParams,
    body: inboxAssignSchema,
    response: z.object({ assigned_to: person.nullable() }),
    permission: 'smses/edit',
    summary: 'Assign the thread to a member who may view SMS ({ user_id }), or unassign ({ user_id: null })',
    tags,
  }),
  pause: defineCall({
    path: `${base}/pause/{customer_id}`,
    params: threadParams,
    response: z.object({ assistant_paused_until: z.string() }),
    permission: 'smses/edit',
    summary: `The assistant stops auto-replying on this thread for ${INBOX_PAUSE_MINUTES} minutes`,
    tags,
  }),
  handBack: defineCall({
    path: `${base}/hand-back/{customer_id}`,
    params: threadParams,
    response: z.object({ assistant_paused_until: z.null() }),
    permission: 'smses/edit',
    summary: 'Hand the thread back to the assistant: it auto-replies again at once',
    tags,
  }),
};
