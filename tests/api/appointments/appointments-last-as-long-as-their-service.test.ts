import { and, eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '#api/db/schema';
import { addDays, localDateParts, parseDayReference } from '#api/services/assistant/hours';
import { waitForReplies } from '#api/services/assistant/turns';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { SERVICE_DURATION_INVALID } from '#contract/schemas/service';
import { appointmentMessages } from '#contract/schemas/appointment';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';
import { phoneSystem, randomUkMobile } from '#tests/support/inbound-fixtures';
import { createOpenAiMock } from '#tests/support/openai-mock';

/**
 * A service says how long it lasts (duration_minutes, 60 unless set): an appointment booked
 * for it without an end lasts that long, and the free times are the starts it fits into,
 * whether a member books (v1) or the assistant does (built-in or through the model's tools).
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

const TZ = 'Europe/London';
const services = (b: string, action: string) => `businesses/services/${b}/${action}`;
const appts = (b: string, action: string) => `businesses/appointments/${b}/${action}`;
const minutes = (a: { start_at: string; end_at: string }) =>
  (new Date(a.end_at).getTime() - new Date(a.start_at).getTime()) / 60_000;

async function setup(provider: 'built-in' | 'openai-compatible' = 'built-in') {
  const phone = await phoneSystem(h);
  const token = phone.owner.token;
  const set = await h.call(
    `businesses/settings/${phone.b}/set`,
    {
      timezone: TZ,
      opening_hours: WEEKDAYS.map((day) => ({
        day,
        open: true,
        slots: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      })),
      assistant: { provider },
    },
    token,
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { b: phone.b, token };
}

async function service(b: string, token: string, body: Record<string, unknown>) {
  const result = await h.call(services(b, 'create'), { status: 'active', frequency: 0, ...body }, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.service as { _id: string; duration_minutes: number };
}

async function contact(b: string, token: string) {
  const result = await h.call(
    `businesses/customers/${b}/create`,
    { first_name: 'Ann', last_name: 'Booker', status: 'customer', phones: [randomUkMobile()] },
    token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.customer._id as string;
}

const nextTuesday = () => parseDayReference('next Tuesday', h.clock.now(), TZ)!;

describe('services have a duration', { timeout: 180_000 }, () => {
  it('create, get, list and update take and return duration_minutes (60 unless given); bad values get a clear 422', async () => {
    const { b, token } = await setup();
    const plain = await service(b, token, { name: 'Consultation' });
    expect(plain.duration_minutes).toBe(60);
    const cut = await service(b, token, { name: 'Haircut', duration_minutes: 45 });
    expect(cut.duration_minutes).toBe(45);
    const asText = await service(b, token, { name: 'Colour', duration_minutes: '90' });
    expect(asText.duration_minutes).toBe(90);
    expect((await h.call(services(b, `get/${cut._id}`), undefined, token)).body.data.service.duration_minutes).toBe(45);
    const list = await h.call(services(b, 'list'), { sort_by: 'name', sort_order: 'asc' }, token);
    expect(
      list.body.data.services.map((s: { name: string; duration_minutes: number }) => [s.name, s.duration_minutes]),
    ).toEqual([
      ['Colour', 90],
      ['Consultation', 60],
      ['Haircut', 45],
    ]);
    const updated = await h.call(services(b, `update/${cut._id}`), { duration_minutes: 30 }, token);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.service).toMatchObject({ name: 'Haircut', duration_minutes: 30 });
    // Another field alone leaves it.
    const renamed = await h.call(services(b, `update/${cut._id}`), { name: 'Short cut' }, token);
    expect(renamed.body.data.service.duration_minutes).toBe(30);

    for (const bad of [0, 4, 1441, -30, 1.5, 'an hour', '', null, true])
      expectFieldError(
        await h.call(
          services(b, 'create'),
          { name: 'Bad', status: 'active', frequency: 0, duration_minutes: bad },
          token,
        ),
        'duration_minutes',
        SERVICE_DURATION_INVALID,
      );
    expectFieldError(
      await h.call(services(b, `update/${cut._id}`), { duration_minutes: 2000 }, token),
      'duration_minutes',
      SERVICE_DURATION_INVALID,
    );
  });

  it("a booking for a service without an end lasts the service's duration; free-slots fit it; an explicit end still wins", async () => {
    const { b, token } = await setup();
    const customerId = await contact(b, token);
    const cut = await service(b, token, { name: 'Haircut', duration_minutes: 45 });
    const long = await service(b, token, { name: 'Full colour', duration_minutes: 150 });
    const date = nextTuesday();

    const booked = await h.call(
      appts(b, 'create'),
      { customer_id: customerId, service_id: cut._id, start_at: `${date}T11:15`, notify_customer: false },
      token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(minutes(booked.body.data.appointment)).toBe(45);
    expect(localDateParts(new Date(booked.body.data.appointment.end_at), TZ).time).toBe('12:00');

    const explicit = await h.call(
      appts(b, 'create'),
      {
        customer_id: customerId,
        service_id: cut._id,
        start_at: `${date}T13:00`,
        end_at: `${date}T13:20`,
        notify_customer: false,
      },
      token,
    );
    expect(explicit.status, JSON.stringify(explicit.body)).toBe(200);
    expect(minutes(explicit.body.data.appointment)).toBe(20);

    // 150 minutes from 9am would run into the 11:15 booking, so none in the morning; after 13:20, until 14:30.
    const slots = await h.call(appts(b, 'free-slots'), { from: date, days: 1, service_id: long._id }, token);
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    const starts = slots.body.data.slots.map((slot: { start: string }) => slot.start);
    expect(starts.filter((start: string) => start < '12:00')).toEqual([]);
    expect(starts.slice(0, 2)).toEqual(['13:30', '14:00']);
    expect(starts.at(-1)).toBe('14:30');
    const short = await h.call(appts(b, 'free-slots'), { from: date, days: 1, service_id: cut._id }, token);
    expect(short.body.data.slots.map((slot: { start: string }) => slot.start)).toContain('10:30');

    // Without an end, a 150-minute service at 10am would run past noon: refused as outside the hours.
    const tooLate = await h.call(
      appts(b, 'create'),
      { customer_id: customerId, service_id: long._id, start_at: `${date}T10:00`, notify_customer: false },
      token,
    );
    expect(tooLate.status, JSON.stringify(tooLate.body)).toBe(422);
    expect(tooLate.body.field_errors?.start_at?.[0]).toMatch(/outside the opening hours/);

    // Changing the service of an appointment (no new end) gives it the new service's length.
    const plain = await h.call(
      appts(b, 'create'),
      { customer_id: customerId, start_at: `${addDays(date, 1)}T09:00`, notify_customer: false },
      token,
    );
    expect(minutes(plain.body.data.appointment)).toBe(60);
    const changed = await h.call(
      appts(b, `edit/${plain.body.data.appointment._id}`),
      { service_id: cut._id, notify_customer: false },
      token,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(minutes(changed.body.data.appointment)).toBe(45);

    const unknown = await h.call(appts(b, 'free-slots'), { from: date, days: 1, service_id: 'nope' }, token);
    expectFieldError(unknown, 'service_id', appointmentMessages.serviceNotFound);
  });

  it('the built-in assistant offers and books the length of the service the caller asked for', async () => {
    const { b, token } = await setup();
    await service(b, token, { name: 'Haircut', duration_minutes: 150 });
    const id = (await h.call(`businesses/conversations/${b}/create`, {}, token)).body.data.conversation.id as string;
    const say = async (message: string) => {
      const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.messages.at(-1) as {
        content: string;
        actions: { type: string; appointment_id?: string }[];
      };
    };
    await say("I'd like to book a haircut");
    const offered = await say(`My name is Jane Smith, my number is ${randomUkMobile()}, next Tuesday morning please`);
    // 150 minutes before noon: 9am and 9:30am only.
    expect(offered.content).toMatch(/I can also book you in now: 9am or 9:30am on Tuesday \d+ \w+ are free\./);
    const booked = await say('9:30 please');
    expect(booked.content).toMatch(/^You're booked in for 9:30am to noon on Tuesday/);
    const [row] = await h.deps.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.businessId, b), eq(appointments.id, booked.actions[0].appointment_id!)));
    expect(row.serviceId).not.toBeNull();
  });

  it("the model's free_appointment_times and book_appointment take the service and use its length", async () => {
    const { b, token } = await setup('openai-compatible');
    const cut = await service(b, token, { name: 'Haircut', duration_minutes: 150 });
    const id = (await h.call(`businesses/conversations/${b}/create`, {}, token)).body.data.conversation.id as string;
    const say = async (message: string) => {
      const result = await h.call(`businesses/conversations/${b}/update/${id}`, { message }, token);
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.messages.at(-1) as {
        content: string;
        actions: { type: string; appointment_id?: string }[];
      };
    };
    const lastToolResult = (index: number) =>
      JSON.parse(model.requests[index].messages.filter((message) => message.role === 'tool').at(-1)!.content!);
    const tuesday = nextTuesday();
    const mobile = randomUkMobile();
    model.enqueue(
      {
        toolCalls: [{ name: 'free_appointment_times', arguments: { day: 'next Tuesday morning', service: 'haircut' } }],
      },
      { text: '9am or 9:30am on Tuesday are free.' },
    );
    await say(`Jane Smith, ${mobile}, a haircut next Tuesday morning`);
    const definition = model.requests[0].tools?.find((tool) => tool.function.name === 'free_appointment_times');
    expect(JSON.stringify(definition)).toContain('Haircut');
    expect(lastToolResult(1)).toMatchObject({ date: tuesday, times: [{ time: '09:00' }, { time: '09:30' }] });
    expect(lastToolResult(1).times).toHaveLength(2);

    model.enqueue(
      {
        toolCalls: [
          {
            name: 'book_appointment',
            arguments: {
              date: tuesday,
              time: '09:30',
              name: 'Jane Smith',
              phone: mobile,
              service: 'Haircut',
              confirmed: true,
            },
          },
        ],
      },
      { text: 'Booked.' },
    );
    const booked = await say('9:30 please');
    expect(lastToolResult(model.requests.length - 1)).toMatchObject({
      booked: true,
      when: expect.stringMatching(/^9:30am to noon on Tuesday/),
    });
    const appointmentId = booked.actions.find((action) => action.type === 'appointment_booked')!.appointment_id!;
    const [row] = await h.deps.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row.serviceId).toBe(cut._id);
  });
});
