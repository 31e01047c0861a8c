import { eq, sql } from 'drizzle-orm';
import type { ApiConversation, ApiConversationMessage } from '#contract/envelope';
import { conversationMessages, conversations } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { conversationUpdated } from '#api/lib/events';
import {
  conversationNotFound,
  listMessages,
  requireConversation,
  serializeConversation,
  serializeMessage,
  summaryOf,
  type ConversationRow,
  type MessageRow,
} from './conversations';
import { expireStaleReplies } from './turn-follow';
import { historyOf, historyRows, launchReply, type ReplyOptions } from './turn-generate';
import { registryOf, REPLY_ERRORS, timestampAfter, TURN_LIMITS, type TurnDeps } from './turn-live-reply';
import { insertReplyRow, insertTurnRows } from './turn-rows';

/**
 * One turn of a conversation: a message in, the assistant's reply out, on any channel.
 *
 * Exactly once: the reply is a row inserted as 'streaming' with reply_to = the message it
 * answers, under a unique index. Whichever request inserts it (on any server) generates the
 * reply; everyone else follows it. On the generating server followers read the live reply
 * from an in-process registry, chunk by chunk as it is produced; on other servers they poll
 * the row, whose content is flushed about every 250 ms. A 'streaming' row that outlived the
 * reply timeout twice over and is in no registry lost its server: it is marked failed.
 * See docs/assistant.md.
 *
 * The parts: turn-rows.ts (the rows a turn starts with, one statement), turn-generate.ts (the
 * reply produced on this server), turn-follow.ts (a reply followed, live or from its row),
 * turn-live-reply.ts (what they share). This file is the entry: a message in, a turn out.
 */
export { REPLY_ERRORS, ReplyFailedError, TURN_LIMITS, waitForReplies, type TurnDeps } from './turn-live-reply';
export { startReply, type ReplyOptions } from './turn-generate';
export { expireStaleReplies, followLatestReply, followReply, type FollowedReply } from './turn-follow';

/**
 * Moves the conversation's updated_at and says so on the realtime channel. The event carries
 * only the id, so no summary of the conversation is read for it (a turn waits on this).
 */
async function touchAndAnnounce(deps: TurnDeps, conversation: ConversationRow, at: Date): Promise<void> {
  // Never backwards: the question's touch may land after its reply's on another connection.
  await deps.db
    .update(conversations)
    .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, conversation.id));
  await conversationUpdated(deps, conversation.businessId, conversation);
}
/**
 * Inserts what the member (or caller) said, timed after the conversation's latest message
 * (or now): one statement, the latest message's time read inside the insert.
 */
async function insertUserMessage(
  deps: TurnDeps,
  conversation: ConversationRow,
  input: { content: string; audioKey?: string | null },
): Promise<MessageRow> {
  const now = deps.clock.now().toISOString();
  const after = sql`greatest(${now}::timestamptz, (select max(${conversationMessages.createdAt}) + interval '1 millisecond' from ${conversationMessages} where ${conversationMessages.conversationId} = ${conversation.id}))`;
  const [row] = await deps.db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId: conversation.id,
      businessId: conversation.businessId,
      role: 'user',
      content: input.content.trim(),
      status: 'complete',
      audioKey: input.audioKey ?? null,
      createdAt: after,
      updatedAt: after,
    })
    .returning();
  return row;
}

/** Stores what the member (or caller) said. Publishes ConversationUpdated. */
export async function storeUserMessage(
  deps: TurnDeps,
  conversation: ConversationRow,
  input: { content: string; audioKey?: string | null },
): Promise<MessageRow> {
  const row = await insertUserMessage(deps, conversation, input);
  await touchAndAnnounce(deps, conversation, row.createdAt);
  return row;
}
export type TurnResult = {
  conversation: ApiConversation;
  /** Every message of the conversation, oldest first. */
  messages: ApiConversationMessage[];
  /** The member's message and the reply to it. */
  message: ApiConversationMessage;
  reply: ApiConversationMessage;
};

/**
 * A message from the member (or a caller): stored, and its reply started exactly once.
 * wait (default): answers once the reply is complete or failed; otherwise at once, with the
 * reply 'streaming', for get-message-streamed (or followReply) to follow.
 */
export async function postMessage(
  deps: TurnDeps,
  input: {
    businessId: string;
    conversationId: string;
    message: string;
    audioKey?: string | null;
    wait?: boolean;
  } & ReplyOptions,
): Promise<TurnResult> {
  // The question, its reply's row and the conversation's bookkeeping are one statement; the reply starts right after it.
  const now = deps.clock.now();
  const started = await insertTurnRows(deps.db, {
    businessId: input.businessId,
    conversationId: input.conversationId,
    content: input.message.trim(),
    audioKey: input.audioKey ?? null,
    now,
    staleBefore: new Date(now.getTime() - TURN_LIMITS.staleAfterMs),
    liveIds: [...registryOf(deps).keys()],
    interrupted: REPLY_ERRORS.interrupted,
    // A turn answered at once lists every message of the conversation: they are read here, not by a statement of their own.
    earlierRows: input.wait === false ? 'all' : historyRows(),
  });
  if (!started) throw conversationNotFound();
  const { conversation, question, reply: row, earlier, expired, contextVersion } = started;
  const history = historyOf(earlier.slice(0, historyRows()));
  const live = launchReply(
    deps,
    conversation,
    question,
    row,
    { secondHearing: input.secondHearing },
    { history, contextVersion },
  );
  await conversationUpdated(deps, conversation.businessId, conversation);
  if (input.wait === false) {
    // Every message as it is after this statement: the earlier ones (a dead reply it marked failed shown so), the question, its reply.
    const failed = new Set(expired);
    const rows = earlier
      .map((message) =>
        failed.has(message.id)
          ? { ...message, status: 'failed' as const, error: REPLY_ERRORS.interrupted, updatedAt: now }
          : message,
      )
      .reverse();
    return turnResult(deps, conversation.id, question, row, { conversation, rows: [...rows, question, row] });
  }
  await live.finished;
  return turnResult(deps, conversation.id, question, row);
}

async function turnResult(
  deps: TurnDeps,
  conversationId: string,
  question: MessageRow,
  reply: MessageRow,
  /** The conversation and its messages as they are now, when the caller has them (a reply still streaming has not moved it yet). */
  known?: { conversation: ConversationRow; rows: MessageRow[] },
): Promise<TurnResult> {
  const [rows, [current]] = known
    ? [known.rows, [known.conversation]]
    : await Promise.all([
        listMessages(deps.db, conversationId),
        deps.db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1),
      ]);
  return {
    // Its summary (count, last message, title) comes from the messages just read, not a second read of them.
    conversation: serializeConversation(current, summaryOf(rows)),
    messages: rows.map(serializeMessage),
    message: serializeMessage(rows.find((item) => item.id === question.id) ?? question),
    reply: serializeMessage(rows.find((item) => item.id === reply.id) ?? reply),
  };
}

/**
 * A message answered with set words instead of the assistant (a recording the recogniser was
 * unsure of gets "say it again"): both are stored, and the assistant is never asked, so no
 * task or owner question can come of it.
 */
export async function postMessageWithSetReply(
  deps: TurnDeps,
  input: { businessId: string; conversationId: string; message: string; audioKey?: string | null; reply: string },
): Promise<TurnResult> {
  const conversation = await requireConversation(deps.db, input.businessId, input.conversationId);
  await expireStaleReplies(deps, conversation.id);
  const question = await storeUserMessage(deps, conversation, { content: input.message, audioKey: input.audioKey });
  const at = timestampAfter(deps.clock.now(), question.createdAt);
  // The question was just stored, so nothing else has answered it.
  const reply = (await insertReplyRow(deps.db, question, { at, content: input.reply, status: 'complete' }))!;
  await touchAndAnnounce(deps, conversation, at);
  return turnResult(deps, conversation.id, question, reply);
}

/** The plan's name for a turn. */
export const runTurn = postMessage;
