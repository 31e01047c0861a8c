import { z } from 'zod';
import { requiredText } from '../fields';
import { messages } from '../messages';

export * from '../conversation-channels';

/**
 * Conversations with the assistant (spec: Conversation, id = conversation_id). The same
 * assistant answers every channel: the dashboard's chat and voice tests, and (telephony
 * issue) phone calls, SMS and web forms.
 */

/** Where a fact in an answer came from: a memory, a service, or the business's own settings (hours, address). */
export type ConversationSource = {
  kind: 'memory' | 'service' | 'business';
  _id: string | null;
  /** Memory type (web_page, answered_question, ...), 'service', or the business field ('opening_hours', 'address', ...). */
  type: string;
  title: string | null;
};

/** What the assistant did while answering. */
export type ConversationAction =
  | { type: 'task_created'; note_id: string; summary: string }
  /** A detail the caller gave later (their preferred time) added to the task made earlier in the conversation. */
  | { type: 'task_updated'; note_id: string; summary: string }
  | { type: 'question_recorded'; memory_id: string; summary: string; duplicate: boolean }
  | { type: 'customer_found'; customer_id: string; summary: string }
  | { type: 'order_created'; order_id: string; summary: string }
  | { type: 'appointment_booked'; appointment_id: string; summary: string };

export const MESSAGE_MAX = 2000;

export const conversationCreateSchema = z.object({
  channel: z.enum(['chat', 'voice'], { error: 'Channel must be chat or voice.' }).default('chat'),
  title: z
    .string()
    .trim()
    .max(100, { error: 'Title must be less than 100 characters.' })
    .optional()
    .transform((value) => value || undefined),
});

/** update/{id}: one message from the member. `wait: false` answers at once and lets get-message-streamed follow the reply. */
export const conversationMessageSchema = z.object({
  message: requiredText(messages.conversation.messageRequired, {
    length: MESSAGE_MAX,
    message: messages.conversation.messageTooLong,
  }),
  wait: z.boolean().default(true),
});

/** get-message-streamed/{id}: text chunks by default, or the answer spoken (DESIGN.md). */
export const streamRequestSchema = z.object({
  format: z.enum(['text', 'audio'], { error: 'Format must be text or audio.' }).default('text'),
});
