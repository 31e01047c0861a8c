import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, memories } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { followReply, postMessage, waitForReplies, type TurnDeps } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { holdTransactions } from '#tests/support/held-transactions';

/**
 * A turn's first words must not wait on bookkeeping the caller does not need: the realtime
 * event carries only the conversation's id (no summary is read for it), the turn's answer
 * builds the conversation's summary from the messages it just read, and following a reply
 * that was just started reads the question and its reply at once, the business context is
 * kept while its fingerprint is unchanged, and the message's bookkeeping (the conversation's
 * time, stale replies) follows the start of the reply. Counted here as the statements sent to
 * the database from the message in to the reply's first chunk. A question passed to the team
 * is written once the caller has the words (deferred-writes.ts), and is on the reply.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await waitForReplies(h.deps);
});
afterAll(async () => {
  await h.close();
});

const STATEMENTS = ['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute'] as const;

/** Where the turn's own bookkeeping is written (the provider's and tools' statements are not counted): turns.ts and its parts (turn-*.ts). */
const TURN_CODE = /assistant\/(turns|turn-[a-z-]+|conversations|context)\.ts/;

/** The same deps whose database counts the statements the turn itself builds on it. */
function countingDeps(deps: TurnDeps) {
  const counter = { statements: 0 };
  const db = new Proxy(deps.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !(STATEMENTS as readonly (string | symbol)[]).includes(property)) return value;
      return (...args: unknown[]) => {
        const callers = (new Error().stack ?? '').split('\n').slice(2, 4).join('\n');
        if (TURN_CODE.test(callers)) counter.statements++;
        return value.apply(target, args);
      };
    },
  });
  return { deps: { ...deps, db } as TurnDeps, counter };
}

describe('a turn before its first chunk', () => {
  it('sends at most 16 statements of its own: the question and its reply rows, the business context, the history, and the answer of the call; 13 once the business context is known', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    const { deps, counter } = countingDeps(h.deps as TurnDeps);
    const statementsToFirstChunk = async (message: string) => {
      counter.statements = 0;
      await postMessage(deps, { businessId, conversationId: conversation.id, message, wait: false });
      let first = '';
      let statementsAtFirstChunk = 0;
      for await (const chunk of followReply(deps, businessId, conversation.id)) {
        if (!first && chunk) {
          first = chunk;
          statementsAtFirstChunk = counter.statements;
        }
      }
      expect(first.trim()).not.toBe('');
      await waitForReplies(h.deps);
      return statementsAtFirstChunk;
    };
    const cold = await statementsToFirstChunk('What are your opening hours?');
    expect(cold).toBeGreaterThan(0);
    expect(cold).toBeLessThanOrEqual(16);
    // The business context is now known: one fingerprint statement instead of reading it (context.ts).
    const warm = await statementsToFirstChunk('Where are you based?');
    expect(warm).toBeGreaterThan(0);
    expect(warm).toBeLessThanOrEqual(13);
  });

  it('does not wait for the question it passes to the team: the caller has the words first, then the question and its task are written and on the reply', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    // Every transaction (recording the question is one) waits until the first chunk has been read.
    const held = holdTransactions(h.deps.db, 20_000);
    let firstChunkRead = false;
    const deps = { ...h.deps, db: held.db } as TurnDeps;
    const question = 'Do you sell second-hand telescopes for stargazing?';
    await postMessage(deps, { businessId, conversationId: conversation.id, message: question, wait: false });
    let text = '';
    for await (const chunk of followReply(deps, businessId, conversation.id)) {
      if (!firstChunkRead) {
        firstChunkRead = true;
        // The words came while every transaction was still held: none of them was waited on.
        // (A write may already be waiting here when this reader is slower than the reply, as on
        // a loaded machine; what matters is that the first chunk did not need it.)
        expect(held.forcedOpen()).toBe(false);
        held.open();
      }
      text += chunk;
    }
    expect(text).toMatch(/passed your question to the team/i);
    // The held writes are the turn's own (so the gate above was in its path).
    await waitForReplies(deps);
    expect(held.transactions()).toBeGreaterThan(0);

    const [reply] = await h.deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id))
      .orderBy(desc(conversationMessages.createdAt))
      .limit(1);
    expect(reply.status).toBe('complete');
    expect(reply.content).toBe(text);
    const recorded = reply.actions.find((action) => action.type === 'question_recorded');
    const task = reply.actions.find((action) => action.type === 'task_created');
    expect(recorded && 'memory_id' in recorded && recorded.memory_id).toBeTruthy();
    expect(task && 'note_id' in task && task.note_id).toBeTruthy();
    const [memory] = await h.deps.db
      .select()
      .from(memories)
      .where(eq(memories.id, (recorded as { memory_id: string }).memory_id));
    expect(memory).toMatchObject({ businessId, type: 'question', content: question });
  });
});
