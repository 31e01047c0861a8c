import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeTask, createNote } from '#api/features/timeline/service';
import { runDueReminders } from '#api/services/scheduler';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  businessEvents,
  minutesFromNow,
  noteRow,
  notificationsOf,
  occurrencesOf,
} from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

async function task(owner: { business: { _id: string }; token: string }, input: Record<string, unknown>) {
  const result = await h.call(
    `businesses/notes/${owner.business._id}/create`,
    { body: 'Water the plants', ...input },
    owner.token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.note;
}

describe('completing a task', () => {
  it("sets completed_at with { completed: true } and says 'Task completed.'; false clears it and says 'Task reopened.'", async () => {
    const owner = await h.signUpWithBusiness();
    const created = await task(owner, { reminder: minutesFromNow(h, 60) });
    const done = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { completed: true },
      owner.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.messages).toEqual(['Task completed.']);
    expect(done.body.data.note.completed_at).toMatch(/Z$/);
    expect(done.body.data.note.details.completed_by).toBe(owner.user.id);
    expect(done.body.data.next_occurrence).toBeNull();

    // Completing again keeps the first completion time and is an ordinary update.
    const again = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { completed: true },
      owner.token,
    );
    expect(again.body.messages).toEqual(['Note updated.']);
    expect(again.body.data.note.completed_at).toBe(done.body.data.note.completed_at);

    const reopened = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { completed: false },
      owner.token,
    );
    // Reopening says so (issue 22): it used to toast "Note updated.".
    expect(reopened.body.messages).toEqual(['Task reopened.']);
    expect(reopened.body.data.note.completed_at).toBeNull();
    expect(reopened.body.data.note.details).not.toHaveProperty('completed_by');
  });

  it('creates the next occurrence of a repeated task, with the reminder advanced by the rule', async () => {
    const owner = await h.signUpWithBusiness();
    const reminder = minutesFromNow(h, 60);
    const cases = [
      [{ every: 'day', interval: 1 }, 1],
      [{ every: 'day', interval: 3 }, 3],
      [{ every: 'week', interval: 1 }, 7],
      [{ every: 'week', interval: 2 }, 14],
    ] as const;
    for (const [repeat, days] of cases) {
      const created = await task(owner, { reminder, repeat, customer_id: null, internal: true });
      const mark = h.events.length;
      const done = await h.call(
        `businesses/notes/${owner.business._id}/update/${created._id}`,
        { completed: true },
        owner.token,
      );
      expect(done.body.messages).toEqual(['Task completed.']);
      const next = done.body.data.next_occurrence;
      expect(next).toMatchObject({
        type: 'note',
        body: created.body,
        repeated: true,
        repeat,
        internal: true,
        completed_at: null,
        deleted_at: null,
      });
      expect(next._id).not.toBe(created._id);
      expect(next.details).toEqual({ previous_occurrence_id: created._id, repeat_anchor: reminder });
      // Europe/London: whole local days later (the same UTC time unless a DST change falls between).
      const shift = Math.abs(new Date(next.reminder).getTime() - new Date(reminder).getTime() - days * 86_400_000);
      expect(shift === 0 || shift === 3_600_000, `${JSON.stringify(repeat)}: ${next.reminder}`).toBe(true);
      expect(businessEvents(h, owner.business._id, mark).map((event) => event.event)).toEqual([
        'NoteUpdated',
        'NoteCreated',
      ]);
      const listed = await h.call(`businesses/notes/${owner.business._id}/get/${next._id}`, undefined, owner.token);
      expect(listed.body.data.note).toEqual(next);
    }
  });

  it('keeps a monthly task on its day of the month, falling back to the last day of shorter months', async () => {
    const owner = await h.signUpWithBusiness({ business: { timezone: 'UTC' } });
    const created = await task(owner, { reminder: '2031-01-31T10:00:00Z', repeat: { every: 'month', interval: 1 } });
    // Completed on the day (the bearer token would not outlive the jump, so the service is called).
    h.clock.offsetMs = new Date('2031-01-31T12:00:00Z').getTime() - Date.now();
    try {
      const done = await completeTask(h.deps, owner.business._id, created._id);
      expect(done.nextOccurrence?.reminder).toBe('2031-02-28T10:00:00.000Z');
      const february = await completeTask(h.deps, owner.business._id, done.nextOccurrence!._id);
      expect(february.nextOccurrence?.reminder).toBe('2031-03-31T10:00:00.000Z');
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('skips to the first upcoming occurrence when a repeated task is completed late', async () => {
    const owner = await h.signUpWithBusiness({ business: { timezone: 'UTC' } });
    const created = await task(owner, { reminder: '2020-01-01T09:00:00Z', repeat: { every: 'day', interval: 1 } });
    const done = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { completed: true },
      owner.token,
    );
    const next = new Date(done.body.data.next_occurrence.reminder);
    expect(next.getTime()).toBeGreaterThan(h.clock.now().getTime());
    expect(next.getTime() - h.clock.now().getTime()).toBeLessThanOrEqual(86_400_000);
    expect(next.getUTCHours()).toBe(9);
  });

  it('creates the next occurrence exactly once: completing, reopening and completing again, or many at once', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await task(owner, { reminder: minutesFromNow(h, 30), repeat: { every: 'day', interval: 1 } });
    const url = `businesses/notes/${owner.business._id}/update/${created._id}`;
    const first = await h.call(url, { completed: true }, owner.token);
    await h.call(url, { completed: false }, owner.token);
    const second = await h.call(url, { completed: true }, owner.token);
    expect(second.body.messages).toEqual(['Task completed.']);
    expect(second.body.data.next_occurrence).toBeNull();
    expect((await occurrencesOf(h, created._id)).map((row) => row.id)).toEqual([first.body.data.next_occurrence._id]);
    expect((await noteRow(h, created._id)).nextOccurrenceId).toBe(first.body.data.next_occurrence._id);

    const racing = await task(owner, { reminder: minutesFromNow(h, 30), repeat: { every: 'week', interval: 1 } });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.call(`businesses/notes/${owner.business._id}/update/${racing._id}`, { completed: true }, owner.token),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.data.next_occurrence).length).toBe(1);
    expect(results.filter((result) => result.body.messages?.[0] === 'Task completed.').length).toBe(1);
    expect(await occurrencesOf(h, racing._id)).toHaveLength(1);
  });

  it('does not create another occurrence when the scheduler already did (the task fell due first)', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await task(owner, { reminder: minutesFromNow(h, -1), repeat: { every: 'day', interval: 1 } });
    await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    expect(await occurrencesOf(h, created._id)).toHaveLength(1);
    const done = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { completed: true },
      owner.token,
    );
    expect(done.body.messages).toEqual(['Task completed.']);
    expect(done.body.data.next_occurrence).toBeNull();
    expect(await occurrencesOf(h, created._id)).toHaveLength(1);
  });

  it('completeTask() completes from the server side and answers the next occurrence', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await createNote(h.deps, owner.business._id, {
      body: 'Check stock',
      reminder: minutesFromNow(h, 5),
      repeat: { every: 'day', interval: 2 },
    });
    const result = await completeTask(h.deps, owner.business._id, created._id);
    expect(result.completed).toBe(true);
    expect(result.note.completed_at).not.toBeNull();
    expect(result.nextOccurrence).toMatchObject({ body: 'Check stock', repeat: { every: 'day', interval: 2 } });
    expect(result.note.details.completed_by).toBeNull();
    const again = await completeTask(h.deps, owner.business._id, created._id);
    expect(again).toMatchObject({ completed: false, nextOccurrence: null });
  });
});

describe('rescheduling a task', () => {
  it('notifies again at the new reminder: the old task-due notification is removed', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await task(owner, { reminder: minutesFromNow(h, -5) });
    await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    const [old] = await notificationsOf(h, created._id);
    expect(old).toBeDefined();

    const mark = h.events.length;
    const moved = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { reminder: minutesFromNow(h, -1) },
      owner.token,
    );
    expect(moved.status).toBe(200);
    expect(await notificationsOf(h, created._id)).toEqual([]);
    expect(
      h.events.slice(mark).some((event) => event.event === 'NotificationDeleted' && event.payload.id === old.id),
    ).toBe(true);
    expect((await noteRow(h, created._id)).reminderNotifiedAt).toBeNull();

    await runDueReminders(h.deps, { businessIds: [owner.business._id] });
    const renewed = await notificationsOf(h, created._id);
    expect(renewed).toHaveLength(1);
    expect(renewed[0].id).not.toBe(old.id);
  });

  it('clearing the reminder turns a repeated task back into a note', async () => {
    const owner = await h.signUpWithBusiness();
    const created = await task(owner, { reminder: minutesFromNow(h, 60), repeat: { every: 'day', interval: 1 } });
    const cleared = await h.call(
      `businesses/notes/${owner.business._id}/update/${created._id}`,
      { reminder: '' },
      owner.token,
    );
    expect(cleared.body.data.note).toMatchObject({ reminder: null, repeat: null, repeated: false });
  });
});
