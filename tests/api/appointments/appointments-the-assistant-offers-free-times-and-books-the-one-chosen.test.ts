import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '#api/db/schema';
import { createConversation } from '#api/services/assistant/conversations';
import { postMessage, waitForReplies } from '#api/services/assistant/turns';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { phoneSystem, randomUkMobile, smsItems } from '#tests/support/inbound-fixtures';

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
type Reply = { content: string; actions: { type: string; appointment_id?: string; summary: string }[] };

async function setup() {
  const phone = await phoneSystem(h);
  const token = phone.owner.token;
  const set = await h.call(
    `businesses/settings/${phone.b}/set`,
    {
      timezone: 'Europe/London',
      opening_hours: WEEKDAYS.map((day) => ({
        day,
        open: true,
        slots: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      })),
    },
    token,
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const created = await h.call(path(phone.b, 'create'), {}, token);
  return { b: phone.b, token, id: created.body.data.conversation.id as string };
}

async function say(b: string, token: string, id: string, message: string): Promise<Reply> {
  const result = await h.call(path(b, `update/${id}`), { message }, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.messages.at(-1);
}

describe('the assistant books appointments', { timeout: 180_000 }, () => {
  it('offers free times on the day asked for, books the one chosen and texts the caller; a booked time is not offered again', async () => {
    const { b, token, id } = await setup();
    const mobile = randomUkMobile();
    await say(b, token, id, "I'd like to book a haircut");
    const offered = await say(
      b,
      token,
      id,
      `My name is Jane Smith, my number is ${mobile}, next Tuesday morning would suit me`,
    );
    expect(offered.actions.map((action) => action.type)).toEqual(['task_created']);
    expect(offered.content).toMatch(
      /I can also book you in now: 9am, 9:30am or 10am on Tuesday \d+ \w+ are free\. Which would you like\?$/,
    );

    const booked = await say(b, token, id, '9:30 please');
    expect(booked.actions, booked.content).toEqual([
      expect.objectContaining({ type: 'appointment_booked', appointment_id: expect.any(String) }),
    ]);
    expect(booked.content).toMatch(
      /^You're booked in for 9:30am to 10:30am on Tuesday \d+ \w+\. I've sent you a text to confirm\.$/,
    );
    const [row] = await h.deps.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.businessId, b), eq(appointments.id, booked.actions[0].appointment_id!)));
    expect(row).toMatchObject({ status: 'booked', source: 'assistant', createdBy: null, conversationId: id });
    const customer = await h.call(`businesses/customers/${b}/get/${row.customerId}`, undefined, token);
    expect(customer.body.data.customer).toMatchObject({ first_name: 'Jane', last_name: 'Smith', phones: [mobile] });
    const texts = (await smsItems(h, b)).filter((sms) => sms.to === mobile);
    expect(texts.map((sms) => sms.body)).toEqual([
      expect.stringMatching(/^Hi Jane, your appointment is booked for 9:30am to 10:30am on Tuesday/),
    ]);

    // Another caller asking for the same morning is offered the times still free.
    const other = (await h.call(path(b, 'create'), {}, token)).body.data.conversation.id as string;
    await say(b, token, other, 'Can I book an appointment please?');
    const second = await say(b, token, other, `Tom Jones, ${randomUkMobile()}, next Tuesday morning`);
    expect(second.content).toMatch(/I can also book you in now: 10:30am or 11am on Tuesday \d+ \w+ are free\./);
    const declined = await say(b, token, other, 'No thanks');
    expect(declined.content).toBe('No problem. The team will be in touch to confirm a time.');
    expect(declined.actions).toEqual([]);
  });

  it('a known caller cancels their appointment, or moves it to a free time on another day, after confirming', async () => {
    const { b, token } = await setup();
    const mobile = randomUkMobile();
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Kim', last_name: 'Park', status: 'customer', phones: [mobile] },
      token,
    );
    const customerId = contact.body.data.customer._id as string;
    const day = (weekday: string) => {
      const now = new Date();
      for (let offset = 2; ; offset += 1) {
        const date = new Date(now.getTime() + offset * 86_400_000);
        if (date.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'Europe/London' }) === weekday)
          return date.toISOString().slice(0, 10);
      }
    };
    const tuesday = day('Tuesday');
    const booked = await h.call(
      `businesses/appointments/${b}/create`,
      { customer_id: customerId, start_at: `${tuesday}T09:30`, notify_customer: false },
      token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const sms = await createConversation(h.deps, b, { channel: 'sms', customerId });
    const text = async (message: string) =>
      (await postMessage(h.deps, { businessId: b, conversationId: sms.id, message })).reply;

    const offer = await text('Can I move my appointment to next Thursday?');
    expect(offer.content).toMatch(
      /^I can move your appointment \(9:30am on Tuesday \d+ \w+\) to one of these free times: 9am, 9:30am or 10am on Thursday \d+ \w+\. Which would you like\?$/,
    );
    const moved = await text('10am');
    expect(moved.content).toMatch(
      /^Done: your appointment is now 10am to 11am on Thursday \d+ \w+\. I've sent you a text to confirm\.$/,
    );
    expect(moved.actions).toEqual([
      expect.objectContaining({ type: 'appointment_booked', appointment_id: booked.body.data.appointment._id }),
    ]);

    const ask = await text('I need to cancel my appointment please');
    expect(ask.content).toMatch(/^Your appointment is 10am to 11am on Thursday \d+ \w+\. Shall I cancel it\?$/);
    expect((await text('No')).content).toBe('No problem: it stays booked.');
    await text('Actually, please cancel my appointment');
    const cancelled = await text('Yes please');
    expect(cancelled.content).toMatch(
      /^Done: your appointment for 10am to 11am on Thursday \d+ \w+ is cancelled\. I've sent you a text to confirm\.$/,
    );
    const after = await h.call(
      `businesses/appointments/${b}/get/${booked.body.data.appointment._id}`,
      undefined,
      token,
    );
    expect(after.body.data.appointment.status).toBe('cancelled');
    // Nothing left to change: the usual answer, not a question about an appointment.
    expect((await text('Can I cancel my appointment?')).content).not.toMatch(/Shall I cancel it/);
  });

  it('without a day it leaves the task as before and offers nothing', async () => {
    const { b, token, id } = await setup();
    await say(b, token, id, "I'd like to book a haircut");
    const done = await say(b, token, id, `My name is Ann Lee, my number is ${randomUkMobile()}, as soon as possible`);
    expect(done.actions.map((action) => action.type)).toEqual(['task_created']);
    expect(done.content).not.toContain('I can also book you in now');
  });
});
