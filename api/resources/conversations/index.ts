import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '#contract/messages';
import {
  conversationCreateSchema,
  conversationMessageSchema,
  streamRequestSchema,
} from '#contract/schemas/conversation';
import { conversations } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { ApiError, sendError } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import type { Db } from '#api/db/client';
import {
  checkReadable,
  checkWritable,
  messageForViewer,
  visibleConversationsWhere,
  type ConversationViewer,
} from '#api/services/assistant/access';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import {
  conversationNotFound,
  conversationRecord,
  createConversation,
  listConversations,
  listMessages,
  requireConversation,
  serializeMessage,
} from '#api/services/assistant/conversations';
import { conversationSuggestions } from '#api/services/assistant/suggestions';
import { expireStaleReplies, postMessage } from '#api/services/assistant/turns';
import { optionalJsonBody, parseWith } from '../timeline/schemas';
import {
  bareConversationIdParam,
  conversationData,
  conversationGetData,
  conversationIdParam,
  conversationListBody,
  conversationListData,
  suggestionsData,
  turnData,
  voiceForm,
  voiceTurnData,
} from './schemas';
import { streamLatestReply } from './stream';
import { MAX_AUDIO_BYTES, voiceTurn } from './voice';

const tags = ['Conversations'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/conversations/{business_id}';

const errorJson = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: z.object({
        errors: z.array(z.string()),
        field_errors: z.record(z.string(), z.array(z.string())).optional(),
      }),
    },
  },
});
const unavailable = errorJson('Voice is not available on this server');
const streamResponses = {
  200: {
    description:
      'The reply, chunk by chunk as it is produced: text/plain (format text) or one streaming audio/wav (format audio). A failure after the first chunk aborts the body.',
    content: {
      'text/plain': { schema: z.string() },
      'audio/wav': { schema: z.string().openapi({ format: 'binary' }) },
    },
  },
  401: errorJson('Not signed in, or the token expired or was revoked'),
  404: errorJson("Not found, or not in one of the caller's businesses"),
  422: errorJson('Nothing to stream yet, or the body is not valid'),
  500: errorJson('The reply failed before streaming began'),
  503: unavailable,
};

/** Room for the multipart envelope and the `wait` field around the recording. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The caller as a reader of this business's conversations (services/assistant/access.ts); 404 outside it. */
async function viewerIn(db: Db, businessId: string, userId: string): Promise<ConversationViewer> {
  const { membership } = await loadMembership(db, businessId, userId);
  return { userId, permissions: membership.permissions };
}

/**
 * Conversations with the assistant (docs/product.md#v1-calls): any member may start one; who sees and
 * writes in which is decided in services/assistant/access.ts (one's own chats; customers'
 * conversations by channel permission, read-only). Another business's are never found (404).
 */
export const conversationsRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary:
        'List conversations: paged, newest first by created_at (or updated_at), filterable by channel and created_at',
      request: { params: businessIdParam, body: optionalJsonBody(conversationListBody) },
      responses: envelope(conversationListData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const viewer = await viewerIn(db, business_id, c.var.auth.user.id);
      return ok(
        c,
        await listConversations(
          db,
          business_id,
          parseWith(conversationListBody, c.req.valid('json')),
          visibleConversationsWhere(viewer),
        ),
      );
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/create`,
      summary: 'Start a conversation (chat or voice)',
      request: { params: businessIdParam, body: optionalJsonBody(conversationCreateSchema) },
      responses: envelope(conversationData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id } = c.req.valid('param');
      await loadMembership(deps.db, business_id, c.var.auth.user.id);
      const input = parseWith(conversationCreateSchema, c.req.valid('json'));
      const conversation = await createConversation(deps, business_id, {
        channel: input.channel,
        title: input.title,
        userId: c.var.auth.user.id,
      });
      return ok(c, { conversation });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{conversation_id}`,
      summary: 'One conversation with its messages, oldest first',
      request: { params: conversationIdParam },
      responses: envelope(conversationGetData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = c.req.valid('param');
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      const row = checkReadable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      await expireStaleReplies(deps, row.id);
      const rows = await listMessages(deps.db, row.id);
      const messageList = rows.map((message) => messageForViewer(viewer, serializeMessage(message)));
      return ok(c, {
        conversation: { ...(await conversationRecord(deps.db, row)), messages: messageList },
        messages: messageList,
      });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update/{conversation_id}`,
      summary:
        "Send a message: answers every message, oldest first, with the assistant's reply (wait=false: at once, the reply 'streaming')",
      request: { params: conversationIdParam, body: jsonBody(conversationMessageSchema) },
      responses: envelope(turnData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = c.req.valid('param');
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      checkWritable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      const { message, wait } = c.req.valid('json');
      const turn = await postMessage(deps, { businessId: business_id, conversationId: conversation_id, message, wait });
      return ok(c, {
        conversation: turn.conversation,
        messages: turn.messages.map((item) => messageForViewer(viewer, item)),
      });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/update-voice/{conversation_id}`,
      summary:
        'Send a spoken message (multipart: audio = WAV, 16-bit PCM, at most 10 MB): transcribed, then answered like update; 503 without speech recognition',
      middleware: [
        requireAuth,
        bodyLimit({
          maxSize: MAX_AUDIO_BYTES + FORM_OVERHEAD_BYTES,
          onError: (c) =>
            sendError(c, new ApiError(413, [messages.voice.audioTooLarge], { audio: [messages.voice.audioTooLarge] })),
        }),
      ],
      request: {
        params: conversationIdParam,
        body: { required: true, content: { 'multipart/form-data': { schema: voiceForm } } },
      },
      // No speech recognition on this server: 503 'Voice is not available on this server.'
      responses: envelope(voiceTurnData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = c.req.valid('param');
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      checkWritable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      const form = c.req.valid('form') as Record<string, unknown>;
      const turn = await voiceTurn(deps, business_id, conversation_id, form);
      return ok(c, {
        conversation: turn.conversation,
        messages: turn.messages.map((item) => messageForViewer(viewer, item)),
        transcript: turn.transcript,
      });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get-message-streamed/{conversation_id}`,
      summary:
        "Stream the latest reply as it is produced (starting it if the latest message has none): text chunks, or audio with { format: 'audio' }",
      request: { params: conversationIdParam, body: optionalJsonBody(streamRequestSchema) },
      responses: streamResponses,
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = c.req.valid('param');
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      checkWritable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      const { format } = parseWith(streamRequestSchema, c.req.valid('json'));
      return streamLatestReply(deps, business_id, conversation_id, format, c.req.raw.signal);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/suggestions`,
      summary: 'Questions to try the assistant with, drawn from what it knows',
      request: { params: businessIdParam },
      responses: envelope(suggestionsData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await loadMembership(db, business_id, c.var.auth.user.id);
      return ok(c, { suggestions: await conversationSuggestions(db, business_id) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: '/conversations/get-message-streamed/{conversation_id}',
      summary:
        'get-message-streamed without the business in the path: the conversation names it (membership is checked)',
      request: { params: bareConversationIdParam, body: optionalJsonBody(streamRequestSchema) },
      responses: streamResponses,
    }),
    async (c) => {
      const { deps } = c.var;
      const { conversation_id } = c.req.valid('param');
      const [row] = await deps.db
        .select({ businessId: conversations.businessId })
        .from(conversations)
        .where(eq(conversations.id, conversation_id))
        .limit(1);
      if (!row) throw conversationNotFound();
      let viewer: ConversationViewer;
      try {
        viewer = await viewerIn(deps.db, row.businessId, c.var.auth.user.id);
      } catch (error) {
        // Not a member: the same answer as for a conversation that does not exist.
        if (error instanceof ApiError && error.status === 404) throw conversationNotFound();
        throw error;
      }
      checkWritable(viewer, await requireConversation(deps.db, row.businessId, conversation_id));
      const { format } = parseWith(streamRequestSchema, c.req.valid('json'));
      return streamLatestReply(deps, row.businessId, conversation_id, format, c.req.raw.signal);
    },
  );
