import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMemory, ApiTimelineItem } from '#contract/envelope';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { waitForReplies } from '#api/services/assistant/turns';
import { createHarness, uniqueEmail, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile } from '#tests/support/inbound-fixtures';
import { insertLeadcatcher, submitJson } from '#tests/support/leadcatcher';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => waitForReplies(h.deps));
afterAll(() => h.close());

const QUESTION = 'Do you sell gift vouchers for birthdays?';
const ANSWER = 'Yes: gift vouchers from £20, in the shop or by phone.';
const openAllWeek = () => WEEKDAYS.map((day) => ({ day, open: true, start: '00:00', end: '23:59' }));

type Owner = { token: string };

async function tasks(owner: Owner, b: string): Promise<ApiTimelineItem[]> {
  const listed = await h.call(`businesses/notes/${b}/list`, { tasks_only: true }, owner.token);
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return listed.body.data.notes;
}

async function waitingQuestion(owner: Owner, b: string): Promise<ApiMemory> {
  const listed = await h.call(`businesses/memories/questions/${b}/list`, {}, owner.token);
  const questions: ApiMemory[] = listed.body.data.questions;
  expect(questions).toHaveLength(1);
  return questions[0];
}

const answer = (owner: Owner, b: string, id: string, body: Record<string, unknown>) =>
  h.call(`businesses/memories/${b}/answer/${id}`, body, owner.token);

describe('answering a question the assistant recorded', () => {
  it('completes the task it made, and the answer reaches the caller by SMS and the texter by SMS (through the simulator’s calls)', async () => {
    const { owner, b, system } = await phoneSystem(h);
    await h.call(`businesses/settings/${b}/set`, { opening_hours: openAllWeek() }, owner.token);
    const caller = randomUkMobile();
    const texter = randomUkMobile();
    const simulate = (body: unknown) =>
      h.call(`businesses/systems/${b}/settings/${system._id}/simulate`, body, owner.token);
    expect((await simulate({ kind: 'call', from: caller, says: `${QUESTION}\nThanks, bye` })).status).toBe(200);
    expect((await simulate({ kind: 'sms', from: texter, says: QUESTION })).status).toBe(200);

    const question = await waitingQuestion(owner, b);
    const open = (await tasks(owner, b)).filter((task) => task.body?.includes(QUESTION));
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(open.every((task) => task.completed_at === null)).toBe(true);

    const result = await answer(owner, b, question._id, { answer: ANSWER, send_to_customer: true });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(
      result.body.data.replies.map((reply: { sent: boolean; channel: string; to: string }) => [
        reply.sent,
        reply.channel,
        reply.to,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [true, 'sms', caller],
        [true, 'sms', texter],
      ]),
    );
    for (const phone of [caller, texter])
      expect((await h.outboxFor(phone, 'sms')).some((sms) => sms.body.includes(ANSWER))).toBe(true);

    const after = await tasks(owner, b);
    for (const task of open)
      expect(after.find((item) => item._id === task._id)?.completed_at, task.body ?? '').not.toBeNull();
  });

  it('completes the task of a web form lead’s question and emails them the answer', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const system = await insertLeadcatcher(h, b, {
      follow_up: 'email',
      follow_up_template: 'Hello {first_name}, thanks for writing.',
    });
    const email = uniqueEmail();
    expect((await submitJson(h, system.id, { name: 'Noor Haddad', email, message: QUESTION })).status).toBe(200);
    const question = await waitingQuestion(owner, b);
    const made = (await tasks(owner, b)).filter((task) => task.body?.includes(QUESTION));
    expect(made).toHaveLength(1);

    const result = await answer(owner, b, question._id, { answer: ANSWER, send_to_customer: true });
    expect(result.body.messages).toEqual([
      'Question answered.',
      `The answer was sent to Noor Haddad by email (${email}).`,
    ]);
    expect((await h.outboxFor(email, 'email')).some((mail) => mail.body.includes(ANSWER))).toBe(true);
    expect((await tasks(owner, b)).find((task) => task._id === made[0]._id)?.completed_at).not.toBeNull();
  });

  it('completes the task even when the owner does not send the answer, and leaves other tasks alone', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const conversation = (await h.call(`businesses/conversations/${b}/create`, {}, owner.token)).body.data.conversation
      .id;
    await h.call(`businesses/conversations/${b}/update/${conversation}`, { message: QUESTION }, owner.token);
    const other = await h.call(
      `businesses/notes/${b}/create`,
      { body: 'Order more flour', reminder: new Date(Date.now() + 3_600_000).toISOString() },
      owner.token,
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);

    const question = await waitingQuestion(owner, b);
    const result = await answer(owner, b, question._id, { answer: ANSWER });
    expect(result.status).toBe(200);
    const after = await tasks(owner, b);
    const made = after.find((task) => task.body?.includes(QUESTION));
    expect(made?.completed_at).not.toBeNull();
    expect(after.find((task) => task._id === other.body.data.note._id)?.completed_at).toBeNull();
  });

  it('tells a chat asker in the chat they asked in, when the owner sends the answer', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const conversation = (await h.call(`businesses/conversations/${b}/create`, {}, owner.token)).body.data.conversation
      .id;
    await h.call(`businesses/conversations/${b}/update/${conversation}`, { message: QUESTION }, owner.token);
    const question = await waitingQuestion(owner, b);

    const result = await answer(owner, b, question._id, { answer: ANSWER, send_to_customer: true });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.replies).toEqual([expect.objectContaining({ sent: true, channel: 'chat' })]);
    expect(result.body.messages).toEqual([
      'Question answered.',
      'The answer was posted in the chat where it was asked.',
    ]);
    const chat = await h.call(`businesses/conversations/${b}/get/${conversation}`, undefined, owner.token);
    const last = chat.body.data.messages.at(-1);
    expect(last).toMatchObject({ role: 'assistant', status: 'complete' });
    expect(last.content).toContain(ANSWER);
    expect((await tasks(owner, b)).find((task) => task.body?.includes(QUESTION))?.completed_at).not.toBeNull();
  });
});
