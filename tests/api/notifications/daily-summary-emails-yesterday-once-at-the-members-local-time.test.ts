import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#contract/messages';
import { buildDailySummary, localDayBounds, runDailySummaries } from '#api/features/notifications/daily-summary';
import { fromWallTime } from '#api/services/task-schedule';
import { createHarness, type Harness } from '#tests/support/api-harness';

/**
 * The daily summary: yesterday's calls, texts, leads and orders, and the questions still
 * waiting, emailed once a day at the member's chosen time in the business's timezone.
 * Auckland (UTC+13 in March) puts the local day far from the UTC one: 07:30 local on
 * 11 March is 18:30 UTC on 10 March.
 */
const ZONE = 'Pacific/Auckland';
let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let b: string;

const local = (date: string, time: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return fromWallTime({ year, month, day, hour, minute, second: 0, ms: 0 }, ZONE);
};
/** Move the harness clock to `at` (it keeps running from there). */
const setClock = (at: Date) => {
  h.clock.offsetMs = at.getTime() - Date.now();
};
const summaries = async (email: string) =>
  (await h.outboxFor(email, 'email')).filter((entry) => entry.subject?.startsWith('Daily summary'));
const run = () => runDailySummaries(h.deps, { businessIds: [b] });

async function item(type: 'call' | 'sms' | 'form', at: Date, body: string, extra: Record<string, unknown> = {}) {
  setClock(at);
  const result = await h.call(
    `dev/system-items/${b}/create`,
    { type, from: '+442071234999', body, ...extra },
    owner.token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.item._id as string;
}

beforeAll(async () => {
  h = await createHarness();
  // Everyone signs in on the days the test plays (a token expires when the clock jumps years ahead).
  setClock(local('2027-03-09', '09:00'));
  owner = await h.signUpWithBusiness();
  b = owner.business._id;
  expect((await h.call(`businesses/settings/${b}/set`, { timezone: ZONE }, owner.token)).status).toBe(200);
});
afterAll(async () => {
  h.clock.offsetMs = 0;
  await h.close();
});

describe('the daily summary preference', () => {
  it('is off by default, saved per member, and refuses a time that is not HH:mm', async () => {
    const before = await h.call(`businesses/settings/${b}/get`, undefined, owner.token);
    expect(before.body.data.business_settings.notifications.daily_summary).toEqual({ enabled: false, time: '08:00' });
    const bad = await h.call(
      `businesses/settings/${b}/set`,
      { notifications: { daily_summary: { enabled: true, time: '7.30am' } } },
      owner.token,
    );
    expect(bad.status).toBe(422);
    expect(Object.values(bad.body.field_errors ?? {}).flat()).toContain(messages.hours.timeInvalid);
    const saved = await h.call(
      `businesses/settings/${b}/set`,
      { notifications: { daily_summary: { enabled: true, time: '07:30' } } },
      owner.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.business_settings.notifications.daily_summary).toEqual({ enabled: true, time: '07:30' });
    // Other preferences are untouched.
    expect(saved.body.data.business_settings.notifications.quiet_hours.enabled).toBe(false);
  });
});

describe('the daily summary email', () => {
  it('covers the business’s local yesterday (23 or 25 hours on daylight-saving days)', () => {
    const { start, end } = localDayBounds('2027-03-10', ZONE);
    expect(start.toISOString()).toBe('2027-03-09T11:00:00.000Z');
    expect(end.toISOString()).toBe('2027-03-10T11:00:00.000Z');
    // New Zealand's clocks go back on 4 April 2027: that day lasts 25 hours.
    const long = localDayBounds('2027-04-04', ZONE);
    expect(long.end.getTime() - long.start.getTime()).toBe(25 * 3600_000);
  });

  it('is sent once, at the chosen local time, with yesterday’s items linked and nothing from other days', async () => {
    const quiet = await h.signUp();
    await h.addMember(b, quiet.user.id, ['calls/view']);
    const limited = await h.signUp();
    await h.addMember(b, limited.user.id, ['smses/view']);
    await h.call(
      `businesses/settings/${b}/set`,
      { notifications: { daily_summary: { enabled: true, time: '06:00' } } },
      limited.token,
    );

    const call = await item('call', local('2027-03-10', '00:05'), 'Asked about prices', {
      status: 'answered',
      details: { summary: 'Wants a quote for a boiler service' },
    });
    const sms = await item('sms', local('2027-03-10', '23:58'), 'Are you open on Sunday?');
    const form = await item('form', local('2027-03-10', '12:00'), 'Lead from the website form');
    const tooEarly = await item('sms', local('2027-03-09', '23:59'), 'The day before yesterday');
    const tooLate = await item('call', local('2027-03-11', '00:01'), 'Today already');
    setClock(local('2027-03-10', '15:00'));
    const contact = await h.call(
      `businesses/customers/${b}/create`,
      { first_name: 'Olive', last_name: 'Orders', status: 'customer' },
      owner.token,
    );
    const order = await h.call(
      `businesses/orders/${b}/create`,
      { customer_id: contact.body.data.customer._id, status: 'new', lines: [{ name: 'Sourdough loaf', quantity: 2 }] },
      owner.token,
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const appointment = await h.call(
      `businesses/appointments/${b}/create`,
      { customer_id: contact.body.data.customer._id, start_at: '2027-03-12T10:00', notify_customer: false },
      owner.token,
    );
    expect(appointment.status, JSON.stringify(appointment.body)).toBe(200);
    const question = await h.call(
      `businesses/memories/${b}/create`,
      { type: 'question', content: 'Do you deliver to Devonport?', status: 'active' },
      owner.token,
    );
    expect(question.status, JSON.stringify(question.body)).toBe(200);

    // 07:29 on the 11th in Auckland (18:29 UTC on the 10th): not yet for the owner; the limited member's 06:00 has passed.
    setClock(local('2027-03-11', '07:29'));
    expect((await run()).sent).toBe(1);
    expect(await summaries(owner.email)).toHaveLength(0);
    setClock(local('2027-03-11', '07:30'));
    expect((await run()).sent).toBe(1);
    const [email] = await summaries(owner.email);
    expect(email.subject).toBe(`Daily summary for ${owner.business.name}: Wednesday, 10 March 2027`);
    const text = email.body;
    expect(text).toContain('Calls (1)');
    expect(text).toContain('Wants a quote for a boiler service');
    expect(text).toContain(`http://app.test/dashboard/calls/${call}`);
    expect(text).toContain('Texts received (1)');
    expect(text).toContain(`http://app.test/dashboard/sms/${sms}`);
    expect(text).toContain('Leads (web forms) (1)');
    expect(text).toContain(`http://app.test/dashboard/forms/${form}`);
    expect(text).toContain('Orders (1)');
    expect(text).toContain('Olive Orders (2 × Sourdough loaf)');
    expect(text).toContain(`http://app.test/dashboard/orders/${order.body.data.order._id}`);
    expect(text).toContain('Appointments booked (1)');
    expect(text).toContain('Olive Orders (10am to 11am on Friday 12 March)');
    expect(text).toContain(`http://app.test/dashboard/appointments/${appointment.body.data.appointment._id}`);
    expect(text).toContain('Questions waiting for an answer (1)');
    expect(text).toContain('Do you deliver to Devonport?');
    expect(text).toContain(`http://app.test/dashboard/memories/${question.body.data.memory._id}`);
    expect(text).not.toContain(tooEarly);
    expect(text).not.toContain(tooLate);
    expect(text).toContain('http://app.test/dashboard/settings/business-settings');

    // Once a day: a later tick the same day sends nothing more.
    setClock(local('2027-03-11', '21:00'));
    expect((await run()).sent).toBe(0);
    expect(await summaries(owner.email)).toHaveLength(1);
    // The member who never turned it on gets none; the limited one sees only texts.
    expect(await summaries(quiet.email)).toHaveLength(0);
    const [limitedEmail] = await summaries(limited.email);
    expect(limitedEmail.body).toContain('Texts received (1)');
    expect(limitedEmail.body).not.toContain('Calls (');
    expect(limitedEmail.body).not.toContain('Orders (');

    // The next local day brings the next summary (of the 11th: the late call).
    setClock(local('2027-03-12', '07:31'));
    expect((await run()).sent).toBe(2);
    const [next] = await summaries(owner.email);
    expect(next.subject).toContain('Thursday, 11 March 2027');
    expect(next.body).toContain(`http://app.test/dashboard/calls/${tooLate}`);
    expect(next.body).not.toContain(call);
  });

  it('says when nothing came in', async () => {
    const other = await h.signUpWithBusiness();
    const summary = await buildDailySummary(
      h.deps,
      { id: other.business._id, name: 'Quiet Co', timezone: ZONE },
      ['admin'],
      '2027-03-10',
    );
    expect(summary.text).toContain('Nothing came in, and no question is waiting for an answer.');
    expect(summary.text).not.toContain('Calls');
  });
});
