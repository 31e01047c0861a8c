import { and, desc, eq, isNull } from 'drizzle-orm';
import { conversationMessages, conversations } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { publishConversation, type ConversationDeps, type MessageRow } from './conversations';

/**
 * An assistant message that answers no user message of its own: a line a call said between
 * turns, the owner's answer posted back into the chat where a question was asked. It goes
 * strictly after the conversation's last message, so "oldest first" stays the order things
 * were said in. Null when the conversation is not this business's (or is gone).
 */
export async function appendAssistantMessage(
  deps: ConversationDeps,
  businessId: string,
  conversationId: string,
  text: string,
): Promise<MessageRow | null> {
  const content = text.trim();
  if (!content) return null;
  const [last] = await deps.db
    .select({ createdAt: conversationMessages.createdAt })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(1);
  const at = new Date(Math.max(deps.clock.now().getTime(), (last?.createdAt.getTime() ?? 0) + 1));
  const [conversation] = await deps.db
    .update(conversations)
    .set({ updatedAt: at })
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.businessId, businessId),
        isNull(conversations.deletedAt),
      ),
    )
    .returning();
  if (!conversation) return null;
  const [row] = await deps.db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId,
      businessId,
      role: 'assistant',
      content,
      status: 'complete',
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await publishConversation(deps, conversation);
  return row;
}
