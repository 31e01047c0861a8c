import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { timelineItems, users } from '#api/db/schema';
import { safeEqual } from '#api/lib/crypto';
import { createConversation, findConversation } from '#api/services/assistant/conversations';
import { assistantPausedUntil } from '../inbox/state';
import { notifyMembers } from '../notifications/notify-members';
import { createChat, updateChat } from '../timeline/service';
import { assistantAnswer } from './inbound-sms';
import { matchLeadCustomer, type LeadcatcherDeps } from './leadcatcher';
import { isHoneypotFilled, leadFields, validateLead, type LeadFields } from './lead-form';
import { recordSystemEvent, type SystemRow } from './store';
import { businesses } from '#api/db/schema';

/**
 * Website chat (docs/inbox.md#website-chat): a visitor of the lead catcher's hosted chat page
 * gives a name and an email or phone (matched to a contact like a web form), then chats.
 * Each message is a `chat` timeline item on that contact, so the inbox thread shows it; the
 * assistant answers through the same turn as the SMS auto-reply unless a member paused it.
 * A visitor's session is a signed token (kept in an httpOnly cookie by the hosted page) naming
 * the system, the contact and the session; a visitor reads only their own session's messages,
 * never the contact's other history (anyone can type anyone's email).
 */
export const CHAT_MESSAGE_LIMIT = 2000;
const SESSION_DAYS = 30;

export const chatMessages = {
  messageRequired: 'Write a message.',
  messageTooLong: `Message must be less than ${CHAT_MESSAGE_LIMIT} characters.`,
  sessionRequired: 'Your chat has ended or was not found. Start the chat again with your name.',
  notFound: 'This chat is not available.',
  paused: 'A team member is answering this conversation, so the assistant is paused.',
} as const;

export type ChatSession = { systemId: string; customerId: string; sessionId: string };

// Without a configured secret (tests, tools) tokens are valid only in this process.
const processKey = randomBytes(32);

function key(deps: Pick<LeadcatcherDeps, 'signingSecret'>): Buffer {
  const secret = deps.signingSecret?.split(',')[0]?.trim();
  return secret ? createHmac('sha256', secret).update('website-chat-sessions').digest() : processKey;
}

const sign = (deps: Pick<LeadcatcherDeps, 'signingSecret'>, payload: string) =>
  createHmac('sha256', key(deps)).update(payload).digest('base64url');

export function signChatToken(deps: Pick<LeadcatcherDeps, 'signingSecret' | 'clock'>, session: ChatSession): string {
  const expires = deps.clock.now().getTime() + SESSION_DAYS * 86_400_000;
  const payload = Buffer.from(
    JSON.stringify({ s: session.systemId, c: session.customerId, i: session.sessionId, e: expires }),
  ).toString('base64url');
  return `${payload}.${sign(deps, payload)}`;
}

/** The session a token names, when it is ours, unexpired and for this system; else null. */
export function verifyChatToken(
  deps: Pick<LeadcatcherDeps, 'signingSecret' | 'clock'>,
  systemId: string,
  token: string | null | undefined,
): ChatSession | null {
  if (!token || token.length > 1000) return null;
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !safeEqual(signature, sign(deps, payload))) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (data.s !== systemId || typeof data.c !== 'string' || typeof data.i !== 'string') return null;
    if (typeof data.e !== 'number' || data.e < deps.clock.now().getTime()) return null;
    return { systemId, customerId: data.c, sessionId: data.i };
  } catch {
    return null;
  }
}

export type VisitorMessage = {
  _id: string;
  author: 'you' | 'assistant' | 'team';
  name: string | null;
  body: string;
  created_at: string;
};

export type StartResult =
  | { kind: 'spam' }
  | { kind: 'invalid'; fieldErrors: Record<string, string[]>; fields: LeadFields }
  | { kind: 'started'; token: string; session: ChatSession; sent: SendResult | null };

export type SendResult =
  | { kind: 'invalid'; fieldErrors: Record<string, string[]> }
  | { kind: 'sent'; message: ApiTimelineItem; reply: ApiTimelineItem | null };

/** The visitor introduces themselves (and may write a first message): a contact and a session. */
export async function startChat(
  deps: LeadcatcherDeps,
  system: SystemRow & { name: 'leadcatcher' },
  raw: Record<string, unknown>,
): Promise<StartResult> {
  if (isHoneypotFilled(raw)) {
    await recordSystemEvent(deps, system, {
      kind: 'webhook',
      name: 'chat.started',
      outcome: 'spam',
      error: 'The hidden field was filled in.',
    });
    return { kind: 'spam' };
  }
  const fields = leadFields(raw);
  const [business] = await deps.db
    .select({ country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, system.businessId))
    .limit(1);
  const { fieldErrors, lead } = validateLead({ ...fields, message: '' }, business?.country);
  if (fields.message.length > CHAT_MESSAGE_LIMIT) (fieldErrors.message ??= []).push(chatMessages.messageTooLong);
  if (!lead || Object.keys(fieldErrors).length) return { kind: 'invalid', fieldErrors, fields };
  const { customer, created } = await matchLeadCustomer(deps, system.businessId, lead);
  const conversation = await createConversation(deps, system.businessId, {
    channel: 'form',
    customerId: customer._id,
    title: `Website chat with ${lead.name}`,
  });
  const session = { systemId: system.id, customerId: customer._id, sessionId: conversation.id };
  await recordSystemEvent(deps, system, {
    kind: 'webhook',
    name: 'chat.started',
    outcome: 'ok',
    details: { customer_id: customer._id, customer_created: created, conversation_id: conversation.id },
  });
  const sent = fields.message ? await sendChatMessage(deps, system, session, fields.message, lead.name) : null;
  return { kind: 'started', token: signChatToken(deps, session), session, sent };
}

/** The visitor writes: a chat item on the contact, the team notified, the assistant answers unless paused. */
export async function sendChatMessage(
  deps: LeadcatcherDeps,
  system: SystemRow & { name: 'leadcatcher' },
  session: ChatSession,
  rawText: unknown,
  visitorName?: string,
): Promise<SendResult> {
  const text = typeof rawText === 'string' ? rawText.trim() : '';
  if (!text) return { kind: 'invalid', fieldErrors: { message: [chatMessages.messageRequired] } };
  if (text.length > CHAT_MESSAGE_LIMIT)
    return { kind: 'invalid', fieldErrors: { message: [chatMessages.messageTooLong] } };
  const details = { session_id: session.sessionId, conversation_id: session.sessionId };
  const message = await createChat(deps, {
    businessId: system.businessId,
    direction: 'inbound',
    status: 'received',
    body: text,
    customerId: session.customerId,
    details,
    systemId: system.id,
  });
  const name = visitorName ?? message.customer?.name ?? 'a visitor';
  try {
    await notifyMembers(deps, {
      businessId: system.businessId,
      event: 'new_sms',
      permission: 'smses/view',
      title: `Website chat from ${name}`,
      body: text.length > 200 ? `${text.slice(0, 199)}…` : text,
      customerId: session.customerId,
      internalLink: `/dashboard/inbox/${session.customerId}`,
      sourceId: message._id,
    });
  } catch (error) {
    deps.log?.({ level: 'error', msg: 'chat notification failed', system_id: system.id, error: String(error) });
  }
  // A member replying from the inbox pauses the assistant on the contact's thread (docs/inbox.md).
  const pausedUntil = await assistantPausedUntil(deps.db, system.businessId, session.customerId, deps.clock.now());
  if (pausedUntil) {
    await updateChat(deps, system.businessId, message._id, {
      details: { no_reply: chatMessages.paused, assistant_paused_until: pausedUntil.toISOString() },
    });
    return { kind: 'sent', message, reply: null };
  }
  let reply: ApiTimelineItem | null = null;
  try {
    if (await findConversation(deps.db, system.businessId, session.sessionId)) {
      const answer = await assistantAnswer(deps, system.businessId, session.sessionId, text);
      if (answer.reply) {
        reply = await createChat(deps, {
          businessId: system.businessId,
          direction: 'outbound',
          status: 'sent',
          body: answer.reply,
          customerId: session.customerId,
          details: { ...details, purpose: 'auto_reply', reply_to: message._id, message_id: answer.messageId },
          systemId: system.id,
        });
      } else {
        await recordSystemEvent(deps, system, {
          kind: 'action',
          name: 'chat.auto_reply',
          outcome: 'failed',
          error: answer.error,
          details: { chat_id: message._id },
        });
      }
    }
  } catch (error) {
    deps.log?.({ level: 'warn', msg: 'chat auto-reply failed', system_id: system.id, error: String(error) });
    await recordSystemEvent(deps, system, {
      kind: 'action',
      name: 'chat.auto_reply',
      outcome: 'failed',
      error: error instanceof Error ? error.message : String(error),
      details: { chat_id: message._id },
    });
  }
  return { kind: 'sent', message, reply };
}

/** The session's messages, oldest first (the newest 200), as the visitor sees them. */
export async function visitorMessages(
  deps: Pick<LeadcatcherDeps, 'db'>,
  system: SystemRow,
  session: ChatSession,
): Promise<VisitorMessage[]> {
  const rows = await deps.db
    .select()
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, system.businessId),
        eq(timelineItems.customerId, session.customerId),
        eq(timelineItems.type, 'chat'),
        isNull(timelineItems.deletedAt),
        sql`${timelineItems.details}->>'session_id' = ${session.sessionId}`,
      ),
    )
    .orderBy(desc(timelineItems.createdAt), desc(timelineItems.id))
    .limit(200);
  rows.reverse();
  const memberIds = [
    ...new Set(rows.map((row) => (row.details as { sent_by?: string }).sent_by).filter((id): id is string => !!id)),
  ];
  const names = memberIds.length
    ? new Map(
        (
          await deps.db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(inArray(users.id, memberIds))
            .orderBy(asc(users.id))
        ).map((row) => [row.id, row.name.split(' ')[0] ?? row.name]),
      )
    : new Map<string, string>();
  return rows.map((row) => {
    const sentBy = (row.details as { sent_by?: string }).sent_by;
    return {
      _id: row.id,
      author: row.direction !== 'outbound' ? 'you' : sentBy ? 'team' : 'assistant',
      name: sentBy ? (names.get(sentBy) ?? null) : null,
      body: row.body ?? '',
      created_at: row.createdAt.toISOString(),
    };
  });
}

/**
 * The chat session a member's reply goes to: the one of the contact's latest inbound chat
 * message, when that message is newer than their latest inbound SMS (the reply goes on the
 * channel the contact last wrote on). Null: reply by SMS.
 */
export async function chatReplyRoute(
  deps: Pick<LeadcatcherDeps, 'db'>,
  businessId: string,
  customerId: string,
): Promise<{ sessionId: string; systemId: string | null } | null> {
  const [latest] = await deps.db
    .select({ type: timelineItems.type, details: timelineItems.details, systemId: timelineItems.systemId })
    .from(timelineItems)
    .where(
      and(
        eq(timelineItems.businessId, businessId),
        eq(timelineItems.customerId, customerId),
        inArray(timelineItems.type, ['sms', 'chat']),
        eq(timelineItems.direction, 'inbound'),
        isNull(timelineItems.deletedAt),
      ),
    )
    .orderBy(desc(timelineItems.createdAt), desc(timelineItems.id))
    .limit(1);
  const sessionId = (latest?.details as { session_id?: unknown } | undefined)?.session_id;
  if (latest?.type !== 'chat' || typeof sessionId !== 'string') return null;
  return { sessionId, systemId: latest.systemId };
}

/** A member's reply into the visitor's chat session (the visitor's page shows it). */
export async function sendMemberChatReply(
  deps: Pick<LeadcatcherDeps, 'db' | 'clock' | 'broadcaster'>,
  input: {
    businessId: string;
    customerId: string;
    userId: string;
    message: string;
    route: { sessionId: string; systemId: string | null };
  },
): Promise<ApiTimelineItem> {
  return createChat(deps, {
    businessId: input.businessId,
    direction: 'outbound',
    status: 'sent',
    body: input.message,
    customerId: input.customerId,
    details: {
      session_id: input.route.sessionId,
      conversation_id: input.route.sessionId,
      purpose: 'inbox_reply',
      sent_by: input.userId,
    },
    systemId: input.route.systemId,
  });
}
