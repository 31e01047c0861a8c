import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConversationAction, ConversationSource } from '#contract/schemas/conversation';
import { users } from './accounts';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt } from './columns';
import { customers } from './contacts';

/**
 * Conversations with the assistant: the dashboard's chat and voice tests now, and later
 * the phone calls, SMS and web forms it answers (channel). Spec: id (conversation_id).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    channel: text('channel').notNull(),
    title: text('title'),
    /** The member who started it from the dashboard (chat, voice); null for callers. */
    userId: text('user_id').references(() => users.id),
    customerId: text('customer_id').references(() => customers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [index('conversations_business_created').on(table.businessId, table.createdAt)],
);

/**
 * One message of a conversation. An assistant reply is inserted as 'streaming' when its
 * generation starts (reply_to = the user message it answers, unique: exactly one reply per
 * message, whichever server starts it) and becomes 'complete' or 'failed'.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull().default(''),
    status: text('status', { enum: ['complete', 'streaming', 'failed'] })
      .notNull()
      .default('complete'),
    replyTo: text('reply_to'),
    /** Memories and services the answer came from. */
    sources: jsonb('sources').$type<ConversationSource[]>().notNull().default([]),
    /** What the assistant did while answering (task created, question recorded, ...). */
    actions: jsonb('actions').$type<ConversationAction[]>().notNull().default([]),
    /** Voice turns: the stored recording (storage key) the transcript came from. */
    audioKey: text('audio_key'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('conversation_messages_conversation').on(table.conversationId, table.createdAt),
    uniqueIndex('conversation_messages_reply_to').on(table.replyTo),
  ],
);
