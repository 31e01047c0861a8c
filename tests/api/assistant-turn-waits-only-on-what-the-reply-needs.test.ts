import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConversation } from '#api/services/assistant/conversations';
import { followReply, postMessage, waitForReplies, type TurnDeps } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * A turn's first words must not wait on bookkeeping the caller does not need: the realtime
 * event carries only the conversation's id (no summary is read for it), the turn's answer
 * builds the conversation's summary from the messages it just read, and following a reply
 * that was just started reads the question and its reply at once. Counted here as the
 * statements sent to the database from the message in to the reply's first chunk.
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

/** Where the turn's own bookkeeping is written (the provider's and tools' statements are not counted). */
const TURN_CODE = /assistant\/(turns|conversations|context)\.ts/;

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
  it('sends at most 16 statements of its own: the question and its reply rows, the business context, the history, and the answer of the call', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    const { deps, counter } = countingDeps(h.deps as TurnDeps);
    await postMessage(deps, { businessId, conversationId: conversation.id, message: 'What are your opening hours?', wait: false });
    let first = '';
    let statementsAtFirstChunk = 0;
    for await (const chunk of followReply(deps, businessId, conversation.id)) {
      if (!first && chunk) {
        first = chunk;
        statementsAtFirstChunk = counter.statements;
      }
    }
    expect(first.trim()).not.toBe('');
    expect(statementsAtFirstChunk).toBeGreaterThan(0);
    expect(statementsAtFirstChunk).toBeLessThanOrEqual(16);
  });
});
