import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMemory, ApiTimelineItem } from '#contract/envelope';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage, waitForReplies } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';

/**
 * A question the assistant could not answer waits for the owner (a `question` memory and a
 * task). Callers who later ask the same thing in other words join it, so the owner answers
 * once and the answer reaches each of them; a different question on a nearby subject does not.
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

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string };
}

async function ask(owner: { token: string }, b: string, message: string) {
  const created = await h.call(path(b, 'create'), {}, owner.token);
  const id = created.body.data.conversation.id as string;
  const result = await h.call(path(b, `update/${id}`), { message }, owner.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const reply = result.body.data.messages.at(-1) as {
    content: string;
    actions: { type: string; memory_id?: string; duplicate?: boolean }[];
  };
  return { id, reply };
}

async function openQuestions(owner: { token: string }, b: string): Promise<ApiMemory[]> {
  return (await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token)).body.data.questions;
}

async function tasks(owner: { token: string }, b: string): Promise<ApiTimelineItem[]> {
  return (await h.call(`businesses/notes/${b}/list`, { tasks_only: true }, owner.token)).body.data.notes;
}

describe('a paraphrase of a question waiting for the owner', () => {
  it('joins it: one question, one task, every conversation linked and counted', async () => {
    const { owner, b } = await business();
    const first = await ask(owner, b, 'Do you sell loyalty cards?');
    const second = await ask(owner, b, 'Hi, can I get a loyalty card for my husband?');
    const third = await ask(owner, b, 'Have you got a loyalty card scheme?');

    const questions = await openQuestions(owner, b);
    expect(questions.map((question) => question.content)).toEqual(['Do you sell loyalty cards?']);
    expect(questions[0].meta).toMatchObject({
      asked_count: 3,
      conversation_ids: [first.id, second.id, third.id],
      asked_as: ['Hi, can I get a loyalty card for my husband?', 'Have you got a loyalty card scheme?'],
    });
    expect(second.reply.actions).toEqual([
      expect.objectContaining({ type: 'question_recorded', memory_id: questions[0]._id, duplicate: true }),
    ]);
    expect(third.reply.actions).toEqual([
      expect.objectContaining({ type: 'question_recorded', memory_id: questions[0]._id, duplicate: true }),
    ]);
    expect(await tasks(owner, b)).toHaveLength(1);
  });

  it('links each known caller who asked it, so the owner’s answer can reach them all', async () => {
    const { owner, b } = await business();
    const ana = await createCustomer(h, b, owner.token, { first_name: 'Ana', last_name: 'Reyes' });
    const tom = await createCustomer(h, b, owner.token, { first_name: 'Tom', last_name: 'Okafor' });
    const smsAna = await createConversation(h.deps, b, { channel: 'sms', customerId: ana._id });
    const smsTom = await createConversation(h.deps, b, { channel: 'sms', customerId: tom._id });
    await postMessage(h.deps, { businessId: b, conversationId: smsAna.id, message: 'Do you repair vintage watches?' });
    await postMessage(h.deps, {
      businessId: b,
      conversationId: smsTom.id,
      message: 'can you fix an old vintage watch for me',
    });
    const questions = await openQuestions(owner, b);
    expect(questions).toHaveLength(1);
    expect(questions[0].meta.customer_ids).toEqual([ana._id, tom._id]);
  });

  it('in either order, a question on another subject stays its own question with its own task', async () => {
    const { owner, b } = await business();
    await ask(owner, b, 'Do you sell loyalty cards?');
    await ask(owner, b, 'Do you take credit cards?');
    await ask(owner, b, 'Is there parking near the shop?');
    await ask(owner, b, 'Can I bring my dog inside?');
    await ask(owner, b, 'Can I bring my children inside?');
    const contents = (await openQuestions(owner, b)).map((question) => question.content).sort();
    expect(contents).toEqual([
      'Can I bring my children inside?',
      'Can I bring my dog inside?',
      'Do you sell loyalty cards?',
      'Do you take credit cards?',
      'Is there parking near the shop?',
    ]);
    expect(await tasks(owner, b)).toHaveLength(5);

    const other = await business();
    await ask(other.owner, other.b, 'Is there parking near the shop?');
    await ask(other.owner, other.b, 'Do you sell loyalty cards?');
    expect(await openQuestions(other.owner, other.b)).toHaveLength(2);
  });

  it('does not join a question the owner already answered or ignored: only one still waiting', async () => {
    const { owner, b } = await business();
    await ask(owner, b, 'Do you repair vintage watches?');
    const [question] = await openQuestions(owner, b);
    const ignored = await h.call(
      `businesses/memories/${b}/update/${question._id}`,
      { type: 'ignored_question' },
      owner.token,
    );
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    await ask(owner, b, 'can you fix an old vintage watch for me');
    const open = await openQuestions(owner, b);
    expect(open.map((item) => item.content)).toEqual(['can you fix an old vintage watch for me']);
  });
});
