/**
 * The inbox's filters, limits and messages, apart from its schemas (contract/schemas/inbox.ts,
 * which re-exports them) so that the inbox pages show them without loading zod.
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

/** Who wrote a message of a thread. */
export type InboxAuthor = 'contact' | 'assistant' | 'member' | 'business';
