import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversations } from '#api/db/schema';
import { createConversation, listMessages, serializeMessage } from '#api/services/assistant/conversations';
import { followReply, postMessage, waitForReplies, type TurnDeps } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * A turn's fixed cost before its first words is its statements (on PGlite, one connection,
 * each round trip is paid in full). Every statement sent from the message in to the first
 * chunk is counted here, the provider's own included: the question, its reply's row and the
 * conversation's bookkeeping are one statement; the business context's fingerprint, the
 * history and the turn's answer follow; a reply already finished when it is followed is
 * streamed from the row that was just read. What the statements write is checked too.
 */
let h: Harness;
let onQuery: ((query: string) => void) | null = null;
beforeAll(async () => {
  h = await createHarness({ onQuery: (query) => onQuery?.(query) });
});
afterEach(async () => {
  onQuery = null;
  await waitForReplies(h.deps);
});
afterAll(async () => {
  await h.close();
});

async function statementsToFirstChunk(businessId: string, conversationId: string, message: string) {
  const statements: string[] = [];
  onQuery = (query) => statements.push(query);
  const deps = h.deps as TurnDeps;
  const turn = await postMessage(deps, { businessId, conversationId, message, wait: false });
  let first = '';
  let atFirst = 0;
  for await (const chunk of followReply(deps, businessId, conversationId)) {
    if (!first && chunk) {
      first = chunk;
      atFirst = statements.length;
    }
  }
  onQuery = null;
  await waitForReplies(h.deps);
  expect(first.trim()).not.toBe('');
  return { turn, atFirst, statements };
}

describe('a turn before its first words', () => {
  it('sends at most 6 statements besides the knowledge search once the business context is known (13 before the rows were written together)', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    await statementsToFirstChunk(businessId, conversation.id, 'What are your opening hours?');
    const { atFirst, statements } = await statementsToFirstChunk(
      businessId,
      conversation.id,
      'What are your opening hours?',
    );
    // The provider's knowledge search is measured apart (bench:assistant): the rest is the turn's fixed cost.
    const own = statements.slice(0, atFirst).filter((query) => !/knowledge_chunks/.test(query));
    expect(own.length, own.map((query) => query.trim().slice(0, 90)).join('\n')).toBeLessThanOrEqual(6);
  });

  it('reads the history and the messages of its answer in the statement that stores the question: 3 statements besides the search (5 before)', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    await statementsToFirstChunk(businessId, conversation.id, 'What are your opening hours?');
    const { atFirst, statements } = await statementsToFirstChunk(businessId, conversation.id, 'Where are you based?');
    const own = statements.slice(0, atFirst).filter((query) => !/knowledge_chunks/.test(query));
    // The rows' statement, the business context's fingerprint, and the follow's read of the latest reply.
    expect(own.length, own.map((query) => query.trim().slice(0, 90)).join('\n')).toBeLessThanOrEqual(3);
  });

  it("reads the business context's fingerprint in the statement that stores the question: 2 statements besides the search (3 before)", async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    await statementsToFirstChunk(businessId, conversation.id, 'What are your opening hours?');
    const { atFirst, statements } = await statementsToFirstChunk(businessId, conversation.id, 'Where are you based?');
    // The owner's question this turn records is written after its words, in a transaction
    // (deferred-writes.ts); on PostgreSQL's pool that transaction can open before the follower's
    // loop resumes with the first chunk. The turn opens none before its words, so a transaction's
    // statements are not its cost before them.
    let inTransaction = false;
    const own = statements.slice(0, atFirst).filter((query) => {
      if (/^\s*begin\b/i.test(query)) inTransaction = true;
      const counted = !inTransaction && !/knowledge_chunks/.test(query);
      if (/^\s*(commit|rollback)\b/i.test(query)) inTransaction = false;
      return counted;
    });
    // The rows' statement (with the fingerprint) and the follow's read of the latest reply.
    expect(own.length, own.map((query) => query.trim().slice(0, 90)).join('\n')).toBeLessThanOrEqual(2);
    expect(own.filter((query) => /xmin/.test(query))).toHaveLength(1);
  });

  it("answers every message of the conversation as a read after the turn's statement would (a dead reply it marked failed too)", async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    const first = await statementsToFirstChunk(businessId, conversation.id, 'What are your opening hours?');
    await statementsToFirstChunk(businessId, conversation.id, 'Where are you based?');
    await h.deps.db
      .update(conversationMessages)
      .set({ status: 'streaming', createdAt: new Date(Date.now() - 180_000) })
      .where(eq(conversationMessages.id, first.turn.reply.id));
    const turn = await postMessage(h.deps as TurnDeps, {
      businessId,
      conversationId: conversation.id,
      message: 'Can I pay by card?',
      wait: false,
    });
    await waitForReplies(h.deps);
    const stored = (await listMessages(h.deps.db, conversation.id)).map(serializeMessage);
    // The new reply was still streaming when the turn answered; every other message is as stored.
    expect(turn.messages.map((message) => message.id)).toEqual(stored.map((message) => message.id));
    expect(turn.messages.slice(0, -1)).toEqual(stored.slice(0, -1));
    expect(turn.messages.find((message) => message.id === first.turn.reply.id)).toMatchObject({
      status: 'failed',
      error: 'The answer was interrupted. Please ask again.',
    });
  });

  it('writes the question, its reply and the conversation time in one statement, and answers 404 writing nothing for another business', async () => {
    const owner = await h.signUpWithBusiness();
    const other = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    const { turn, atFirst, statements } = await statementsToFirstChunk(
      businessId,
      conversation.id,
      'Where are you based?',
    );
    const beforeFirst = statements.slice(0, atFirst).map((query) => query.trim());
    const inserting = beforeFirst.filter((query) => query.includes('insert into "conversation_messages"'));
    expect(inserting).toHaveLength(1);
    expect(inserting[0].split('insert into "conversation_messages"')).toHaveLength(3);
    // No statement of its own for the conversation: not read again, and its time moves with the rows.
    expect(
      beforeFirst.filter((query) => /^(select|update) .*"conversations"/.test(query) && !/join/.test(query)),
    ).toEqual([]);
    expect(turn.message).toMatchObject({ role: 'user', content: 'Where are you based?' });
    expect(turn.reply.role).toBe('assistant');
    expect(new Date(turn.reply.created_at).getTime()).toBeGreaterThan(new Date(turn.message.created_at).getTime());
    expect(new Date(turn.conversation.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(turn.message.created_at).getTime(),
    );
    const rows = await h.deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id));
    expect(rows.find((row) => row.id === turn.reply.id)).toMatchObject({
      status: 'complete',
      replyTo: turn.message.id,
    });
    const [stored] = await h.deps.db.select().from(conversations).where(eq(conversations.id, conversation.id));
    // The reply moved the conversation's time when it was stored (same statement as the reply).
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(new Date(turn.reply.created_at).getTime());

    await expect(
      postMessage(h.deps as TurnDeps, {
        businessId: other.business._id as string,
        conversationId: conversation.id,
        message: 'Hello?',
        wait: false,
      }),
    ).rejects.toMatchObject({ status: 404 });
    const after = await h.deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversation.id));
    expect(after).toHaveLength(rows.length);
  });

  it('marks a dead reply of the conversation failed in the same statement that stores the next question', async () => {
    const owner = await h.signUpWithBusiness();
    const businessId = owner.business._id as string;
    const conversation = await createConversation(h.deps, businessId, { channel: 'chat', userId: owner.user._id });
    const { turn } = await statementsToFirstChunk(businessId, conversation.id, 'What are your opening hours?');
    // As if its server died while it streamed, three minutes ago.
    const past = new Date(Date.now() - 180_000);
    await h.deps.db
      .update(conversationMessages)
      .set({ status: 'streaming', createdAt: past })
      .where(eq(conversationMessages.id, turn.reply.id));
    await statementsToFirstChunk(businessId, conversation.id, 'Where are you based?');
    const [dead] = await h.deps.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.id, turn.reply.id));
    expect(dead).toMatchObject({ status: 'failed', error: 'The answer was interrupted. Please ask again.' });
  });
});
