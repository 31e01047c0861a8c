import { z } from '@hono/zod-openapi';
import { CONVERSATION_CHANNELS } from '#contract/schemas/conversation';
import { listFiltersSchema } from '#contract/schemas/list';
import { businessIdParam } from '#api/lib/openapi';

/** Request and response schemas of the conversation calls (the OpenAPI document is built from them). */
export const conversationIdParam = businessIdParam.extend({
  conversation_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'conversation_id', in: 'path' } }),
});
export const bareConversationIdParam = z.object({
  conversation_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'conversation_id', in: 'path' } }),
});

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
const actionOut = z.object({
  type: z.enum(['task_created', 'question_recorded', 'customer_found', 'order_created', 'appointment_booked']),
  summary: z.string(),
  note_id: z.string().optional(),
  memory_id: z.string().optional(),
  customer_id: z.string().optional(),
  order_id: z.string().optional(),
  appointment_id: z.string().optional(),
  duplicate: z.boolean().optional(),
});

export const messageOut = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    created_at: z.string(),
    status: z
      .enum(['complete', 'streaming', 'failed'])
      .openapi({ description: "'streaming' while the reply is produced (get-message-streamed follows it)" }),
    sources: z
      .array(sourceOut)
      .optional()
      .openapi({ description: 'Memories, services and business details the answer came from' }),
    actions: z
      .array(actionOut)
      .optional()
      .openapi({ description: 'What the assistant did: task created, question recorded, order taken' }),
    from_voice: z.boolean().optional(),
    error: z.string().nullable().optional().openapi({ description: 'Why a failed reply failed' }),
  })
  .openapi('ConversationMessage');

export const conversationOut = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    channel: z.enum(CONVERSATION_CHANNELS),
    title: z.string().nullable().openapi({ description: 'Given at create, else the first message (truncated)' }),
    user_id: z.string().nullable(),
    customer_id: z.string().nullable(),
    message_count: z.number(),
    last_message: z
      .object({ role: z.enum(['user', 'assistant']), content: z.string(), created_at: z.string() })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    messages: z.array(messageOut).optional().openapi({ description: 'get only: every message, oldest first' }),
  })
  .openapi('Conversation');

export const conversationData = z.object({ conversation: conversationOut });
export const conversationGetData = z.object({ conversation: conversationOut, messages: z.array(messageOut) });
export const conversationListData = z.object({
  conversations: z.array(conversationOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export const turnData = z.object({
  conversation: conversationOut,
  messages: z.array(messageOut).openapi({ description: 'Every message, oldest first, the reply last' }),
});
export const voiceTurnData = turnData.extend({
  transcript: z.string().openapi({ description: 'What the recording was heard as (the stored message)' }),
});
export const suggestionsData = z.object({ suggestions: z.array(z.string()) });

export const voiceForm = z.object({
  audio: z.any().optional().openapi({
    type: 'string',
    format: 'binary',
    description: 'A WAV recording, 16-bit PCM (the browser sends 16 kHz mono); at most 10 MB',
  }),
  wait: z
    .string()
    .optional()
    .openapi({ description: "'false' answers at once while the reply is produced; default true" }),
});
