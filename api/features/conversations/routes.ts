import { eq } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '#contract/messages';
import { conversations as declared } from '#contract/v1/conversations';
import { conversations } from '#api/db/schema';
import type { Db } from '#api/db/client';
import { ApiError, sendError } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import {
  checkReadable,
  checkWritable,
  messageForViewer,
  visibleConversationsWhere,
  type ConversationViewer,
} from '#api/services/assistant/access';
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
import { streamLatestReply } from './stream';
import { MAX_AUDIO_BYTES, voiceTurn } from './voice';

/** Room for the multipart envelope and the `wait` field around the recording. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const voiceBodyLimit = bodyLimit({
  maxSize: MAX_AUDIO_BYTES + FORM_OVERHEAD_BYTES,
  onError: (c) =>
    sendError(c, new ApiError(413, [messages.voice.audioTooLarge], { audio: [messages.voice.audioTooLarge] })),
});

/** The caller as a reader of this business's conversations (services/assistant/access.ts); 404 outside it. */
async function viewerIn(db: Db, businessId: string, userId: string): Promise<ConversationViewer> {
  const { membership } = await loadMembership(db, businessId, userId);
  return { userId, permissions: membership.permissions };
}

/**
 * Conversations with the assistant, declared in contract/v1/conversations.ts: any member; who
 * sees and writes in which is checked here on the data (services/assistant/access.ts).
 * Another business's are never found (404).
 */
export const conversationsRouter = serveCalls(
  declared,
  {
    list: async (c, { params, body }) => {
      const { db } = c.var.deps;
      const viewer = await viewerIn(db, params.business_id, c.var.auth.user.id);
      return { data: await listConversations(db, params.business_id, body, visibleConversationsWhere(viewer)) };
    },
    create: async (c, { params, body: input }) => {
      const conversation = await createConversation(c.var.deps, params.business_id, {
        channel: input.channel,
        title: input.title,
        userId: c.var.auth.user.id,
      });
      return { data: { conversation } };
    },
    get: async (c, { params }) => {
      const { deps } = c.var;
      const viewer = await viewerIn(deps.db, params.business_id, c.var.auth.user.id);
      const row = checkReadable(viewer, await requireConversation(deps.db, params.business_id, params.conversation_id));
      await expireStaleReplies(deps, row.id);
      const rows = await listMessages(deps.db, row.id);
      const messageList = rows.map((message) => messageForViewer(viewer, serializeMessage(message)));
      return {
        data: {
          conversation: { ...(await conversationRecord(deps.db, row)), messages: messageList },
          messages: messageList,
        },
      };
    },
    update: async (c, { params, body: { message, wait } }) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = params;
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      checkWritable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      const turn = await postMessage(deps, { businessId: business_id, conversationId: conversation_id, message, wait });
      return {
        data: {
          conversation: turn.conversation,
          messages: turn.messages.map((item) => messageForViewer(viewer, item)),
        },
      };
    },
    updateVoice: async (c, { params, body: form }) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = params;
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      checkWritable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      const turn = await voiceTurn(deps, business_id, conversation_id, form as Record<string, unknown>);
      return {
        data: {
          conversation: turn.conversation,
          messages: turn.messages.map((item) => messageForViewer(viewer, item)),
          transcript: turn.transcript,
        },
      };
    },
    streamLatest: async (c, { params, body: { format } }) => {
      const { deps } = c.var;
      const { business_id, conversation_id } = params;
      const viewer = await viewerIn(deps.db, business_id, c.var.auth.user.id);
      checkWritable(viewer, await requireConversation(deps.db, business_id, conversation_id));
      return streamLatestReply(deps, business_id, conversation_id, format, c.req.raw.signal);
    },
    suggestions: async (c, { params }) => {
      return { data: { suggestions: await conversationSuggestions(c.var.deps.db, params.business_id) } };
    },
    streamLatestByConversation: async (c, { params: { conversation_id }, body: { format } }) => {
      const { deps } = c.var;
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
      return streamLatestReply(deps, row.businessId, conversation_id, format, c.req.raw.signal);
    },
  },
  { updateVoice: [voiceBodyLimit] },
);
