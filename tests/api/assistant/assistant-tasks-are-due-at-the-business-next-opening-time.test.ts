import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTimelineItem } from '#contract/envelope';
import { and, eq } from 'drizzle-orm';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { notifications } from '#api/db/schema';
import { waitForReplies } from '#api/services/assistant/turns';
import { createHarness, type Harness } from '#tests/support/api-harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await waitForReplies(h.deps);
  h.clock.offsetMs = 0;
});
afterAll(() => h.close());

const at = (iso: string) => {
  h.clock.offsetMs = Date.parse(iso) - Date.now();
};

async function businessIn(timezone: string, opening_hours: unknown) {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id as string;
  const set = await h.call(`businesses/settings/${b}/set`, { timezone, opening_hours }, owner.token);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { owner, b };
}

async function ask(owner: { token: string }, b: string, message: string) {
  const created = await h.call(`businesses/conversations/${b}/create`, {}, owner.token);
  const result = await h.call(
    `businesses/conversations/${b}/update/${created.body.data.conversation.id}`,
    { message },
    owner.token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.messages.at(-1) as { actions: { type: string; note_id?: string }[] };
}

async function taskOf(
  owner: { token: string },
  b: string,
  reply: { actions: { type: string; note_id?: string }[] },
): Promise<ApiTimelineItem> {
  const id = reply.actions.find((action) => action.type === 'task_created')?.note_id;
  expect(id, JSON.stringify(reply.actions)).toBeDefined();
  const tasks: ApiTimelineItem[] = (await h.call(`businesses/notes/${b}/list`, { tasks_only: true }, owner.token)).body
    .data.notes;
  const task = tasks.find((item) => item._id === id);
  expect(task).toBeDefined();
  return task!;
}

describe('tasks the assistant creates', () => {
  it('are due when the business next opens on its own clock, not overdue at birth', async () => {
    // Wednesday to Sunday, 7am to 3pm, in Toronto; a caller writes on Monday evening there.
    const hours = WEEKDAYS.map((day) => ({
      day,
      open: !['monday', 'tuesday'].includes(day),
      start: '07:00',
      end: '15:00',
    }));
    const { owner, b } = await businessIn('America/Toronto', hours);
    at('2026-11-30T23:00:00Z'); // Monday 18:00 in Toronto
    const reply = await ask(owner, b, 'Do you sell gift vouchers for birthdays?');
    const task = await taskOf(owner, b, reply);
    expect(task.reminder).toBe('2026-12-02T12:00:00.000Z'); // Wednesday 07:00 in Toronto
  });

  it('are announced to the team at once (the "task the assistant created" notification), though they fall due later', async () => {
    const { owner, b } = await businessIn('Europe/London', null);
    at('2026-12-05T21:00:00Z'); // Saturday night
    const task = await taskOf(owner, b, await ask(owner, b, 'Do you sell gift vouchers for birthdays?'));
    const told = await h.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.businessId, b), eq(notifications.sourceId, task._id)));
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'assistant_task',
        userId: owner.user.id,
        internalLink: `/dashboard/notes/${task._id}`,
      }),
    ]);
    expect(told[0].body).toContain('gift vouchers');
  });

  it('without opening hours are due the next working morning at 9 in the business’s timezone', async () => {
    const { owner, b } = await businessIn('Europe/Berlin', null);
    at('2026-12-05T15:00:00Z'); // Saturday 16:00 in Berlin
    const reply = await ask(owner, b, 'Do you sell gift vouchers for birthdays?');
    const task = await taskOf(owner, b, reply);
    expect(task.reminder).toBe('2026-12-07T08:00:00.000Z'); // Monday 09:00 in Berlin
  });

  it('while the business is open fall due shortly, within its opening hours', async () => {
    const hours = WEEKDAYS.map((day) => ({ day, open: true, start: '08:00', end: '20:00' }));
    const { owner, b } = await businessIn('Europe/London', hours);
    at('2026-12-02T12:00:00Z');
    const before = h.clock.now().getTime();
    const task = await taskOf(owner, b, await ask(owner, b, 'Do you sell gift vouchers for birthdays?'));
    const due = Date.parse(task.reminder!);
    expect(due).toBeGreaterThan(before + 60_000);
    expect(due).toBeLessThanOrEqual(Date.parse('2026-12-02T20:00:00Z'));
  });
});
