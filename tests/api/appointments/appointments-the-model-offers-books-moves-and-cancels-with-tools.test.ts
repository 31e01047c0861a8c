import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments, timelineItems } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { parseDayReference } from '#api/services/assistant/hours';
import { postMessage, waitForReplies } from '#api/services/assistant/turns';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile, smsItems } from '#tests/support/inbound-fixtures';
import { createOpenAiMock } from '#tests/support/openai-mock';

/**
 * The openai-compatible provider books through the same functions as the built-in one:
 * free_appointment_times and book_appointment for a booking request, and, for a known
 * caller only, my_appointments and move_or_cancel_appointment. The tools check what a
 * model may get wrong (no confirmation, a malformed or taken time) and book nothing then.
 */
const BASE = 'https://model.test/v1';
const model = createOpenAiMock(BASE);
const server = setupServer(model.handler);

let h: Harness;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ assistantModel: { baseUrl: BASE, model: 'test-model' } });
}, 120_000);
afterEach(async () => {
  await waitForReplies(h.deps);
  model.reset();
});
afterAll(async () => {
  await h.close();
  server.close();
});

type Reply = {
  content: string;
  actions: { type: string; note_id?: string; appointment_id?: string; summary: string }[];
};

async function setup() {
  const phone = await phoneSystem(h);
  const token = phone.owner.token;
  const set = await h.call(
    `businesses/settings/${phone.b}/set`,
    {
      timezone: 'Europe/London',
      opening_hours: WEEKDAYS.map((day) => ({ day, open: true, slots: [{ start: '09:00', end: '17:00' }] })),
      assistant: { provider: 'openai-compatible' },
    },
    token,
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { b: phone.b, token };
}

const toolNames = (index: number) => model.requests[index].tools?.map((tool) => tool.function.name) ?? [];
const lastToolResult = (index: number) =>
  JSON.parse(model.requests[index].messages.filter((message) => message.role === 'tool').at(-1)!.content!);
const day = (words: string) => parseDayReference(words, new Date(), 'Europe/London')!;

describe('the model books appointments with tools', { timeout: 180_000 }, () => {
  it('offers the free times on the day asked for, books the one chosen for the caller it names, closes the booking task, and refuses a taken time', async () => {
    const { b, token } = await setup();
    const id = (await h.call(`businesses/conversations/${b}/create`, {}, token)).body.data.conversation.id as string;
    const say = async (message: string): Promise<Reply> => {
      const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.messages.at(-1);
    };
    const mobile = randomUkMobile();
    const tuesday = day('next Tuesday');

    model.enqueue(
      {
        toolCalls: [
          {
            name: 'create_task',
            arguments: {
              title: 'Booking request from Jane Smith',
              kind: 'booking',
              name: 'Jane Smith',
              phone: mobile,
              preferred_time: 'next Tuesday morning',
            },
          },
          { name: 'free_appointment_times', arguments: { day: 'next Tuesday morning' } },
        ],
      },
      {
        text: "I've passed your request to the team. I can also book you in now: 9am, 9:30am or 10am on Tuesday are free.",
      },
    );
    const offered = await say(`Jane Smith, ${mobile}, I'd like a haircut next Tuesday morning`);
    expect(toolNames(0)).toEqual(expect.arrayContaining(['free_appointment_times', 'book_appointment']));
    // Only a known caller may move or cancel: a web chat has nobody to check against.
    expect(toolNames(0)).not.toContain('my_appointments');
    expect(toolNames(0)).not.toContain('move_or_cancel_appointment');
    expect(model.requests[0].system).toContain('free_appointment_times');
    expect(lastToolResult(1)).toMatchObject({
      date: tuesday,
      times: [
        { time: '09:00', say: '9am' },
        { time: '09:30', say: '9:30am' },
        { time: '10:00', say: '10am' },
      ],
    });
    const noteId = offered.actions.find((action) => action.type === 'task_created')!.note_id!;

    // Not confirmed, or a time that is not a time: nothing is booked and the model is told why.
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'book_appointment',
            arguments: { date: tuesday, time: '09:30', name: 'Jane Smith', phone: mobile, confirmed: false },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'book_appointment',
            arguments: { date: tuesday, time: 'half nine', name: 'Jane Smith', phone: mobile, confirmed: true },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'book_appointment',
            arguments: { date: tuesday, time: '09:30', name: 'Jane Smith', phone: mobile, confirmed: true },
          },
        ],
      },
      { text: "You're booked in for 9:30am on Tuesday." },
    );
    const booked = await say('9:30 please');
    const first = model.requests.length - 4;
    expect(lastToolResult(first + 1).error).toMatch(/^Not booked: ask the customer which of the free times they want/);
    expect(lastToolResult(first + 2).error).toMatch(/^Not booked: date must be YYYY-MM-DD and time HH:MM/);
    expect(lastToolResult(first + 3)).toMatchObject({
      booked: true,
      when: expect.stringMatching(/^9:30am to 10:30am on Tuesday/),
    });
    const appointmentId = booked.actions.find((action) => action.type === 'appointment_booked')!.appointment_id!;
    const [row] = await h.deps.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.businessId, b), eq(appointments.id, appointmentId)));
    expect(row).toMatchObject({ status: 'booked', source: 'assistant', conversationId: id, createdBy: null });
    const customer = await h.call(`businesses/customers/${b}/get/${row.customerId}`, undefined, token);
    expect(customer.body.data.customer).toMatchObject({ first_name: 'Jane', last_name: 'Smith', phones: [mobile] });
    expect((await smsItems(h, b)).filter((sms) => sms.to === mobile).map((sms) => sms.body)).toEqual([
      expect.stringMatching(/^Hi Jane, your appointment is booked for 9:30am/),
    ]);
    const [task] = await h.deps.db.select().from(timelineItems).where(eq(timelineItems.id, noteId));
    expect(task.completedAt).not.toBeNull();
    expect(task.details).toMatchObject({ appointment_id: appointmentId });

    // The same time again (another caller in the same chat, say): taken, so nothing is booked.
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'book_appointment',
            arguments: { date: tuesday, time: '09:30', name: 'Tom Jones', phone: randomUkMobile(), confirmed: true },
          },
        ],
      },
      { text: 'Sorry, that time has gone.' },
    );
    const refused = await say('Book 9:30 on Tuesday for my husband Tom Jones too');
    expect(lastToolResult(model.requests.length - 1).error).toMatch(/^Not booked: that time is not free/);
    expect(refused.actions.filter((action) => action.type === 'appointment_booked')).toEqual([]);
    expect(await h.deps.db.select().from(appointments).where(eq(appointments.businessId, b))).toHaveLength(1);
  });

  it('a known caller moves their appointment to a free time and then cancels it, each after confirming', async () => {
    const { b, token } = await setup();
    const mobile = randomUkMobile();
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Kim', last_name: 'Park', status: 'customer', phones: [mobile] },
      token,
    );
    const customerId = contact.body.data.customer._id as string;
    const tuesday = day('next Tuesday');
    const thursday = day('next Thursday');
    const created = await h.call(
      `businesses/appointments/${b}/create`,
      { customer_id: customerId, start_at: `${tuesday}T09:30`, notify_customer: false },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const appointmentId = created.body.data.appointment._id as string;
    const sms = await createConversation(h.deps, b, { channel: 'sms', customerId });
    const text = async (message: string) =>
      (await postMessage(h.deps, { businessId: b, conversationId: sms.id, message })).reply;

    model.enqueue(
      {
        toolCalls: [
          { name: 'my_appointments', arguments: {} },
          { name: 'free_appointment_times', arguments: { day: thursday } },
        ],
      },
      { text: 'Your appointment is 9:30am on Tuesday. Thursday has 9am, 9:30am or 10am. Which would you like?' },
    );
    await text('Can I move my appointment to next Thursday?');
    expect(toolNames(0)).toEqual(expect.arrayContaining(['my_appointments', 'move_or_cancel_appointment']));
    const listed = JSON.parse(model.requests[1].messages.filter((message) => message.role === 'tool')[0].content!);
    expect(listed).toEqual({
      appointments: [{ date: tuesday, time: '09:30', when: expect.stringMatching(/^9:30am to 10:30am on Tuesday/) }],
    });

    model.enqueue(
      {
        toolCalls: [
          {
            name: 'move_or_cancel_appointment',
            arguments: { date: tuesday, time: '09:30', new_date: thursday, new_time: '10:00', confirmed: true },
          },
        ],
      },
      { text: 'Done: it is now 10am on Thursday.' },
    );
    const moved = await text('10am please');
    expect(moved.actions).toEqual([
      expect.objectContaining({
        type: 'appointment_booked',
        appointment_id: appointmentId,
        summary: expect.stringMatching(/^Appointment moved: 10am to 11am on Thursday/),
      }),
    ]);

    // Not their appointment's time, or not confirmed: nothing changes.
    model.enqueue(
      {
        toolCalls: [
          {
            name: 'move_or_cancel_appointment',
            arguments: { date: tuesday, time: '09:30', cancel: true, confirmed: true },
          },
        ],
      },
      {
        toolCalls: [
          {
            name: 'move_or_cancel_appointment',
            arguments: { date: thursday, time: '10:00', cancel: true, confirmed: false },
          },
        ],
      },
      { text: 'Shall I cancel your appointment at 10am on Thursday?' },
    );
    await text('Cancel my appointment');
    const base = model.requests.length - 3;
    expect(lastToolResult(base + 1).error).toMatch(/^Not changed: the customer has no appointment then/);
    expect(lastToolResult(base + 2).error).toMatch(/^Not changed: tell the customer which appointment/);

    model.enqueue(
      {
        toolCalls: [
          {
            name: 'move_or_cancel_appointment',
            arguments: { date: thursday, time: '10:00', cancel: true, confirmed: true },
          },
        ],
      },
      { text: 'Done: it is cancelled.' },
    );
    const cancelled = await text('Yes');
    expect(cancelled.actions).toEqual([
      expect.objectContaining({
        type: 'appointment_booked',
        appointment_id: appointmentId,
        summary: expect.stringMatching(/^Appointment cancelled: 10am to 11am on Thursday/),
      }),
    ]);
    const after = await h.call(`businesses/appointments/${b}/get/${appointmentId}`, undefined, token);
    expect(after.body.data.appointment.status).toBe('cancelled');
  });
});
