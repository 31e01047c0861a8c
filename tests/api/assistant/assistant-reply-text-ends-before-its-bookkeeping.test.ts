import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { followReply, postMessage, waitForReplies, type TurnDeps } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { holdTransactions } from '#tests/support/held-transactions';

/**
 * A reply's text ends as soon as the provider has said it all, not once the turn's
 * bookkeeping (the question for the team, its task, the stored reply) is written: speech
 * cuts the last sentence only when the text ends, so a one-sentence reply's audio would
 * otherwise wait for those writes. The writes still happen, and the stored reply is the text.
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

describe('the end of a reply', () => {
  it('comes before the question it passes to the team is written', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'voice', userId: null });
    // Every transaction (recording the question is one) waits until the text has ended.
    const held = holdTransactions(h.deps.db, 15_000);
    const deps = { ...h.deps, db: held.db } as TurnDeps;
    const question = 'Do you sell second-hand telescopes for stargazing?';
    await postMessage(deps, { businessId, conversationId: conversation.id, message: question, wait: false });
    let text = '';
    for await (const chunk of followReply(deps, businessId, conversation.id)) text += chunk;
    // The text ended while every transaction was still held.
    expect(held.forcedOpen()).toBe(false);
    held.open();
    expect(text).toMatch(/passed your question to the team/i);
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
    expect(reply.actions.some((action) => action.type === 'question_recorded')).toBe(true);
  });
});
