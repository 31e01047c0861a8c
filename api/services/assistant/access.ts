import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { ApiConversationMessage } from '#contract/envelope';
import { messages } from '#contract/messages';
import { hasPermission, type Permission } from '#contract/permissions';
import {
  isMemberChannel,
  MEMBER_CHANNELS,
  type ConversationAction,
  type ConversationChannel,
  type ConversationSource,
} from '#contract/schemas/conversation';
import { conversations } from '#api/db/schema';
import { forbidden } from '#api/lib/errors';
import { conversationNotFound, type ConversationRow } from './conversations';

/**
 * Who may see and write in a conversation. A chat or voice test belongs to the member who
 * started it: only they list it, read it, write in it or stream its replies (admins too:
 * a member's questions to the assistant are theirs). A conversation the assistant had with
 * a customer (call, SMS, web form) is read with that channel's view permission, like the
 * timeline item it belongs to, and written in by nobody from the dashboard: only the
 * customer speaks in it. What one may not see is not found (404), like another business's.
 *
 * Inside what one may read, an answer's sources and actions name records of other kinds
 * (a memory, a service, a task, a customer, an order); each is shown only to members who
 * may view that kind. The answer's words stay: the assistant says them to any caller.
 */
export type ConversationViewer = { userId: string; permissions: readonly string[] | null | undefined };

const CHANNEL_VIEW: Record<Exclude<ConversationChannel, 'chat' | 'voice'>, Permission> = {
  call: 'calls/view',
  sms: 'smses/view',
  form: 'forms/view',
};

export function maySeeConversation(
  viewer: ConversationViewer,
  row: Pick<ConversationRow, 'channel' | 'userId'>,
): boolean {
  if (isMemberChannel(row.channel)) return row.userId === viewer.userId;
  const needed = CHANNEL_VIEW[row.channel as keyof typeof CHANNEL_VIEW];
  return Boolean(needed) && hasPermission(viewer.permissions ?? [], needed);
}

/** The list's filter: the viewer's own chats, and the customer channels they may view. */
export function visibleConversationsWhere(viewer: ConversationViewer): SQL {
  const channels = (Object.keys(CHANNEL_VIEW) as (keyof typeof CHANNEL_VIEW)[]).filter((channel) =>
    hasPermission(viewer.permissions ?? [], CHANNEL_VIEW[channel]),
  );
  const own = and(inArray(conversations.channel, [...MEMBER_CHANNELS]), eq(conversations.userId, viewer.userId))!;
  return channels.length ? or(own, inArray(conversations.channel, channels))! : own;
}

/** A conversation the viewer may read, or 404. */
export function checkReadable(viewer: ConversationViewer, row: ConversationRow): ConversationRow {
  if (!maySeeConversation(viewer, row)) throw conversationNotFound();
  return row;
}

/** A conversation the viewer may write in (or stream a reply of): their own chat. 404 when they may not even read it. */
export function checkWritable(viewer: ConversationViewer, row: ConversationRow): ConversationRow {
  checkReadable(viewer, row);
  if (!isMemberChannel(row.channel)) throw forbidden(messages.conversation.notYours);
  return row;
}

const SOURCE_VIEW: Record<ConversationSource['kind'], Permission | null> = {
  memory: 'memories/view',
  service: 'services/view',
  business: null,
};
const ACTION_VIEW: Record<ConversationAction['type'], Permission> = {
  task_created: 'notes/view',
  task_updated: 'notes/view',
  question_recorded: 'memories/view',
  customer_found: 'customers/view',
  order_created: 'orders/view',
  appointment_booked: 'customers/view',
};

/** The message as this viewer may see it: sources and actions of kinds they may not view are left out. */
export function messageForViewer(viewer: ConversationViewer, message: ApiConversationMessage): ApiConversationMessage {
  const granted = viewer.permissions ?? [];
  return {
    ...message,
    // A kind this list does not know is shown to nobody.
    sources: (message.sources ?? []).filter(
      (source) => source.kind in SOURCE_VIEW && hasPermission(granted, SOURCE_VIEW[source.kind]),
    ),
    actions: (message.actions ?? []).filter(
      (action) => action.type in ACTION_VIEW && hasPermission(granted, ACTION_VIEW[action.type]),
    ),
  };
}
