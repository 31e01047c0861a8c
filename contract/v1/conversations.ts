import { z } from 'zod';
import {
  CONVERSATION_CHANNELS,
  conversationCreateSchema,
  conversationMessageSchema,
  streamRequestSchema,
} from '../schemas/conversation';
import { listFiltersSchema } from '../schemas/list';
import { businessParams, defineCall, idParams } from './define';

/**
 * Conversations with the assistant (docs/product.md#v1-calls): any member may start one; who
 * sees and writes in which is decided on the data (api/services/assistant/access.ts: one's own
 * chats; customers' conversations by channel permission, read-only).
 */
const tags = ['Conversations'];
const conversationParams = idParams('conversation_id');

export const conversationListBody = listFiltersSchema.extend({
  channel: z
    .enum(CONVERSATION_CHANNELS, { error: `Channel must be one of ${CONVERSATION_CHANNELS.join(', ')}.` })
    .optional(),
});

const sourceOut = z.object({
  kind: z.enum(['memory', 'service', 'business']),
  _id: z.string().nullable(),
  type: z.string(),
  title: z.string().nullable(),
});
/** What the assistant did while answering (contract/schemas/conversation.ts ConversationAction). */
const actionOut = z.discriminatedUnion('type', [
  z.object({ type: z.literal('task_created'), note_id: z.string(), summary: z.string() }),
  z.object({ type: z.literal('task_updated'), note_id: z.string(), summary: z.string() }),
  z.object({
    type: z.literal('question_recorded'),
    memory_id: z.string(),
    summary: z.string(),
    duplicate: z.boolean(),
  }),
  z.object({ type: z.literal('customer_found'), customer_id: z.string(), summary: z.string() }),
  z.object({ type: z.literal('order_created'), order_id: z.string(), summary: z.string() }),
  z.object({ type: z.literal('appointment_booked'), appointment_id: z.string(), summary: z.string() }),
]);

export const messageOut = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    created_at: z.string(),
    status: z
      .enum(['complete', 'streaming', 'failed'])
      .meta({ description: "'streaming' while the reply is produced (get-message-streamed follows it)" }),
    sources: z
      .array(sourceOut)
      .optional()
      .meta({ description: 'Memories, services and business details the answer came from' }),
    actions: z
      .array(actionOut)
      .optional()
      .meta({ description: 'What the assistant did: task created, question recorded, order taken' }),
    from_voice: z.boolean().optional(),
    error: z.string().nullable().optional().meta({ description: 'Why a failed reply failed' }),
  })
  .meta({ id: 'ConversationMessage' });

export const conversationOut = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    channel: z.enum(CONVERSATION_CHANNELS),
    title: z.string().nullable().meta({ description: 'Given at create, else the first message (truncated)' }),
    user_id: z.string().nullable(),
    customer_id: z.string().nullable(),
    message_count: z.number(),
    last_message: z
      .object({ role: z.enum(['user', 'assistant']), content: z.string(), created_at: z.string() })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    messages: z.array(messageOut).optional().meta({ description: 'get only: every message, oldest first' }),
  })
  .meta({ id: 'Conversation' });

const conversationData = z.object({ conversation: conversationOut });
const turnData = z.object({
  conversation: conversationOut,
  messages: z.array(messageOut).meta({ description: 'Every message, oldest first, the reply last' }),
});

/** Documents the form only: the handler reads and checks the recording itself (a clear message per case). */
export const voiceForm = z.object({
  audio: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: 'A WAV recording, 16-bit PCM (the browser sends 16 kHz mono); at most 10 MB',
  }),
  wait: z
    .string()
    .optional()
    .meta({ description: "'false' answers at once while the reply is produced; default true" }),
});

/** The latest reply as it is produced; refusals before the first chunk are the envelope. */
const replyStream = {
  description:
    'The reply, chunk by chunk as it is produced: text/plain (format text) or one streaming audio/wav (format audio). A failure after the first chunk aborts the body.',
  content: { 'text/plain': z.string(), 'audio/wav': z.string().meta({ format: 'binary' }) },
};

export const conversations = {
  list: defineCall({
    path: 'businesses/conversations/{business_id}/list',
    params: businessParams,
    body: conversationListBody,
    bodyRequired: false,
    response: z.object({
      conversations: z.array(conversationOut),
      total: z.number(),
      page: z.number(),
      limit: z.number(),
    }),
    permission: 'member',
    summary:
      'List conversations: paged, newest first by created_at (or updated_at), filterable by channel and created_at',
    tags,
  }),
  create: defineCall({
    path: 'businesses/conversations/{business_id}/create',
    params: businessParams,
    body: conversationCreateSchema,
    bodyRequired: false,
    response: conversationData,
    permission: 'member',
    summary: 'Start a conversation (chat or voice)',
    tags,
  }),
  get: defineCall({
    path: 'businesses/conversations/{business_id}/get/{conversation_id}',
    params: conversationParams,
    response: z.object({ conversation: conversationOut, messages: z.array(messageOut) }),
    permission: 'member',
    summary: 'One conversation with its messages, oldest first',
    tags,
  }),
  update: defineCall({
    path: 'businesses/conversations/{business_id}/update/{conversation_id}',
    params: conversationParams,
    body: conversationMessageSchema,
    response: turnData,
    permission: 'member',
    summary:
      "Send a message: answers every message, oldest first, with the assistant's reply (wait=false: at once, the reply 'streaming')",
    tags,
  }),
  /** No speech recognition on this server: 503 'Voice is not available on this server.' */
  updateVoice: defineCall({
    path: 'businesses/conversations/{business_id}/update-voice/{conversation_id}',
    params: conversationParams,
    body: voiceForm,
    bodyKind: 'multipart',
    response: turnData.extend({
      transcript: z.string().meta({ description: 'What the recording was heard as (the stored message)' }),
    }),
    permission: 'member',
    summary:
      'Send a spoken message (multipart: audio = WAV, 16-bit PCM, at most 10 MB): transcribed, then answered like update; 503 without speech recognition',
    tags,
  }),
  streamLatest: defineCall({
    path: 'businesses/conversations/{business_id}/get-message-streamed/{conversation_id}',
    params: conversationParams,
    body: streamRequestSchema,
    bodyRequired: false,
    response: z.string(),
    stream: replyStream,
    permission: 'member',
    summary:
      "Stream the latest reply as it is produced (starting it if the latest message has none): text chunks, or audio with { format: 'audio' }",
    tags,
  }),
  suggestions: defineCall({
    path: 'businesses/conversations/{business_id}/suggestions',
    params: businessParams,
    response: z.object({ suggestions: z.array(z.string()) }),
    permission: 'member',
    summary: 'Questions to try the assistant with, drawn from what it knows',
    tags,
  }),
  /** The conversation names its business; the handler checks the caller is a member of it (else 404). */
  streamLatestByConversation: defineCall({
    path: 'conversations/get-message-streamed/{conversation_id}',
    params: z.object({ conversation_id: z.string().min(1) }),
    body: streamRequestSchema,
    bodyRequired: false,
    response: z.string(),
    stream: replyStream,
    permission: 'signed-in',
    summary: 'get-message-streamed without the business in the path: the conversation names it (membership is checked)',
    tags,
  }),
};
