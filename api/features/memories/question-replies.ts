import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ApiMemory } from '#contract/envelope';
import type { ApiDeps } from '#api/deps';
import { conversations } from '#api/db/schema';
import { appendAssistantMessage } from '#api/services/assistant/appended-messages';
import { addressableName, displayName, findCustomer } from '../customers/records';
import { updateMemory } from './service';
import {
  businessName,
  sendCustomerEmail,
  sendCustomerSms,
  type CustomerMessageDeps,
} from '../systems/customer-messages';

/**
 * The unanswered-question loop, last step: the owner answered a question the assistant
 * could not (memories `answer`, which already put it in the knowledge base) and ticked
 * "send to the customer". Every contact who asked it (meta.customer_ids, else customer_id)
 * gets the answer: by SMS from the business's number, or by email when the question came
 * in through a web form or the contact has only an email. Someone who asked in a chat with no
 * contact behind it (a web chat, the dashboard's test chat) gets it posted in that chat. Each send is on the contact's
 * timeline (an outbound SMS with details.purpose 'question_answer', or an "Emailed …" note),
 * and the memory keeps what was sent (meta.answer_sent). What could not be sent is said
 * plainly: 'The answer was saved; it could not be sent because …'.
 */
export type QuestionReplyDeps = CustomerMessageDeps & Pick<ApiDeps, 'db'>;

export type QuestionReply = {
  customer_id: string | null;
  sent: boolean;
  channel: 'sms' | 'email' | 'chat' | null;
  to: string | null;
  item_id: string | null;
  message: string;
};

const MAX_RECIPIENTS = 20;
const SMS_LIMIT = 1600;

/** The chats a question was asked in that have no contact to text or email (meta.conversation_ids). */
async function contactlessChats(
  deps: Pick<ApiDeps, 'db'>,
  businessId: string,
  memory: Pick<ApiMemory, 'meta'>,
): Promise<string[]> {
  const ids = Array.isArray(memory.meta?.conversation_ids)
    ? memory.meta.conversation_ids.filter((id): id is string => typeof id === 'string').slice(0, MAX_RECIPIENTS)
    : [];
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.businessId, businessId),
        inArray(conversations.id, ids),
        inArray(conversations.channel, ['chat', 'voice']),
        isNull(conversations.customerId),
        isNull(conversations.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** The answer as the assistant posts it back in the chat. */
export function answerChatMessage(input: { question: string; answer: string }): string {
  return `The team has answered your question ("${clip(input.question.replace(/\s+/g, ' '), 160)}"): ${input.answer.trim()}`;
}

/** The contacts a question is linked to (the assistant records them in meta). */
export function questionCustomerIds(memory: Pick<ApiMemory, 'meta'>): string[] {
  const meta = memory.meta ?? {};
  const ids = [...(Array.isArray(meta.customer_ids) ? meta.customer_ids : []), meta.customer_id].filter(
    (id): id is string => typeof id === 'string' && id.length > 0,
  );
  return [...new Set(ids)].slice(0, MAX_RECIPIENTS);
}

const notSent = (reason: string, customerId: string | null = null): QuestionReply => ({
  customer_id: customerId,
  sent: false,
  channel: null,
  to: null,
  item_id: null,
  message: `The answer was saved; it could not be sent because ${reason}.`,
});

function clip(value: string, max: number): string {
  const flat = value.trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The SMS: who it is for, what they asked (short), the answer, who it is from; at most 1600 characters. */
export function answerSms(input: {
  firstName: string | null;
  question: string;
  answer: string;
  business: string | null;
}): string {
  const head = `Hi ${addressableName(input.firstName) ?? 'there'}, you asked us: "${clip(input.question.replace(/\s+/g, ' '), 160)}"\n`;
  const tail = `\n– ${input.business ?? 'us'}`;
  return `${head}${clip(input.answer, SMS_LIMIT - head.length - tail.length)}${tail}`;
}

export function answerEmail(input: {
  firstName: string | null;
  question: string;
  answer: string;
  business: string | null;
}): { subject: string; text: string } {
  const business = input.business ?? 'us';
  return {
    subject: `The answer to your question to ${business}`,
    text: `Hi ${addressableName(input.firstName) ?? 'there'},\n\nYou asked us:\n\n  ${input.question.trim()}\n\n${input.answer.trim()}\n\n${business}`,
  };
}

/**
 * Send the (already saved) answer of `memory` to the contacts who asked it. Answers one
 * result per contact (or one explaining why nobody could be reached) and the memory as it
 * is now; never throws for a refusal of the provider, so the saved answer always stands.
 */
export async function sendAnswerToCustomers(
  deps: QuestionReplyDeps,
  businessId: string,
  memory: ApiMemory,
): Promise<{ replies: QuestionReply[]; memory: ApiMemory }> {
  const answer = memory.answer?.trim();
  if (!answer) return { replies: [notSent('the question has no answer yet')], memory };
  const ids = questionCustomerIds(memory);
  const chats = await contactlessChats(deps, businessId, memory);
  if (ids.length === 0 && chats.length === 0)
    return { replies: [notSent('the question is not linked to a contact')], memory };
  const business = await businessName(deps.db, businessId);
  const fromForm = memory.meta?.channel === 'form';
  const replies: QuestionReply[] = [];
  for (const id of ids) {
    const customer = await findCustomer(deps.db, businessId, id);
    if (!customer) {
      replies.push(notSent('the contact who asked it is no longer among your contacts', id));
      continue;
    }
    const name = displayName(customer);
    const phone = customer.phones[0] ?? null;
    const email = customer.emails[0] ?? null;
    const channel = fromForm && email ? 'email' : phone ? 'sms' : email ? 'email' : null;
    if (!channel) {
      replies.push(notSent(`${name} has no phone number or email`, id));
      continue;
    }
    const content = { firstName: customer.firstName, question: memory.content, answer, business };
    const result =
      channel === 'sms'
        ? await sendCustomerSms(deps, {
            businessId,
            to: phone as string,
            body: answerSms(content),
            customerId: id,
            purpose: 'question_answer',
            details: { memory_id: memory._id },
          })
        : await sendCustomerEmail(deps, {
            businessId,
            to: email as string,
            ...answerEmail(content),
            customerId: id,
            noteLabel: 'the answer to their question',
          });
    replies.push(
      result.ok
        ? {
            customer_id: id,
            sent: true,
            channel,
            to: result.to,
            item_id: result.item?._id ?? null,
            message: `The answer was sent to ${name} by ${channel === 'sms' ? 'SMS' : 'email'} (${result.to}).`,
          }
        : { ...notSent(result.reason, id), channel, to: result.to },
    );
  }
  for (const conversationId of chats) {
    const posted = await appendAssistantMessage(
      deps,
      businessId,
      conversationId,
      answerChatMessage({ question: memory.content, answer }),
    );
    replies.push(
      posted
        ? {
            customer_id: null,
            sent: true,
            channel: 'chat',
            to: conversationId,
            item_id: posted.id,
            message: 'The answer was posted in the chat where it was asked.',
          }
        : notSent('the chat where it was asked is gone'),
    );
  }
  const sent = replies.filter((reply) => reply.sent);
  let updated = memory;
  if (sent.length) {
    try {
      const previous = Array.isArray(memory.meta?.answer_sent) ? (memory.meta.answer_sent as unknown[]) : [];
      const at = deps.clock.now().toISOString();
      updated = await updateMemory(deps, businessId, memory._id, {
        meta: {
          ...memory.meta,
          answer_sent: [
            ...previous,
            ...sent.map((reply) => ({
              customer_id: reply.customer_id,
              channel: reply.channel,
              to: reply.to,
              item_id: reply.item_id,
              at,
            })),
          ],
        },
      });
    } catch (error) {
      deps.log?.({
        level: 'warn',
        msg: 'answer sent, not noted on the question',
        memory_id: memory._id,
        error: String(error),
      });
    }
  }
  return { replies, memory: updated };
}
