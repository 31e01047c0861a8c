import { eq } from 'drizzle-orm';
import type { BusinessSettings } from '#contract/schemas/business-settings';
import { conversationMessages, conversations } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { findConversation, publishConversation } from '#api/services/assistant/conversations';
import { storeUserMessage } from '#api/services/assistant/turns';
import { digits, isPhone, type Context, type InboundDeps } from './call-context';
import { phoneSettings } from './text-back';
import { dial, say, twimlResponse } from './twiml';
import type { SystemRow } from './store';

/** Putting a caller through to a person: to which number, the TwiML that dials it, and the exchange it stores. */

/** Who a caller is put through to: the system's transfer number, else the assistant's escalation phone. */
export function transferNumber(
  system: SystemRow,
  settings: BusinessSettings,
  options: { exclude?: (string | null | undefined)[] } = {},
): string | null {
  const own = phoneSettings(system).transfer_number;
  const candidate = own || settings.assistant.escalation_phone;
  if (!isPhone(candidate)) return null;
  if ((options.exclude ?? []).some((number) => number && digits(number) === digits(candidate))) return null;
  return candidate;
}

export function transferTwiml(context: Context, system: SystemRow, text: string, to: string): string {
  return twimlResponse(
    say(text, { voice: context.voice.voice }),
    dial({ callerId: system.phoneNumber, action: context.urls.dialDone, timeout: 25, answerOnBridge: true }, to),
  );
}

/** The caller's words and the line said back, stored without asking the assistant (a transfer). */
export async function storeExchange(
  deps: InboundDeps,
  businessId: string,
  conversationId: string,
  said: string,
  answer: string,
): Promise<void> {
  const conversation = await findConversation(deps.db, businessId, conversationId);
  if (!conversation) return;
  const question = await storeUserMessage(deps, conversation, { content: said });
  const at = new Date(Math.max(deps.clock.now().getTime(), question.createdAt.getTime() + 1));
  await deps.db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId,
      businessId,
      role: 'assistant',
      content: answer,
      status: 'complete',
      replyTo: question.id,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: conversationMessages.replyTo });
  const [row] = await deps.db
    .update(conversations)
    .set({ updatedAt: at })
    .where(eq(conversations.id, conversationId))
    .returning();
  if (row) await publishConversation(deps, row);
}
