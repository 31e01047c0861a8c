import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMemory, ApiTimelineItem } from '#contract/envelope';
import { DEFAULT_OPENING_HOURS } from '#contract/schemas/business-settings';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage, waitForReplies } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createCustomer } from '#tests/support/customers';
import { createOpenAiMock } from '#tests/support/openai-mock';

const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);

let h: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ assistantModel: { baseUrl: BASE, model: 'test-model' } });
});
afterEach(async () => {
  await waitForReplies(h.deps);
  model.reset();
});
afterAll(async () => {
  await h.close();
  server.close();
});

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;
const UNANSWERABLE = 'Do you sell gift vouchers for birthdays?';

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string };
}

async function conversation(owner: { token: string }, b: string) {
  const created = await h.call(path(b, 'create'), {}, owner.token);
  return created.body.data.conversation.id as string;
}

async function say(owner: { token: string }, b: string, id: string, message: string) {
  const result = await h.call(path(b, `update/${id}`), { message }, owner.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.messages.at(-1) as {
    content: string;
    actions: { type: string; note_id?: string; memory_id?: string; duplicate?: boolean }[];
    sources: unknown[];
  };
}

async function openQuestions(owner: { token: string }, b: string): Promise<ApiMemory[]> {
  return (await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token)).body.data.questions;
}

async function tasks(owner: { token: string }, b: string): Promise<ApiTimelineItem[]> {
  return (await h.call(`businesses/notes/${b}/list`, { tasks_only: true }, owner.token)).body.data.notes;
}

describe('a question the assistant cannot answer', () => {
  it('is answered honestly, recorded as a question memory linked to the conversation, and a task goes to the team', async () => {
    const { owner, b } = await business();
    const id = await conversation(owner, b);
    const reply = await say(owner, b, id, UNANSWERABLE);
    expect(reply.content).not.toMatch(/\byes\b/i);
    expect(reply.actions.map((action) => action.type)).toEqual(['question_recorded', 'task_created']);

    const [question] = await openQuestions(owner, b);
    expect(question).toMatchObject({ type: 'question', status: 'active', content: UNANSWERABLE });
    expect(question.meta).toMatchObject({ source: 'assistant', asked_count: 1, conversation_ids: [id] });
    expect(reply.actions[0]).toMatchObject({ memory_id: question._id, duplicate: false });

    const [task] = await tasks(owner, b);
    expect(task._id).toBe(reply.actions[1].note_id);
    expect(task).toMatchObject({ internal: true, customer_id: null, completed_at: null });
    expect(task.reminder).not.toBeNull();
    expect(task.body).toContain(UNANSWERABLE);
    expect(task.body).toContain(`/dashboard/assistant-conversations/${id}`);
  });

  it('asked again (in other words of case and punctuation) counts on the same memory, links the conversation, and makes no second task', async () => {
    const { owner, b } = await business();
    const first = await conversation(owner, b);
    const second = await conversation(owner, b);
    await say(owner, b, first, UNANSWERABLE);
    const reply = await say(owner, b, second, '  do you SELL gift vouchers, for birthdays  ');
    expect(reply.actions).toEqual([expect.objectContaining({ type: 'question_recorded', duplicate: true })]);

    const questions = await openQuestions(owner, b);
    expect(questions).toHaveLength(1);
    expect(questions[0].meta).toMatchObject({ asked_count: 2, conversation_ids: [first, second] });
    expect(await tasks(owner, b)).toHaveLength(1);
  });

  it('from a known customer is linked to them, and their task is made even for a question already waiting', async () => {
    const { owner, b } = await business();
    const customer = await createCustomer(h, b, owner.token, { first_name: 'Maria', last_name: 'Lopez' });
    await say(owner, b, await conversation(owner, b), UNANSWERABLE);
    const sms = await createConversation(h.deps, b, { channel: 'sms', customerId: customer._id });
    const turn = await postMessage(h.deps, { businessId: b, conversationId: sms.id, message: UNANSWERABLE });
    expect(turn.reply.actions?.map((action) => action.type)).toEqual(['question_recorded', 'task_created']);
    const [question] = await openQuestions(owner, b);
    expect(question.meta).toMatchObject({ asked_count: 2, customer_id: customer._id });
    const customerTasks = (await tasks(owner, b)).filter((task) => task.customer_id === customer._id);
    expect(customerTasks).toHaveLength(1);
    expect(customerTasks[0].body).toContain('Channel: sms');
  });

  it('once answered in the knowledge base, is answered from it on the next message', async () => {
    const { owner, b } = await business();
    const id = await conversation(owner, b);
    await say(owner, b, id, UNANSWERABLE);
    const [question] = await openQuestions(owner, b);
    const answered = await h.call(
      `businesses/memories/${b}/update/${question._id}`,
      { type: 'answered_question', answer: 'Yes, gift vouchers come in any amount from £20.' },
      owner.token,
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const reply = await say(owner, b, id, UNANSWERABLE);
    expect(reply.content).toContain('gift vouchers come in any amount from £20');
    expect(reply.sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'memory', _id: question._id })]),
    );
    expect(reply.actions).toEqual([]);
  });
});

describe('a booking request', () => {
  it('gathers the name, number and preferred time, then leaves a task with them and the conversation link', async () => {
    const { owner, b } = await business();
    const id = await conversation(owner, b);
    const ask = await say(owner, b, id, "I'd like to book a carpet clean");
    expect(ask.content).toMatch(/name/i);
    expect(ask.actions).toEqual([]);
    const done = await say(
      owner,
      b,
      id,
      'My name is Jane Smith, my number is +447700900123, Tuesday morning would suit me',
    );
    expect(done.actions).toEqual([
      expect.objectContaining({ type: 'task_created', summary: 'Booking request from Jane Smith' }),
    ]);
    const [task] = await tasks(owner, b);
    expect(task._id).toBe(done.actions[0].note_id);
    expect(task.internal).toBe(true);
    expect(task.body).toContain('Name: Jane Smith');
    expect(task.body).toContain('Number: +447700900123');
    expect(task.body).toContain('Preferred time: Tuesday morning');
    expect(task.body).toContain("Reason: I'd like to book a carpet clean");
    expect(task.body).toContain(`Conversation: /dashboard/assistant-conversations/${id}`);
  });

  it('links the task to the contact whose number the caller gave', async () => {
    const { owner, b } = await business();
    const customer = await createCustomer(h, b, owner.token, { phones: ['+447700900456'] });
    const id = await conversation(owner, b);
    await say(owner, b, id, 'Can someone call me back please?');
    await say(owner, b, id, "I'm Sam Hill, on +447700900456, any time after 3pm");
    const [task] = await tasks(owner, b);
    expect(task.customer_id).toBe(customer._id);
  });
});

describe('settings take effect on the next message', () => {
  it('new opening hours change the answer', async () => {
    const { owner, b } = await business();
    const id = await conversation(owner, b);
    await h.call(`businesses/settings/${b}/set`, { opening_hours: DEFAULT_OPENING_HOURS }, owner.token);
    const before = await say(owner, b, id, 'What are your opening hours?');
    expect(before.content).toMatch(/9\s?am|09:00/i);
    await h.call(
      `businesses/settings/${b}/set`,
      { opening_hours: DEFAULT_OPENING_HOURS.map((day) => ({ ...day, start: '08:00', end: '16:00' })) },
      owner.token,
    );
    const after = await say(owner, b, id, 'What are your opening hours?');
    expect(after.content).toMatch(/8\s?am|08:00/i);
    expect(after.content).not.toMatch(/9\s?am|09:00/i);
  });

  it('a booking is not captured once capture is turned off', async () => {
    const { owner, b } = await business();
    await h.call(`businesses/settings/${b}/set`, { assistant: { capture_bookings: false } }, owner.token);
    const id = await conversation(owner, b);
    const reply = await say(owner, b, id, "I'd like to book a carpet clean");
    expect(reply.content).not.toMatch(/your name/i);
    expect(await tasks(owner, b)).toHaveLength(0);
  });

  it('choosing the model sends the next message to it', async () => {
    const { owner, b } = await business();
    const id = await conversation(owner, b);
    await say(owner, b, id, 'Hello');
    expect(model.requests).toHaveLength(0);
    await h.call(
      `businesses/settings/${b}/set`,
      { assistant: { provider: 'openai-compatible', name: 'Ella' } },
      owner.token,
    );
    model.enqueue({ text: 'Hello, I am Ella.' });
    const reply = await say(owner, b, id, 'Who are you?');
    expect(reply.content).toBe('Hello, I am Ella.');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0].system).toContain('Ella');
  });
});

describe('escalations through the model’s tool calls', () => {
  it('record_unanswered_question and create_task run against the database, and their actions are on the reply', async () => {
    const { owner, b } = await business();
    await h.call(`businesses/settings/${b}/set`, { assistant: { provider: 'openai-compatible' } }, owner.token);
    const id = await conversation(owner, b);
    model.enqueue(
      { toolCalls: [{ name: 'record_unanswered_question', arguments: { question: UNANSWERABLE } }] },
      {
        toolCalls: [
          {
            name: 'create_task',
            arguments: {
              title: 'Call back about vouchers',
              name: 'Ana Bell',
              phone: '+447700900789',
              preferred_time: 'Friday afternoon',
              reason: 'Gift vouchers',
            },
          },
        ],
      },
      { text: "I don't know yet; I've asked the team to call you back." },
    );
    const reply = await say(owner, b, id, UNANSWERABLE);
    expect(reply.content).toBe("I don't know yet; I've asked the team to call you back.");
    const types = reply.actions.map((action) => action.type);
    expect(types.filter((type) => type === 'question_recorded')).toHaveLength(1);
    expect(types.filter((type) => type === 'task_created').length).toBeGreaterThanOrEqual(2);

    const [question] = await openQuestions(owner, b);
    expect(question.meta).toMatchObject({ source: 'assistant', conversation_ids: [id] });
    const bodies = (await tasks(owner, b)).map((task) => task.body ?? '');
    const callback = bodies.find((body) => body.startsWith('Call back about vouchers'));
    expect(callback).toContain('Name: Ana Bell');
    expect(callback).toContain('Number: +447700900789');
    expect(callback).toContain('Preferred time: Friday afternoon');
    expect(callback).toContain(`/dashboard/assistant-conversations/${id}`);
  });
});

describe('merging contacts', () => {
  it("moves the merged contact's conversations to the one kept", async () => {
    const { owner, b } = await business();
    const kept = await createCustomer(h, b, owner.token);
    const merged = await createCustomer(h, b, owner.token);
    const sms = await createConversation(h.deps, b, { channel: 'sms', customerId: merged._id });
    const result = await h.call(`businesses/customers/${b}/merge/${kept._id}`, { merge_id: merged._id }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const got = await h.call(path(b, `get/${sms.id}`), undefined, owner.token);
    expect(got.body.data.conversation.customer_id).toBe(kept._id);
  });
});
