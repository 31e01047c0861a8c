import { and, desc, eq, isNull, lt, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages as MESSAGES } from '#contract/messages';
import { conversationMessages, conversations } from '#api/db/schema';
import { ApiError } from '#api/lib/errors';
import { requireConversation, type MessageRow } from './conversations';
import { startReply } from './turn-generate';
import {
  registryOf,
  REPLY_ERRORS,
  ReplyFailedError,
  sleep,
  TURN_LIMITS,
  type LiveReply,
  type TurnDeps,
} from './turn-live-reply';

/** Following a reply (turns.ts): live on this server, polled from the row on another, or read whole once stored. */

/** Marks this conversation's dead replies (see TURN_LIMITS.staleAfterMs) failed. */
export async function expireStaleReplies(deps: TurnDeps, conversationId: string): Promise<void> {
  const live = [...registryOf(deps).keys()];
  const cutoff = new Date(deps.clock.now().getTime() - TURN_LIMITS.staleAfterMs);
  await deps.db
    .update(conversationMessages)
    .set({ status: 'failed', error: REPLY_ERRORS.interrupted, updatedAt: deps.clock.now() })
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.status, 'streaming'),
        lt(conversationMessages.createdAt, cutoff),
        live.length ? notInArray(conversationMessages.id, live) : undefined,
      ),
    );
}

/** Follows a reply produced on another server (or by a server that died) by reading its row. */
async function* pollReply(deps: TurnDeps, id: string, signal?: AbortSignal): AsyncGenerator<string> {
  let sent = 0;
  for (;;) {
    if (signal?.aborted) return;
    const live = registryOf(deps).get(id);
    if (live) {
      // This server produces it after all (it registered a moment after our look): follow the live text from where we are.
      let skip = sent;
      for await (const chunk of live.follow(signal)) {
        if (skip >= chunk.length) {
          skip -= chunk.length;
          continue;
        }
        yield chunk.slice(skip);
        skip = 0;
      }
      return;
    }
    const [row] = await deps.db.select().from(conversationMessages).where(eq(conversationMessages.id, id)).limit(1);
    if (!row) throw new ReplyFailedError(REPLY_ERRORS.failed);
    if (row.content.length > sent) {
      const chunk = row.content.slice(sent);
      sent = row.content.length;
      yield chunk;
    }
    if (row.status === 'complete') return;
    if (row.status === 'failed') throw new ReplyFailedError(row.error ?? REPLY_ERRORS.failed);
    if (deps.clock.now().getTime() - row.createdAt.getTime() > TURN_LIMITS.staleAfterMs) {
      await expireStaleReplies(deps, row.conversationId);
      throw new ReplyFailedError(REPLY_ERRORS.interrupted);
    }
    await sleep(TURN_LIMITS.pollIntervalMs, signal);
  }
}

/** The text of a reply: live on this server, polled from another, or the stored one. */
function replyText(
  deps: TurnDeps,
  row: MessageRow,
  live: LiveReply | null,
  signal?: AbortSignal,
): AsyncIterable<string> {
  if (live) return live.follow(signal);
  // Finished before it was followed (a built-in reply often is): the row just read has it all.
  if (row.status === 'complete') return storedText(row.content);
  return pollReply(deps, row.id, signal);
}

async function* storedText(content: string): AsyncGenerator<string> {
  if (content) yield content;
}

export type FollowedReply = {
  /** The reply's row as it was when the follow started. */
  message: MessageRow;
  /** True when this request started it (the member's message had no reply yet). */
  started: boolean;
  /** Its text: what exists so far, then each piece as it is produced. Throws ReplyFailedError when it fails. */
  chunks: AsyncIterable<string>;
};

/**
 * The latest reply of a conversation, to stream (get-message-streamed, and the voice of a
 * call). When the latest message has no reply yet it is started here. Throws ApiError for
 * what can be said before streaming: no such conversation (404), nothing asked yet (422),
 * the reply already failed.
 */
export async function followLatestReply(
  deps: TurnDeps,
  businessId: string,
  conversationId: string,
  signal?: AbortSignal,
): Promise<FollowedReply> {
  // The conversation (this business's, not deleted), its latest question and that question's reply in one read:
  // when the reply exists (the usual case, just started by postMessage) it is followed at once.
  const replies = alias(conversationMessages, 'reply');
  const [latest] = await deps.db
    .select({ conversation: conversations, question: conversationMessages, reply: replies })
    .from(conversationMessages)
    .innerJoin(
      conversations,
      and(
        eq(conversations.id, conversationMessages.conversationId),
        eq(conversations.businessId, businessId),
        isNull(conversations.deletedAt),
      ),
    )
    .leftJoin(replies, eq(replies.replyTo, conversationMessages.id))
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.role, 'user')))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(1);
  if (!latest) {
    await requireConversation(deps.db, businessId, conversationId); // 404 when it is not this business's
    throw new ApiError(422, [MESSAGES.conversation.nothingToStream]);
  }
  const { conversation } = latest;
  const following = latest.reply
    ? { row: latest.reply, live: registryOf(deps).get(latest.reply.id) ?? null, started: false }
    : await startReply(deps, conversation, latest.question);
  const { started } = following;
  let { row, live } = following;
  if (
    !live &&
    row.status === 'streaming' &&
    deps.clock.now().getTime() - row.createdAt.getTime() > TURN_LIMITS.staleAfterMs
  ) {
    // No server is producing it any more: it is failed here, as it would be on the next message.
    await expireStaleReplies(deps, conversation.id);
    [row] = await deps.db.select().from(conversationMessages).where(eq(conversationMessages.id, row.id)).limit(1);
    live = registryOf(deps).get(row.id) ?? null;
  }
  if (!live && row.status === 'failed') throw new ApiError(500, [row.error ?? MESSAGES.stream.failed]);
  return { message: row, started, chunks: replyText(deps, row, live, signal) };
}

/** The plain text chunks of the latest reply (for channels that only need the text). */
export async function* followReply(
  deps: TurnDeps,
  businessId: string,
  conversationId: string,
  signal?: AbortSignal,
): AsyncIterable<string> {
  const followed = await followLatestReply(deps, businessId, conversationId, signal);
  yield* followed.chunks;
}
