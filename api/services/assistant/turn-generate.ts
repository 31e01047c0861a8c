import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ConversationAction, ConversationChannel, ConversationSource } from '#contract/schemas/conversation';
import { conversationMessages, conversations } from '#api/db/schema';
import { conversationUpdated } from '#api/lib/events';
import { loadBusinessContext, loadCustomerFact } from './context';
import type { ConversationRow, MessageRow } from './conversations';
import { deferringWrites } from './deferred-writes';
import { selectProvider } from './providers';
import { holdingOwnerQuestions, SAY_IT_ANOTHER_WAY } from './second-hearing';
import { createAssistantTools } from './tools';
import { insertReplyRow } from './turn-rows';
import {
  LiveReply,
  registryOf,
  REPLY_ERRORS,
  ReplyFailedError,
  timestampAfter,
  TURN_LIMITS,
  type TurnDeps,
} from './turn-live-reply';
import type { AssistantEvent, HistoryMessage } from './types';

/** The reply of a turn produced on this server, once (turns.ts): the provider's events, flushed to the row as they come. */

function uniqueSources(sources: ConversationSource[]): ConversationSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    const key = `${source.kind}:${source._id ?? ''}:${source.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The rows a turn reads for its history: the latest of the conversation, newest first. */
export const historyRows = () => TURN_LIMITS.historyMessages * 2;

/** What the provider sees of `rows` (the conversation's latest historyRows(), newest first): the complete messages with words, oldest first. */
export function historyOf(rows: { role: HistoryMessage['role']; content: string; status: string }[]): HistoryMessage[] {
  return rows
    .filter((row) => row.status === 'complete' && row.content.trim())
    .slice(0, TURN_LIMITS.historyMessages)
    .reverse()
    .map((row) => ({ role: row.role, content: row.content }));
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
    .limit(historyRows());
  return historyOf(rows);
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

/**
 * What the statement that stored the question already read (turn-rows.ts): the history and
 * the business context's fingerprint, each one statement fewer before the first words.
 */
export type KnownAtStart = { history?: HistoryMessage[]; contextVersion?: string | null };

/** Produces the reply of `reply` (a 'streaming' row this server inserted), writing it as it grows. */
async function generate(
  deps: TurnDeps,
  live: LiveReply,
  reply: MessageRow,
  question: MessageRow,
  conversation: ConversationRow,
  options: ReplyOptions = {},
  known: KnownAtStart = {},
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
        loadBusinessContext(db, conversation.businessId, known.contextVersion),
        known.history ?? loadHistory(deps, question),
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
  const at = timestampAfter(deps.clock.now(), question.createdAt);
  const row = await insertReplyRow(deps.db, question, { at, content: '', status: 'streaming' });
  if (row) return { row, live: launchReply(deps, conversation, question, row, options), started: true };
  const [existing] = await deps.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.replyTo, question.id))
    .limit(1);
  return { row: existing, live: registryOf(deps).get(existing.id) ?? null, started: false };
}

/** Produces the reply of `row`, a 'streaming' row this request inserted, on this server. */
export function launchReply(
  deps: TurnDeps,
  conversation: ConversationRow,
  question: MessageRow,
  row: MessageRow,
  options: ReplyOptions,
  known?: KnownAtStart,
): LiveReply {
  const registry = registryOf(deps);
  const live = new LiveReply(row.id);
  registry.set(row.id, live);
  live.finished = generate(deps, live, row, question, conversation, options, known).catch((error) => {
    // generate() handles its own failures; this is the last guard so a follower never hangs.
    deps.log?.({ level: 'error', msg: 'assistant reply crashed', message_id: row.id, error: String(error) });
    live.end(REPLY_ERRORS.failed);
    registry.delete(row.id);
  });
  return live;
}
