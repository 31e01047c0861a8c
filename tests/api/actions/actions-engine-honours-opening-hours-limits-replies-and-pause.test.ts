import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { actions } from '#api/db/schema';
import { runDueActions } from '#api/features/actions/engine';
import { fireTrigger } from '#api/features/actions/triggers';
import { createCall, createSms } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  advance,
  businessWithNumber,
  HOUR,
  insertAction,
  insertCustomer,
  MINUTE,
  resetClock,
  runsOf,
  smsSentTo,
  timelineOf,
} from '#tests/support/action-fixtures';
import { setBusinessSettings } from '#tests/support/inbound-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => resetClock(h));

/** A missed call from the customer, fired as the call handlers do. */
async function missedCall(b: string, customer: { id: string; phones: string[] }) {
  const call = await createCall(h.deps, {
    businessId: b,
    direction: 'inbound',
    status: 'missed_call',
    from: customer.phones[0],
    customerId: customer.id,
  });
  const all = await fireTrigger(h.deps, {
    businessId: b,
    trigger: 'missed_call',
    customerId: customer.id,
    subjectType: 'call',
    subjectId: call._id,
  });
  // The ready-made text-back (key set) fires too; these tests look at their own action.
  return { call, fired: all.filter((entry) => entry.key === null) };
}

/** Set the clock to the next `hour`:00 UTC. */
function clockAtNext(hour: number) {
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hour, 0, 0));
  h.clock.offsetMs = target.getTime() - Date.now();
  return target;
}

describe('opening hours', () => {
  it('a message due outside the opening hours waits for the next opening, in the business timezone', async () => {
    const { owner, b } = await businessWithNumber(h);
    await setBusinessSettings(h, b, owner.token, {
      timezone: 'UTC',
      opening_hours: WEEKDAYS.map((day) => ({ day, open: true, start: '09:00', end: '17:00' })),
    });
    const action = await insertAction(h, b, { interval: '1 hour', openingHoursOnly: true });
    const customer = await insertCustomer(h, b);
    const night = clockAtNext(2);
    const { fired } = await missedCall(b, customer);
    // Due at 03:00, outside the hours: scheduled for 09:00 straight away.
    expect(fired[0].run.dueAt.toISOString()).toBe(new Date(night.getTime() + 7 * HOUR).toISOString());

    h.clock.offsetMs += 2 * HOUR;
    expect((await runDueActions(h.deps, { businessIds: [b] })).claimed).toEqual([]);
    expect(await smsSentTo(h, customer.phones[0])).toHaveLength(0);

    h.clock.offsetMs += 5 * HOUR + MINUTE;
    const tick = await runDueActions(h.deps, { businessIds: [b] });
    expect(tick.claimed).toHaveLength(1);
    expect(await smsSentTo(h, customer.phones[0])).toHaveLength(1);
    expect((await runsOf(h, action.id))[0].status).toBe('done');
  });

  it('a run that falls due while closed (hours changed since it was queued) is put back until the opening', async () => {
    const { owner, b } = await businessWithNumber(h);
    const action = await insertAction(h, b, { interval: '1 hour', openingHoursOnly: true });
    const customer = await insertCustomer(h, b);
    clockAtNext(6);
    await missedCall(b, customer);
    await setBusinessSettings(h, b, owner.token, {
      timezone: 'UTC',
      opening_hours: WEEKDAYS.map((day) => ({ day, open: true, start: '10:00', end: '16:00' })),
    });
    h.clock.offsetMs += HOUR + MINUTE;
    const tick = await runDueActions(h.deps, { businessIds: [b] });
    expect(Object.values(tick.outcomes)).toEqual(['deferred']);
    const [run] = await runsOf(h, action.id);
    expect(run).toMatchObject({ status: 'pending' });
    expect(run.dueAt.getUTCHours()).toBe(10);
    expect(await smsSentTo(h, customer.phones[0])).toHaveLength(0);
  });
});

describe('limits, replies and pausing', () => {
  it('sends at most the per-customer limit in 24 hours', async () => {
    const { b } = await businessWithNumber(h);
    const action = await insertAction(h, b, { interval: 'immediately', perCustomerLimit: 1 });
    const customer = await insertCustomer(h, b);
    const first = await missedCall(b, customer);
    expect(first.fired[0].outcome).toBe('done');
    advance(h, MINUTE);
    const second = await missedCall(b, customer);
    expect(second.fired[0].outcome).toBe('skipped');
    expect(second.fired[0].run.outcome).toBe('Skipped: the limit of 1 run per customer per day was reached.');
    advance(h, 24 * HOUR);
    expect((await missedCall(b, customer)).fired[0].outcome).toBe('done');
    expect(await smsSentTo(h, customer.phones[0])).toHaveLength(2);
    expect((await runsOf(h, action.id)).map((run) => run.status)).toEqual(['done', 'skipped', 'done']);
  });

  it('stops when the customer replies after the trigger', async () => {
    const { b, telephony } = await businessWithNumber(h);
    const action = await insertAction(h, b, { interval: '1 hour' });
    const quiet = await insertCustomer(h, b);
    const replying = await insertCustomer(h, b);
    await missedCall(b, quiet);
    await missedCall(b, replying);
    advance(h, 10 * MINUTE);
    await createSms(h.deps, {
      businessId: b,
      direction: 'inbound',
      from: replying.phones[0],
      to: telephony.phoneNumber,
      body: 'Sorted, thanks',
      customerId: replying.id,
    });
    advance(h, HOUR);
    await runDueActions(h.deps, { businessIds: [b] });
    const runs = await runsOf(h, action.id);
    expect(runs.find((run) => run.customerId === quiet.id)?.status).toBe('done');
    const stopped = runs.find((run) => run.customerId === replying.id)!;
    expect(stopped.status).toBe('stopped');
    expect(stopped.outcome).toMatch(/^Stopped: the customer replied \(an inbound sms at /);
    expect(await smsSentTo(h, quiet.phones[0])).toHaveLength(1);
    expect(await smsSentTo(h, replying.phones[0])).toHaveLength(0);
  });

  it('a paused action runs nothing more: its pending runs are skipped', async () => {
    const { b } = await businessWithNumber(h);
    const action = await insertAction(h, b, { interval: '1 hour' });
    const customer = await insertCustomer(h, b);
    await missedCall(b, customer);
    await h.deps.db.update(actions).set({ status: 'paused' }).where(eq(actions.id, action.id));
    advance(h, HOUR + MINUTE);
    await runDueActions(h.deps, { businessIds: [b] });
    expect(await runsOf(h, action.id)).toMatchObject([{ status: 'skipped', outcome: 'The action was paused.' }]);
    // And a paused action starts no new runs.
    await missedCall(b, customer);
    expect(await runsOf(h, action.id)).toHaveLength(1);
    expect(await smsSentTo(h, customer.phones[0])).toHaveLength(0);
  });

  it('every run is on the customer timeline: the SMS names the action and run', async () => {
    const { b } = await businessWithNumber(h);
    const action = await insertAction(h, b, { interval: 'immediately', template: 'Hello {name} from {business_name}' });
    const customer = await insertCustomer(h, b, { firstName: 'Ida', lastName: 'Lowe' });
    const { fired } = await missedCall(b, customer);
    const sms = (await timelineOf(h, customer.id)).find((item) => item.type === 'sms')!;
    expect(sms).toMatchObject({
      direction: 'outbound',
      to: customer.phones[0],
      details: { purpose: 'action', action_id: action.id, run_id: fired[0].run.id },
    });
    expect(sms.body).toMatch(/^Hello Ida Lowe from /);
    expect(fired[0].run).toMatchObject({
      status: 'done',
      itemId: sms.id,
      details: { channel: 'sms', to: customer.phones[0], text: sms.body },
    });
  });
});
