import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTimelineItem } from '#contract/envelope';
import { waitForReplies } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * Asked when would suit them, a caller who instead corrects the number or the name they gave
 * ("sorry, my number is actually…", "it's Jon without an h") has the correction made on the
 * same task (no second one), and is asked for the time again, which is then added to it too.
 * A made-up piano tuner's chat, through the conversations API.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => waitForReplies(h.deps));
afterAll(() => h.close());

type Reply = { content: string; actions: { type: string; note_id?: string }[] };

async function start() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const id = (await h.call(`businesses/conversations/${b}/create`, {}, owner.token)).body.data.conversation.id;
  const say = async (message: string): Promise<Reply> => {
    const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body.data.messages.at(-1);
  };
  const tasks = async (): Promise<ApiTimelineItem[]> =>
    (await h.call(`businesses/notes/${b}/list`, { tasks_only: true }, owner.token)).body.data.notes;
  return { say, tasks };
}

describe('a correction on the time turn of a booking', () => {
  it('a corrected number replaces the task’s number, and the time is still asked and added', async () => {
    const { say, tasks } = await start();
    await say("I'd like to book a piano tuning please");
    const asked = await say('Rhona Baird, 07700 900171');
    expect(asked.content).toMatch(/when would suit you\?$/);
    const [task] = await tasks();

    const fixed = await say('sorry, my number is actually 07700 900123');
    expect(fixed.content).toMatch(/07700900123/);
    expect(fixed.content).toMatch(/when would suit you\?$/);
    expect(fixed.actions).toEqual([expect.objectContaining({ type: 'task_updated', note_id: task._id })]);
    let after = await tasks();
    expect(after).toHaveLength(1);
    expect(after[0].body).toContain('Number: 07700900123');
    expect(after[0].body).not.toContain('07700900171');
    expect(after[0].body).toContain('Preferred time: not given yet');

    const time = await say('Thursday afternoon');
    expect(time.actions).toEqual([expect.objectContaining({ type: 'task_updated', note_id: task._id })]);
    after = await tasks();
    expect(after).toHaveLength(1);
    expect(after[0].body).toContain('Preferred time: Thursday afternoon');
    expect(after[0].body).toContain('Number: 07700900123');
    expect(after[0].body).toContain('Name: Rhona Baird');
  });

  it('a corrected spelling of the name replaces that word of the task’s name', async () => {
    const { say, tasks } = await start();
    await say('Can I book a piano tuning?');
    await say('John Keddie, 07700 900444');
    const fixed = await say("it's Jon without an h");
    expect(fixed.content).toMatch(/Jon Keddie/);
    expect(fixed.content).toMatch(/when would suit you\?$/);
    const after = await tasks();
    expect(after).toHaveLength(1);
    expect(after[0].body).toContain('Name: Jon Keddie');
    expect(after[0].body).toContain('Number: 07700900444');

    const done = await say('any weekday morning');
    expect(done.content).toMatch(/Jon Keddie/);
    expect((await tasks())[0].body).toContain('Preferred time: any weekday morning');
  });
});
