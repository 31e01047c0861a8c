import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiTimelineItem } from '#contract/envelope';
import { notifications } from '#api/db/schema';
import { createAssistantTools } from '#api/services/assistant/tools';
import { waitForReplies } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The task of a caller's booking is made once their name and number are known, so the team
 * has it even when the caller hangs up before saying when suits them; the time said after
 * is added to that same note (no second task, no second announcement), and the tool adds
 * only to a request task the assistant made in that conversation of that business.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => waitForReplies(h.deps));
afterAll(() => h.close());

type Reply = { content: string; actions: { type: string; note_id?: string }[] };

async function business() {
  const owner = await h.signUpWithBusiness();
  return { owner, b: owner.business._id as string };
}

async function conversation(owner: { token: string }, b: string): Promise<string> {
  return (await h.call(`businesses/conversations/${b}/create`, {}, owner.token)).body.data.conversation.id;
}

async function say(owner: { token: string }, b: string, id: string, message: string): Promise<Reply> {
  const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, owner.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.messages.at(-1);
}

async function tasks(owner: { token: string }, b: string): Promise<ApiTimelineItem[]> {
  return (await h.call(`businesses/notes/${b}/list`, { tasks_only: true }, owner.token)).body.data.notes;
}

describe('a booking request in a conversation', () => {
  it('is one task from the name and number on, and the time said later is added to it', async () => {
    const { owner, b } = await business();
    const id = await conversation(owner, b);
    await say(owner, b, id, "I'd like to book a chimney sweep please");
    const details = await say(owner, b, id, 'Morag Quinn, 07700 900171');
    expect(details.content).toMatch(/when would suit you\?$/);
    const made = details.actions.find((action) => action.type === 'task_created');
    expect(made?.note_id).toBeTruthy();

    const [task] = await tasks(owner, b);
    expect(task._id).toBe(made!.note_id);
    expect(task.body).toContain('Name: Morag Quinn');
    expect(task.body).toContain('Number: 07700900171');
    expect(task.body).toContain('Preferred time: not given yet');
    expect(task.body).toContain("Reason: I'd like to book a chimney sweep please");

    const time = await say(owner, b, id, 'next Tuesday morning');
    expect(time.actions).toEqual([expect.objectContaining({ type: 'task_updated', note_id: task._id })]);
    const after = await tasks(owner, b);
    expect(after).toHaveLength(1);
    expect(after[0].body).toContain('Preferred time: next Tuesday morning');
    expect(after[0].body).not.toContain('not given yet');
    expect(after[0].body).toContain('Name: Morag Quinn');

    const told = await h.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.businessId, b), eq(notifications.kind, 'assistant_task')));
    expect(told).toHaveLength(1);
  });

  it('adds only to a request task of its own conversation and business', async () => {
    const { owner, b } = await business();
    const first = await conversation(owner, b);
    await say(owner, b, first, 'Can I book a chimney sweep?');
    await say(owner, b, first, 'Morag Quinn, 07700 900171');
    // A question the assistant could not answer makes a task too, but no request task.
    const second = await conversation(owner, b);
    await say(owner, b, second, 'Do you sweep thatched roofs with a wood burner?');
    const other = await business();
    const scope = (businessId: string, conversationId: string) => ({
      businessId,
      conversationId,
      customerId: null,
      channel: 'chat' as const,
    });
    const deps = { ...h.deps, clock: h.clock };
    expect(
      await createAssistantTools(deps, scope(b, second)).updateRequestTask({ preferred_time: 'Friday' }),
    ).toBeNull();
    expect(
      await createAssistantTools(deps, scope(other.b, first)).updateRequestTask({ preferred_time: 'Friday' }),
    ).toBeNull();
    for (const task of await tasks(owner, b)) expect(task.body).not.toContain('Friday');
  });
});
