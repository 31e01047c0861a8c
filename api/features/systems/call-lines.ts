import { and, eq } from 'drizzle-orm';
import { conversationMessages, conversations } from '#api/db/schema';
import { appendAssistantMessage } from '#api/services/assistant/appended-messages';
import { publishConversation } from '#api/services/assistant/conversations';
import type { InboundDeps } from './call-context';

/**
 * A call's conversation holds exactly what the caller heard, since its transcript, its
 * summary and the conversation page are read from it. The assistant's reply is not always
 * what the call says: a transfer says its own line instead, a failed reply is apologised
 * for, a voice reads no markdown; and the call says lines of its own between turns (a
 * "didn't catch that", a goodbye, a voicemail prompt). Every handler that makes the call say
 * something goes through one of these two.
 */

/** A line the call said outside any turn: added after the conversation's last message. */
export async function recordCallLine(
  deps: InboundDeps,
  businessId: string,
  conversationId: string | null | undefined,
  text: string,
): Promise<void> {
  if (conversationId) await appendAssistantMessage(deps, businessId, conversationId, text);
}

/** The reply as the call said it, when that differs from what the assistant wrote. */
export async function recordSaidReply(
  deps: InboundDeps,
  businessId: string,
  messageId: string,
  said: string,
): Promise<void> {
  const content = said.trim();
  const [row] = await deps.db
    .update(conversationMessages)
    .set({ content, updatedAt: deps.clock.now() })
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.businessId, businessId)))
    .returning({ conversationId: conversationMessages.conversationId });
  if (!row) return;
  const [conversation] = await deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.id, row.conversationId))
    .limit(1);
  if (conversation) await publishConversation(deps, conversation);
}
