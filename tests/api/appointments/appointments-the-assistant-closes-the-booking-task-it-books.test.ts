import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { timelineItems } from '#api/db/schema';
import { parseDayReference } from '#api/services/assistant/hours';
import { waitForReplies } from '#api/services/assistant/turns';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile } from '#tests/support/inbound-fixtures';

/**
 * A booking request the assistant books itself leaves no task asking the team to book it:
 * the task is completed and names the appointment. A booking that fails (the time was taken
 * meanwhile) leaves the task open for the team.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterEach(async () => {
  await waitForReplies(h.deps);
});
afterAll(async () => {
  await h.close();
});

const path = (b: string, action: string) => `businesses/conversations/${b}/${action}`;
type Reply = { content: string; actions: { type: string; note_id?: string; appointment_id?: string }[] };

async function setup() {
  const phone = await phoneSystem(h);
  const token = phone.owner.token;
  const set = await h.call(
    `businesses/settings/${phone.b}/set`,
    {
      timezone: 'Europe/London',
      opening_hours: WEEKDAYS.map((day) => ({ day, open: true, slots: [{ start: '09:00', end: '17:00' }] })),
    },
    token,
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { b: phone.b, token };
}

async function conversation(b: string, token: string) {
  const id = (await h.call(path(b, 'create'), {}, token)).body.data.conversation.id as string;
  return async (message: string): Promise<Reply> => {
    const result = await h.call(path(b, `update/${id}`), { message }, token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body.data.messages.at(-1);
  };
}

const task = async (b: string, id: string) =>
  (
    await h.deps.db
      .select()
      .from(timelineItems)
      .where(and(eq(timelineItems.businessId, b), eq(timelineItems.id, id)))
  )[0];

describe('the booking request task of an appointment the assistant booked', { timeout: 180_000 }, () => {
  it('is completed, names the appointment and links it, so the team is not asked to book it again', async () => {
    const { b, token } = await setup();
    const say = await conversation(b, token);
    await say("I'd like to book a haircut");
    const offered = await say(
      `My name is Jane Smith, my number is ${randomUkMobile()}, next Tuesday morning would suit me`,
    );
    const noteId = offered.actions.find((action) => action.type === 'task_created')!.note_id!;
    expect((await task(b, noteId)).completedAt).toBeNull();

    const booked = await say('the first one');
    const appointmentId = booked.actions.find((action) => action.type === 'appointment_booked')!.appointment_id!;
    const done = await task(b, noteId);
    expect(done.completedAt).not.toBeNull();
    expect(done.details).toMatchObject({ appointment_id: appointmentId, completed_by: null });
    expect(done.body).toMatch(
      /\nBooked by the assistant: 9am to 10am on Tuesday \d+ \w+ \(\/dashboard\/appointments\/[\w-]+\)$/,
    );
    expect(done.body).toContain(`/dashboard/appointments/${appointmentId}`);
    // The open tasks the team sees no longer hold it.
    const open = await h.call(`businesses/notes/${b}/list`, { incomplete_tasks_only: true }, token);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.data.notes.map((note: { _id: string }) => note._id)).not.toContain(noteId);
  });

  it('stays open when the chosen time was taken in the meantime', async () => {
    const { b, token } = await setup();
    const say = await conversation(b, token);
    await say('Can I book an appointment please?');
    const offered = await say(`Tom Jones, ${randomUkMobile()}, next Tuesday morning`);
    const noteId = offered.actions.find((action) => action.type === 'task_created')!.note_id!;
    expect(offered.content).toMatch(/I can also book you in now: 9am, /);
    // Someone else takes 9am before the caller answers.
    const other = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Ann', last_name: 'Booker', status: 'customer', phones: [randomUkMobile()] },
      token,
    );
    const tuesday = parseDayReference('next Tuesday', h.deps.clock.now(), 'Europe/London');
    const taken = await h.call(
      `businesses/appointments/${b}/create`,
      { customer_id: other.body.data.customer._id, start_at: `${tuesday}T09:00`, notify_customer: false },
      token,
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);

    const gone = await say('9am please');
    expect(gone.content).toMatch(/has just gone/);
    expect(gone.actions).toEqual([]);
    const still = await task(b, noteId);
    expect(still.completedAt).toBeNull();
    expect(still.body).not.toContain('Booked by the assistant');
  });
});
