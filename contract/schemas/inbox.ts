import { z } from 'zod';
import { requiredText } from '../fields';
import { INBOX_FILTERS, INBOX_REPLY_MAX, inboxMessages } from '../inbox-terms';

export * from '../inbox-terms';

/**
 * The shared inbox (docs/inbox.md): one thread per contact built from their SMS and web
 * forms, with an assignee, the assistant's pause and each member's unread count.
 */
export const inboxListSchema = z.object({
  filter: z.enum(INBOX_FILTERS, { error: inboxMessages.filter }).default('all'),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const inboxReplySchema = z.object({
  message: requiredText(inboxMessages.replyRequired, { length: INBOX_REPLY_MAX, message: inboxMessages.replyTooLong }),
});

export const inboxAssignSchema = z.object({
  /** A member's user id; null or "" unassigns. */
  user_id: z
    .union([z.string().trim().max(100), z.null()], { error: inboxMessages.assigneeNotMember })
    .transform((value) => value || null),
});
