import { and, desc, eq } from 'drizzle-orm';
import { conversationMessages, conversations } from '../../db/schema';
import { newId } from '../../lib/crypto';
import { publishConversation } from '../assistant/conversations';
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
export async function recordCallLine(deps: InboundDeps, businessId: string, conversationId: string | null | undefined, text: string): Promise<void> {
  const content = text.trim();
  if (!conversationId || !content) return;
  const [last] = await deps.db
    .select({ createdAt: conversationMessages.createdAt })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(1);
  // Strictly after the last message, so "oldest first" stays the order the caller heard them in.
  const at = new Date(Math.max(deps.clock.now().getTime(), (last?.createdAt.getTime() ?? 0) + 1));
  const [conversation] = await deps.db
    .update(conversations)
    .set({ updatedAt: at })
    .where(and(eq(conversations.id, conversationId), eq(conversations.businessId, businessId)))
    .returning();
  if (!conversation) return;
  await deps.db.insert(conversationMessages).values({ id: newId(), conversationId, businessId, role: 'assistant', content, status: 'complete', createdAt: at, updatedAt: at });
  await publishConversation(deps, conversation);
}

/** The reply as the call said it, when that differs from what the assistant wrote. */
export async function recordSaidReply(deps: InboundDeps, businessId: string, messageId: string, said: string): Promise<void> {
  const content = said.trim();
  const [row] = await deps.db
    .update(conversationMessages)
    .set({ content, updatedAt: deps.clock.now() })
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.businessId, businessId)))
    .returning({ conversationId: conversationMessages.conversationId });
  if (!row) return;
  const [conversation] = await deps.db.select().from(conversations).where(eq(conversations.id, row.conversationId)).limit(1);
  if (conversation) await publishConversation(deps, conversation);
}
