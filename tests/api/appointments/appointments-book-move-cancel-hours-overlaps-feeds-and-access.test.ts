import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '#api/db/schema';
import { localDateParts, addDays } from '#api/services/assistant/hours';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { appointmentMessages } from '#contract/schemas/appointment';
import type { ApiAppointment } from '#contract/v1/appointments';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { phoneSystem, randomUkMobile, smsItems } from '#tests/support/inbound-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => {
  await h.close();
});

const TZ = 'Europe/London';
const api = (b: string, action: string) => `businesses/appointments/${b}/${action}`;
/** Every day 09:00–12:30 and 13:30–17:00, except Sunday. */
const HOURS = WEEKDAYS.map((day) => ({
  day,
  open: day !== 'sunday',
  slots: [
    { start: '09:00', end: '12:30' },
    { start: '13:30', end: '17:00' },
  ],
}));

/** A date `days` ahead on the business clock that is not a Sunday (or is one, when asked). */
function dayAhead(days: number, sunday = false): string {
  let date = addDays(localDateParts(h.clock.now(), TZ).date, days);
  while ((new Date(`${date}T12:00:00Z`).getUTCDay() === 0) !== sunday) date = addDays(date, 1);
  return date;
}

async function business() {
  const phone = await phoneSystem(h);
  const set = await h.call(
    `businesses/settings/${phone.b}/set`,
    { timezone: TZ, opening_hours: HOURS },
    phone.owner.token,
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const mobile = randomUkMobile();
  const contact = await h.call(
    `businesses/customers/${phone.b}/create`,
    { first_name: 'Ann', last_name: 'Booker', status: 'customer', phones: [mobile] },
    phone.owner.token,
  );
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  return { ...phone, token: phone.owner.token, customerId: contact.body.data.customer._id as string, mobile };
}

async function book(b: string, token: string, body: Record<string, unknown>): Promise<ApiAppointment> {
  const result = await h.call(api(b, 'create'), body, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.appointment;
}

describe('appointments (businesses/appointments/{business_id}/…)', { timeout: 120_000 }, () => {
  it('books inside the hours, texts the contact, lists upcoming, moves keeping the length, and cancels freeing the time', async () => {
    const { b, token, customerId, mobile } = await business();
    const service = await h.call(
      `businesses/services/${b}/create`,
      { name: 'Haircut', status: 'active', frequency: 0 },
      token,
    );
    const date = dayAhead(3);
    const created = await h.call(
      api(b, 'create'),
      {
        customer_id: customerId,
        service_id: service.body.data.service._id,
        start_at: `${date}T10:00`,
        notes: 'First visit',
      },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const appointment: ApiAppointment = created.body.data.appointment;
    expect(created.body.messages).toEqual([appointmentMessages.created, `Ann Booker was told by SMS (${mobile}).`]);
    expect(appointment).toMatchObject({
      status: 'booked',
      source: 'manual',
      customer: { name: 'Ann Booker' },
      service: { name: 'Haircut' },
      notes: 'First visit',
    });
    // A wall-clock time is the business's: 10:00 in London, 60 minutes by default.
    expect(localDateParts(new Date(appointment.start_at), TZ)).toMatchObject({ date, time: '10:00' });
    expect(new Date(appointment.end_at).getTime() - new Date(appointment.start_at).getTime()).toBe(60 * 60_000);
    const texts = (await smsItems(h, b)).filter((sms) => sms.to === mobile);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatch(/^Hi Ann, your Haircut appointment is booked for 10am to 11am on \w+ \d+ \w+/);

    const list = await h.call(api(b, 'list'), {}, token);
    expect(list.body.data).toMatchObject({ total: 1, appointments: [{ _id: appointment._id }] });
    expect((await h.call(api(b, 'list'), { when: 'past' }, token)).body.data.total).toBe(0);
    expect((await h.call(api(b, `get/${appointment._id}`), undefined, token)).body.data.appointment._id).toBe(
      appointment._id,
    );

    const moved = await h.call(api(b, `edit/${appointment._id}`), { start_at: `${date}T14:00` }, token);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(localDateParts(new Date(moved.body.data.appointment.end_at), TZ).time).toBe('15:00');
    expect(moved.body.messages?.[0]).toBe(appointmentMessages.updated);

    const cancelled = await h.call(api(b, `cancel/${appointment._id}`), { notify_customer: false }, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.appointment).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(String) });
    expect(cancelled.body.messages).toEqual([appointmentMessages.cancelledDone]);
    expectFailureEnvelope(await h.call(api(b, `cancel/${appointment._id}`), {}, token), 422);
    expectFieldError(
      await h.call(api(b, `edit/${appointment._id}`), { start_at: `${date}T15:00` }, token),
      'start_at',
      appointmentMessages.cancelled,
    );
    // The cancelled one no longer holds its time.
    await book(b, token, { customer_id: customerId, start_at: `${date}T14:00`, notify_customer: false });
  });

  it('refuses overlaps (409), closed days, lunch breaks, the past and bad times with clear messages', async () => {
    const { b, token, customerId } = await business();
    const date = dayAhead(2);
    await book(b, token, {
      customer_id: customerId,
      start_at: `${date}T10:00`,
      end_at: `${date}T11:00`,
      notify_customer: false,
    });
    const clash = await h.call(
      api(b, 'create'),
      { customer_id: customerId, start_at: `${date}T10:30`, notify_customer: false },
      token,
    );
    expectFailureEnvelope(clash, 409);
    expect(clash.body.errors![0]).toMatch(
      /^That time overlaps another appointment \(Ann Booker, 10am to 11am on \w+ \d+ \w+\)\. Choose a free time\.$/,
    );
    // Back to back is fine.
    await book(b, token, { customer_id: customerId, start_at: `${date}T11:00`, notify_customer: false });

    const lunch = await h.call(
      api(b, 'create'),
      { customer_id: customerId, start_at: `${date}T12:00`, notify_customer: false },
      token,
    );
    expect(lunch.status).toBe(422);
    expect(lunch.body.field_errors?.start_at?.[0]).toMatch(
      /^That time is outside the opening hours \(\w+ \d+ \w+: 9am to 12:30pm and 1:30pm to 5pm\)\. Choose a time within them\.$/,
    );
    const sunday = dayAhead(1, true);
    const closed = await h.call(
      api(b, 'create'),
      { customer_id: customerId, start_at: `${sunday}T10:00`, notify_customer: false },
      token,
    );
    expect(closed.body.field_errors?.start_at?.[0]).toMatch(
      /^The business is closed on Sunday \d+ \w+: choose a day it is open\.$/,
    );

    const yesterday = addDays(localDateParts(h.clock.now(), TZ).date, -1);
    expectFieldError(
      await h.call(api(b, 'create'), { customer_id: customerId, start_at: `${yesterday}T10:00` }, token),
      'start_at',
      appointmentMessages.inThePast,
    );
    expectFieldError(
      await h.call(
        api(b, 'create'),
        { customer_id: customerId, start_at: `${date}T10:00`, end_at: `${date}T09:00` },
        token,
      ),
      'end_at',
      appointmentMessages.endBeforeStart,
    );
    expectFieldError(
      await h.call(api(b, 'create'), { customer_id: customerId, start_at: 'next Tuesday' }, token),
      'start_at',
      appointmentMessages.startInvalid,
    );
    expectFieldError(
      await h.call(api(b, 'create'), { customer_id: customerId, start_at: `${date}T25:00` }, token),
      'start_at',
      appointmentMessages.startInvalid,
    );
    expectFieldError(
      await h.call(api(b, 'create'), { customer_id: customerId, start_at: '2027-02-30T10:00' }, token),
      'start_at',
      appointmentMessages.startInvalid,
    );
    expectFieldError(
      await h.call(api(b, 'create'), { customer_id: customerId }, token),
      'start_at',
      appointmentMessages.startRequired,
    );
    expectFieldError(
      await h.call(api(b, 'create'), { start_at: `${date}T15:00` }, token),
      'customer_id',
      appointmentMessages.customerRequired,
    );
    expectFieldError(
      await h.call(api(b, 'create'), { customer_id: 'nobody', start_at: `${date}T15:00` }, token),
      'customer_id',
      appointmentMessages.customerNotFound,
    );
    expectFieldError(
      await h.call(
        api(b, 'create'),
        { customer_id: customerId, service_id: 'nothing', start_at: `${date}T15:00` },
        token,
      ),
      'service_id',
      appointmentMessages.serviceNotFound,
    );
    expectFieldError(await h.call(api(b, 'list'), { when: 'tomorrow' }, token), 'when', appointmentMessages.when);
    expectFieldError(await h.call(api(b, 'free-slots'), { days: 99 }, token), 'days', appointmentMessages.daysInvalid);
  });

  it('two bookings of the same time at once: one is booked, the other refused', async () => {
    const { b, token, customerId } = await business();
    const date = dayAhead(4);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        h.call(api(b, 'create'), { customer_id: customerId, start_at: `${date}T09:00`, notify_customer: false }, token),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
  });

  it('free slots follow the opening hours on a 30-minute grid and skip booked times', async () => {
    const { b, token, customerId } = await business();
    const date = dayAhead(5);
    await book(b, token, {
      customer_id: customerId,
      start_at: `${date}T09:30`,
      end_at: `${date}T10:30`,
      notify_customer: false,
    });
    const result = await h.call(api(b, 'free-slots'), { from: date, days: 1 }, token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.slots.map((slot: { start: string }) => slot.start)).toEqual([
      '10:30',
      '11:00',
      '11:30',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
  });

  it('sends appointment.booked to subscribed webhooks', async () => {
    const { b, token, customerId } = await business();
    const hook = await h.call(
      `businesses/outgoing-webhooks/${b}/create`,
      { url: 'https://hooks.example.com/appointments', events: ['appointment.booked'] },
      token,
    );
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    const appointment = await book(b, token, {
      customer_id: customerId,
      start_at: `${dayAhead(2)}T15:00`,
      notify_customer: false,
    });
    const rows = await h.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.businessId, b), eq(webhookDeliveries.eventType, 'appointment.booked')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].payload)).toContain(appointment._id);
  });

  it('reading needs customers/view, booking customers/edit; other businesses get 404 and never see a record', async () => {
    const { b, token, customerId } = await business();
    const appointment = await book(b, token, {
      customer_id: customerId,
      start_at: `${dayAhead(2)}T09:00`,
      notify_customer: false,
    });
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['customers/view']);
    const bare = await h.signUp();
    await h.addMember(b, bare.user.id, []);
    const outsider = await h.signUpWithBusiness();

    expect((await h.call(api(b, 'list'), {}, viewer.token)).status).toBe(200);
    const refused = await h.call(
      api(b, 'create'),
      { customer_id: customerId, start_at: `${dayAhead(2)}T11:00` },
      viewer.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual(['You do not have permission to edit appointments']);
    expect((await h.call(api(b, `cancel/${appointment._id}`), {}, viewer.token)).status).toBe(403);
    const bareList = await h.call(api(b, 'list'), {}, bare.token);
    expect(bareList.status).toBe(403);
    expect(bareList.body.errors).toEqual(['You do not have permission to view customers']);
    for (const action of [
      'list',
      `get/${appointment._id}`,
      'free-slots',
      `cancel/${appointment._id}`,
      'calendar-feed/regenerate',
    ]) {
      expectFailureEnvelope(await h.call(api(b, action), undefined, outsider.token), 404);
    }
    // Another business's own id in the path still finds nothing of this one.
    const ob = outsider.business._id;
    expectFailureEnvelope(await h.call(api(ob, `get/${appointment._id}`), undefined, outsider.token), 404);
    expectFieldError(
      await h.call(api(ob, 'create'), { customer_id: customerId, start_at: `${dayAhead(2)}T11:00` }, outsider.token),
      'customer_id',
      appointmentMessages.customerNotFound,
    );
    expect((await h.call(api(ob, 'list'), { when: 'all' }, outsider.token)).body.data.total).toBe(0);
  });

  it("each member's private feed serves RFC 5545 text; regenerating or revoking it, or losing access, answers 404", async () => {
    const { b, token, customerId } = await business();
    await h.call(`businesses/update/${b}`, { name: 'Salon, Spa; & Co' }, token);
    const appointment = await book(b, token, {
      customer_id: customerId,
      start_at: `${dayAhead(2)}T09:00`,
      notes: 'Bring photos, please; thanks',
      notify_customer: false,
    });
    expect((await h.call(api(b, 'calendar-feed'), undefined, token)).body.data.feed).toEqual({
      active: false,
      created_at: null,
    });
    const made = await h.call(api(b, 'calendar-feed/regenerate'), undefined, token);
    expect(made.status).toBe(200);
    expect(made.body.messages).toEqual([appointmentMessages.feedCreated]);
    const url: string = made.body.data.feed.url;
    expect(url).toMatch(/^http:\/\/app\.test\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect((await h.call(api(b, 'calendar-feed'), undefined, token)).body.data.feed).toMatchObject({ active: true });
    const tokenOf = (address: string) => address.split('/').pop()!;

    const response = await h.request(`calendar/${tokenOf(url)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain(`UID:${appointment._id}@app.test\r\n`);
    expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(text).toContain('SUMMARY:Appointment: Ann Booker\r\n');
    expect(text).toContain('DESCRIPTION:Bring photos\\, please\\; thanks\r\n');
    expect(text).toContain('X-WR-CALNAME:Salon\\, Spa\\; & Co appointments\r\n');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // A new address: the old one stops working.
    const again = await h.call(api(b, 'calendar-feed/regenerate'), undefined, token);
    expect((await h.request(`calendar/${tokenOf(url)}`)).status).toBe(404);
    expect((await h.request(`calendar/${tokenOf(again.body.data.feed.url)}`)).status).toBe(200);
    await h.call(api(b, 'calendar-feed/revoke'), undefined, token);
    expect((await h.request(`calendar/${tokenOf(again.body.data.feed.url)}`)).status).toBe(404);
    expect((await h.request('calendar/not-a-real-token-at-all-000000')).status).toBe(404);

    // A member who loses customers/view loses the feed with it.
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['customers/view']);
    const theirs = await h.call(api(b, 'calendar-feed/regenerate'), undefined, member.token);
    const theirToken = tokenOf(theirs.body.data.feed.url);
    expect((await h.request(`calendar/${theirToken}`)).status).toBe(200);
    const { businessUsers } = await import('#api/db/schema');
    await h.deps.db
      .update(businessUsers)
      .set({ permissions: [] })
      .where(and(eq(businessUsers.businessId, b), eq(businessUsers.userId, member.user.id)));
    expect((await h.request(`calendar/${theirToken}`)).status).toBe(404);
  });
});
