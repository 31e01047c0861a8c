/**
 * The channels a conversation with the assistant comes in on, with their labels, apart from the
 * conversation schemas (contract/schemas/conversation.ts, which re-exports them) so that the
 * conversation pages show them without loading zod.
 */
export const CONVERSATION_CHANNELS = ['chat', 'voice', 'call', 'sms', 'form'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];
/** Channels a member talks to the assistant on (their own chats); the others are a customer's conversations. */
export const MEMBER_CHANNELS: readonly ConversationChannel[] = ['chat', 'voice'];
export const isMemberChannel = (channel: string): boolean => (MEMBER_CHANNELS as readonly string[]).includes(channel);
export const CONVERSATION_CHANNEL_LABELS: Record<ConversationChannel, string> = {
  chat: 'Chat',
  voice: 'Voice',
  call: 'Phone call',
  sms: 'SMS',
  form: 'Web form',
};
