import { and, desc, eq, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiConversation, ApiConversationMessage } from '#contract/envelope';
import { messages as MESSAGES } from '#contract/messages';
import type { ConversationAction, ConversationChannel, ConversationSource } from '#contract/schemas/conversation';
import type { ApiDeps } from '#api/deps';
import { conversationMessages, conversations } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { ApiError } from '#api/lib/errors';
import { conversationUpdated } from '#api/lib/events';
import { loadBusinessContext, loadCustomerFact } from './context';
import { deferringWrites } from './deferred-writes';
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
import { selectProvider } from './providers';
import { insertTurnRows } from './turn-rows';
import { holdingOwnerQuestions, SAY_IT_ANOTHER_WAY } from './second-hearing';
import { createAssistantTools } from './tools';
import type { ToolDeps } from './tool-scope';
import type { AssistantEvent, HistoryMessage } from './types';

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
 */
/** The tools' deps (an order the assistant takes notifies the team) and the model. */
export type TurnDeps = ToolDeps & Pick<ApiDeps, 'assistantModel' | 'log'>;

/** Tunables (tests shorten them). */
export const TURN_LIMITS = {
  /** A reply that takes longer fails. */
  replyTimeoutMs: 60_000,
  /** How often the growing reply is written to the database while it streams. */
  flushIntervalMs: 250,
  /** How often a follower on another server reads the row. */
  pollIntervalMs: 250,
  /** A 'streaming' row this old that no server is producing is dead. */
  staleAfterMs: 120_000,
  /** Earlier messages the provider sees. */
  historyMessages: 20,
};

export const REPLY_ERRORS = {
  timeout: 'The assistant took too long to answer.',
  failed: 'The assistant could not answer. Please try again.',
  interrupted: 'The answer was interrupted. Please ask again.',
} as const;

/** The reply failed (while or before it was followed); the message is the member's to read. */
export class ReplyFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReplyFailedError';
  }
}

/**
 * A reply being produced on this server: its text so far, and a wake-up for followers. Its
 * text ends (`said`) when the provider has said everything, before the turn's bookkeeping is
 * written: speech cuts a reply's last sentence only at the end of its text.
 */
class LiveReply {
  text = '';
  said = false;
  done = false;
  error: string | null = null;
  finished: Promise<void> = Promise.resolve();
  private waiters: (() => void)[] = [];

  constructor(readonly id: string) {}

  push(chunk: string) {
    this.text += chunk;
    this.wake();
  }

  /** The text is complete: followers end once they have it all (the reply is stored after). */
  saidAll() {
    this.said = true;
    this.wake();
  }

  end(error: string | null = null) {
    this.done = true;
    this.error = error;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private changed(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.waiters.push(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Everything produced so far, then each new piece as it comes (pieces coalesce when the reader is slower). */
  async *follow(signal?: AbortSignal): AsyncGenerator<string> {
    let sent = 0;
    for (;;) {
      if (signal?.aborted) return;
      if (this.text.length > sent) {
        const chunk = this.text.slice(sent);
        sent = this.text.length;
        yield chunk;
        continue;
      }
      if (this.said) return;
      if (this.done) {
        if (this.error) throw new ReplyFailedError(this.error);
        return;
      }
      await this.changed(signal);
    }
  }
}

/** One registry per server (per ApiDeps): two apps over one database behave as two servers. */
const registries = new WeakMap<object, Map<string, LiveReply>>();
function registryOf(deps: object): Map<string, LiveReply> {
  let registry = registries.get(deps);
  if (!registry) {
    registry = new Map();
    registries.set(deps, registry);
  }
  return registry;
}

/** Resolves when every reply this server is producing has finished (shutdown, tests). */
export async function waitForReplies(deps: object): Promise<void> {
  for (;;) {
    const running = [...registryOf(deps).values()];
    if (running.length === 0) return;
    await Promise.all(running.map((live) => live.finished));
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Later than now and than `after` (so a reply always sorts after what it answers, even within one millisecond). */
function timestampAfter(now: Date, after: Date | null | undefined): Date {
  return after && after.getTime() >= now.getTime() ? new Date(after.getTime() + 1) : now;
}

function uniqueSources(sources: ConversationSource[]): ConversationSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.kind}:${source._id ?? ''}:${source.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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

async function loadHistory(deps: TurnDeps, message: MessageRow): Promise<HistoryMessage[]> {
  const rows = await deps.db
    .select({
      role: conversationMessages.role,
      content: conversationMessages.content,
      status: conversationMessages.status,
    })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, message.conversationId),
        lt(conversationMessages.createdAt, message.createdAt),
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(TURN_LIMITS.historyMessages * 2);
  return rows
    .filter((row) => row.status === 'complete' && row.content.trim())
    .slice(0, TURN_LIMITS.historyMessages)
    .reverse()
    .map((row) => ({ role: row.role, content: row.content }));
}

/** Settles when `promise` does, or rejects when the signal aborts (a provider that ignores the signal cannot hold a reply past its timeout). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * secondHearing: the message is a transcript a recogniser may have got wrong, so an owner
 * question from it waits until the caller has said it twice (second-hearing.ts).
 */
export type ReplyOptions = { secondHearing?: boolean };

/** Produces the reply of `reply` (a 'streaming' row this server inserted), writing it as it grows. */
async function generate(
  deps: TurnDeps,
  live: LiveReply,
  reply: MessageRow,
  question: MessageRow,
  conversation: ConversationRow,
  options: ReplyOptions = {},
): Promise<void> {
  const { db } = deps;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new ReplyFailedError(REPLY_ERRORS.timeout)),
    TURN_LIMITS.replyTimeoutMs,
  );
  let content = '';
  const sources: ConversationSource[] = [];
  const actions: ConversationAction[] = [];

  // Flushes run one after another; the final write waits for the last of them.
  let writes: Promise<unknown> = Promise.resolve();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    flushTimer = null;
    const snapshot = content;
    writes = writes
      .then(() =>
        db
          .update(conversationMessages)
          .set({ content: snapshot, updatedAt: deps.clock.now() })
          .where(and(eq(conversationMessages.id, reply.id), eq(conversationMessages.status, 'streaming'))),
      )
      .catch((error) =>
        deps.log?.({ level: 'warn', msg: 'assistant reply flush failed', message_id: reply.id, error: String(error) }),
      );
  };

  let failure: string | null = null;
  let iterator: AsyncIterator<AssistantEvent> | undefined;
  let deferred: ReturnType<typeof deferringWrites> | null = null;
  try {
    // Independent reads, side by side: on a pool of connections they overlap.
    const [business, history, customer] = await raceAbort(
      Promise.all([
        loadBusinessContext(db, conversation.businessId),
        loadHistory(deps, question),
        loadCustomerFact(db, conversation.businessId, conversation.customerId),
      ]),
      controller.signal,
    );
    const provider = selectProvider(deps, business.settings);
    const allTools = createAssistantTools(deps, {
      businessId: conversation.businessId,
      conversationId: conversation.id,
      customerId: conversation.customerId,
      channel: conversation.channel as ConversationChannel,
    });
    // The built-in provider's words never wait on the owner's side of the turn (deferred-writes.ts).
    deferred = provider.name === 'built-in' ? deferringWrites(allTools) : null;
    const hold = options.secondHearing ? holdingOwnerQuestions(deferred?.tools ?? allTools, history) : null;
    const tools = hold?.tools ?? deferred?.tools ?? allTools;
    const events = provider.reply(
      {
        business,
        channel: conversation.channel as ConversationChannel,
        history,
        message: question.content,
        customer,
        now: deps.clock.now(),
      },
      tools,
      controller.signal,
    );
    iterator = events[Symbol.asyncIterator]();
    for (;;) {
      const step = await raceAbort(iterator.next(), controller.signal);
      if (step.done) break;
      const event = step.value;
      if (event.type === 'text') {
        // Once a question is held for a second hearing, the caller hears the request to say it another way instead.
        if (!event.text || hold?.held()) continue;
        content += event.text;
        live.push(event.text);
        flushTimer ??= setTimeout(flush, TURN_LIMITS.flushIntervalMs);
      } else if (event.type === 'source') {
        sources.push(event.source);
      } else if (event.type === 'action') {
        actions.push(event.action);
      }
    }
    if (hold?.held()) {
      const ask = content.trim() ? ` ${SAY_IT_ANOTHER_WAY}` : SAY_IT_ANOTHER_WAY;
      content += ask;
      live.push(ask);
    }
    if (!content.trim()) throw new Error('The provider answered nothing.');
    live.saidAll();
  } catch (error) {
    failure = controller.signal.aborted ? REPLY_ERRORS.timeout : REPLY_ERRORS.failed;
    deps.log?.({
      level: 'error',
      msg: 'assistant reply failed',
      message_id: reply.id,
      conversation_id: conversation.id,
      business_id: conversation.businessId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    // Let a provider that is still running stop (its fetch is aborted too).
    controller.abort(new ReplyFailedError(failure));
    void iterator?.return?.().catch(() => {});
  } finally {
    clearTimeout(timer);
    if (flushTimer) clearTimeout(flushTimer);
  }

  // The question for the team and the tasks, now that the caller has the words (also when the reply failed after asking for them).
  if (deferred?.pending()) {
    const done = await deferred.run(actions);
    actions.splice(0, actions.length, ...done.actions);
    for (const error of done.failures) {
      deps.log?.({
        level: 'error',
        msg: 'assistant write after the reply failed',
        message_id: reply.id,
        conversation_id: conversation.id,
        business_id: conversation.businessId,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }

  await writes;
  const finishedAt = timestampAfter(deps.clock.now(), reply.createdAt);
  try {
    // The reply and the conversation's time in one statement (never backwards: the question's touch may land later on another connection).
    const stored = db.$with('stored').as(
      db
        .update(conversationMessages)
        .set({
          content,
          status: failure ? 'failed' : 'complete',
          error: failure,
          sources: uniqueSources(sources),
          actions,
          updatedAt: finishedAt,
        })
        .where(eq(conversationMessages.id, reply.id))
        .returning({ id: conversationMessages.id }),
    );
    await db
      .with(stored)
      .update(conversations)
      .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${finishedAt.toISOString()}::timestamptz)` })
      .where(eq(conversations.id, conversation.id));
  } catch (error) {
    failure ??= REPLY_ERRORS.failed;
    deps.log?.({
      level: 'error',
      msg: 'assistant reply could not be saved',
      message_id: reply.id,
      error: String(error),
    });
  }
  live.end(failure);
  registryOf(deps).delete(reply.id);
  try {
    await conversationUpdated(deps, conversation.businessId, conversation);
  } catch (error) {
    deps.log?.({
      level: 'warn',
      msg: 'ConversationUpdated not published',
      conversation_id: conversation.id,
      error: String(error),
    });
  }
}

/**
 * Starts the reply to `question` unless some request (on any server) already did. Answers
 * the reply's row, and the live reply when this server is producing it.
 */
export async function startReply(
  deps: TurnDeps,
  conversation: ConversationRow,
  question: MessageRow,
  options: ReplyOptions = {},
): Promise<{ row: MessageRow; live: LiveReply | null; started: boolean }> {
  const createdAt = timestampAfter(deps.clock.now(), question.createdAt);
  const [row] = await deps.db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId: conversation.id,
      businessId: conversation.businessId,
      role: 'assistant',
      content: '',
      status: 'streaming',
      replyTo: question.id,
      createdAt,
      updatedAt: createdAt,
    })
    .onConflictDoNothing({ target: conversationMessages.replyTo })
    .returning();
  if (row) return { row, live: launchReply(deps, conversation, question, row, options), started: true };
  const [existing] = await deps.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.replyTo, question.id))
    .limit(1);
  return { row: existing, live: registryOf(deps).get(existing.id) ?? null, started: false };
}

/** Produces the reply of `row`, a 'streaming' row this request inserted, on this server. */
function launchReply(
  deps: TurnDeps,
  conversation: ConversationRow,
  question: MessageRow,
  row: MessageRow,
  options: ReplyOptions,
): LiveReply {
  const registry = registryOf(deps);
  const live = new LiveReply(row.id);
  registry.set(row.id, live);
  live.finished = generate(deps, live, row, question, conversation, options).catch((error) => {
    // generate() handles its own failures; this is the last guard so a follower never hangs.
    deps.log?.({ level: 'error', msg: 'assistant reply crashed', message_id: row.id, error: String(error) });
    live.end(REPLY_ERRORS.failed);
    registry.delete(row.id);
  });
  return live;
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
  });
  if (!started) throw conversationNotFound();
  const { conversation, question, reply: row } = started;
  const live = launchReply(deps, conversation, question, row, { secondHearing: input.secondHearing });
  await conversationUpdated(deps, conversation.businessId, conversation);
  if (input.wait === false) return turnResult(deps, conversation.id, question, row, conversation);
  await live.finished;
  return turnResult(deps, conversation.id, question, row);
}

async function turnResult(
  deps: TurnDeps,
  conversationId: string,
  question: MessageRow,
  reply: MessageRow,
  /** The conversation as it is now, when the caller has it (a reply still streaming has not moved it yet). */
  known?: ConversationRow,
): Promise<TurnResult> {
  const [rows, [current]] = await Promise.all([
    listMessages(deps.db, conversationId),
    known ? [known] : deps.db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1),
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
  const [reply] = await deps.db
    .insert(conversationMessages)
    .values({
      id: newId(),
      conversationId: conversation.id,
      businessId: conversation.businessId,
      role: 'assistant',
      content: input.reply,
      status: 'complete',
      replyTo: question.id,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await touchAndAnnounce(deps, conversation, at);
  return turnResult(deps, conversation.id, question, reply);
}

/** The plan's name for a turn. */
export const runTurn = postMessage;
