import { z } from 'zod';
import { requiredText } from '../fields';

/**
 * The shared inbox (docs/inbox.md): one thread per contact built from their SMS and web
 * forms, with an assignee, the assistant's pause and each member's unread count.
 */
export const INBOX_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = { all: 'All', mine: 'Mine', unassigned: 'Unassigned' };

/** How long the assistant stays out of a thread after a member replies in it. */
export const INBOX_PAUSE_MINUTES = 30;
/** An SMS longer than this is refused rather than split into a pile of segments. */
export const INBOX_REPLY_MAX = 1600;

export const inboxMessages = {
  filter: `Filter must be one of ${INBOX_FILTERS.join(', ')}.`,
  replyRequired: 'Write a message to send.',
  replyTooLong: `A reply can be at most ${INBOX_REPLY_MAX} characters.`,
  assigneeNotMember: 'Assign the conversation to a member of this business.',
  noPhone: 'This contact has no phone number to text.',
  noNumber: 'The business has no phone number to text from (set one up under Settings → Systems).',
  replySent: 'Reply sent.',
  assigned: (name: string) => `Assigned to ${name}.`,
  unassigned: 'Conversation unassigned.',
  handedBack: 'The assistant answers this conversation again.',
  paused: (minutes: number) => `The assistant stays out of this conversation for ${minutes} minutes.`,
} as const;

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

/** Who wrote a message of a thread. */
export type InboxAuthor = 'contact' | 'assistant' | 'member' | 'business';
