import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { actions, customers, timelineItems } from '#api/db/schema';
import { runDueActions } from '#api/features/actions/engine';
import { ensureReadyMadeActions } from '#api/features/actions/ready-made';
import { handleCallStatus } from '#api/features/systems/call-outcome';
import { handleVoice } from '#api/features/systems/inbound-call';
import { createNote } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import {
  advance,
  DAY,
  HOUR,
  insertAction,
  insertCustomer,
  MINUTE,
  resetClock,
  runsOf,
} from '#tests/support/action-fixtures';
import { callParams, phoneSystem, randomUkMobile, setSystemSettings, smsItems } from '#tests/support/inbound-fixtures';
import { formsOf, insertLeadcatcher, insertTelephony, submitJson } from '#tests/support/leadcatcher';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
afterEach(() => resetClock(h));

const readyMade = async (b: string, key: string) =>
  (
    await h.deps.db
      .select()
      .from(actions)
      .where(and(eq(actions.businessId, b), eq(actions.key, key)))
  )[0];

async function missedCall(
  row: Awaited<ReturnType<typeof phoneSystem>>['row'],
  system: Awaited<ReturnType<typeof phoneSystem>>['system'],
  from: string,
) {
  const params = callParams(system, from);
  await handleVoice(h.deps, row, params);
  await handleCallStatus(h.deps, row, { ...params, CallStatus: 'no-answer' });
}

describe('the ready-made actions', () => {
  it('are installed once per business, however often (or concurrently) asked, with the systems’ switches', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    await insertLeadcatcher(h, b, { follow_up: 'email' });
    await Promise.all([
      ensureReadyMadeActions(h.deps, b),
      ensureReadyMadeActions(h.deps, b),
      ensureReadyMadeActions(h.deps, b),
    ]);
    const rows = await h.deps.db.select().from(actions).where(eq(actions.businessId, b));
    expect(rows.map((row) => [row.key, row.status, row.trigger, row.interval, row.kind]).sort()).toEqual([
      ['lead_follow_up', 'active', 'new_lead', 'immediately', 'send_email'],
      ['missed_call_text_back', 'active', 'missed_call', 'immediately', 'send_sms'],
      ['overdue_tasks_nudge', 'paused', 'task_overdue', '1 day', 'create_task'],
      ['unconfirmed_order_reminder', 'paused', 'order_unconfirmed', '2 days', 'send_sms'],
    ]);
  });

  it('a missed call texts back through "Text back missed calls": the run is recorded with the SMS, and pausing it stops text-backs', async () => {
    const { b, system, row } = await phoneSystem(h);
    const from = randomUkMobile();
    await missedCall(row, system, from);
    const action = await readyMade(b, 'missed_call_text_back');
    const [run] = await runsOf(h, action.id);
    const [sms] = (await smsItems(h, b)).filter((item) => item.direction === 'outbound');
    expect(run).toMatchObject({
      status: 'done',
      subjectType: 'call',
      itemId: sms.id,
      details: { channel: 'sms', to: from },
    });
    expect(sms.details).toMatchObject({ purpose: 'missed_call_text_back', action_id: action.id, run_id: run.id });
    expect(action.lastRunAt).toBeInstanceOf(Date);

    // Within the hour: a second run, skipped by the once-an-hour rule (no double send).
    await missedCall(row, system, from);
    expect((await runsOf(h, action.id)).map((entry) => entry.status)).toEqual(['done', 'skipped']);

    await h.deps.db.update(actions).set({ status: 'paused' }).where(eq(actions.id, action.id));
    const other = randomUkMobile();
    await missedCall(row, system, other);
    expect((await smsItems(h, b)).filter((item) => item.to === other)).toHaveLength(0);
    expect(await runsOf(h, action.id)).toHaveLength(2);
  });

  it('its template overrides the system’s; switching text-back on in the system settings turns a paused action on', async () => {
    const { owner, b, system, row } = await phoneSystem(h);
    await ensureReadyMadeActions(h.deps, b);
    const action = await readyMade(b, 'missed_call_text_back');
    await h.deps.db
      .update(actions)
      .set({ status: 'paused', template: 'Missed you! {business_name}' })
      .where(eq(actions.id, action.id));
    await setSystemSettings(h, b, system._id, owner.token, { missed_call_text_back: true });
    expect((await readyMade(b, 'missed_call_text_back')).status).toBe('active');
    const from = randomUkMobile();
    await missedCall(row, system, from);
    const [sms] = (await smsItems(h, b)).filter((item) => item.to === from);
    expect(sms.body).toBe(`Missed you! ${owner.business.name}`);
  });

  it('a web lead is followed up through "Follow up new web leads", recorded as a run', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    await insertTelephony(h, b);
    const system = await insertLeadcatcher(h, b, { follow_up: 'sms', follow_up_template: 'Hi {first_name}!' });
    const phone = randomUkMobile();
    expect((await submitJson(h, system.id, { name: 'Ivy Stone', phone })).status).toBe(200);
    const action = await readyMade(b, 'lead_follow_up');
    const [form] = await formsOf(h, b);
    const [run] = await runsOf(h, action.id);
    expect(run).toMatchObject({
      status: 'done',
      subjectType: 'form',
      subjectId: form.id,
      customerId: form.customerId,
      details: { channel: 'sms', to: phone },
    });
    expect(form.details).toMatchObject({ follow_up: { sent: true, action_id: action.id, run_id: run.id } });
  });
});

describe('time-based triggers', () => {
  it('nudges the team about an overdue task every interval until it is done, never about its own nudges', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const action = await insertAction(h, b, {
      trigger: 'task_overdue',
      interval: '1 day',
      repeat: true,
      kind: 'create_task',
      template: 'Overdue: {task}',
      stopOnReply: false,
      perCustomerLimit: 5,
    });
    const task = await createNote(h.deps, b, {
      body: 'Send the quote',
      reminder: new Date(h.clock.now().getTime() + HOUR).toISOString(),
      assigned_to: owner.user.id,
    });
    advance(h, HOUR + DAY + MINUTE);
    await runDueActions(h.deps, { businessIds: [b] });
    let runs = await runsOf(h, action.id);
    expect(runs.map((run) => [run.status, run.occurrence])).toEqual([
      ['done', 0],
      ['pending', 1],
    ]);
    const [nudge] = await h.deps.db.select().from(timelineItems).where(eq(timelineItems.id, runs[0].itemId!));
    expect(nudge).toMatchObject({ body: 'Overdue: Send the quote', assignedTo: owner.user.id });

    advance(h, DAY);
    await runDueActions(h.deps, { businessIds: [b] });
    // The nudges are overdue tasks too, but are never nudged themselves.
    expect((await runsOf(h, action.id)).filter((run) => run.subjectId !== task._id)).toEqual([]);
    await h.deps.db.update(timelineItems).set({ completedAt: h.clock.now() }).where(eq(timelineItems.id, task._id));
    advance(h, DAY);
    await runDueActions(h.deps, { businessIds: [b] });
    runs = await runsOf(h, action.id);
    expect(runs.map((run) => run.status)).toEqual(['done', 'done', 'stopped']);
    expect(runs[2].outcome).toBe('Stopped: The task was completed.');
  });

  it('moves a contact who stayed in a status for the interval, once per spell', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const action = await insertAction(h, b, {
      trigger: 'customer_status',
      triggerStatus: 'lead',
      interval: '7 days',
      kind: 'set_customer_status',
      targetStatus: 'inactive',
      stopOnReply: false,
    });
    const stale = await insertCustomer(h, b, { status: 'lead' });
    const converted = await insertCustomer(h, b, { status: 'lead' });
    await runDueActions(h.deps, { businessIds: [b] });
    expect(await runsOf(h, action.id)).toHaveLength(2);
    await h.deps.db.update(customers).set({ status: 'customer' }).where(eq(customers.id, converted.id));
    advance(h, 7 * DAY + MINUTE);
    await runDueActions(h.deps, { businessIds: [b] });
    const runs = await runsOf(h, action.id);
    expect(runs.find((run) => run.customerId === stale.id)).toMatchObject({
      status: 'done',
      outcome: 'Moved the contact from lead to inactive.',
    });
    expect(runs.find((run) => run.customerId === converted.id)).toMatchObject({ status: 'stopped' });
    expect((await h.deps.db.select().from(customers).where(eq(customers.id, stale.id)))[0].status).toBe('inactive');

    // Back to lead: a new spell, watched afresh.
    await h.deps.db.update(customers).set({ status: 'lead' }).where(eq(customers.id, stale.id));
    await runDueActions(h.deps, { businessIds: [b] });
    const spells = (await runsOf(h, action.id)).filter((run) => run.customerId === stale.id);
    expect(spells.map((run) => [run.occurrence, run.status])).toEqual([
      [0, 'done'],
      [1, 'pending'],
    ]);
  });
});

describe('the runs and preview calls', () => {
  it('list an action’s runs newest first, and preview a template for the most recent contact or Alex Sample', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id as string;
    const empty = await h.call(
      `businesses/actions/${b}/preview`,
      { template: 'Hi {first_name}, {business_name} here about {order}.' },
      owner.token,
    );
    expect(empty.body.data.preview).toEqual({
      text: `Hi Alex, ${owner.business.name} here about 2 x Sourdough loaf.`,
      customer: null,
    });

    const customer = await insertCustomer(h, b, { firstName: 'Nia', lastName: 'Hart' });
    const given = await h.call(
      `businesses/actions/${b}/preview`,
      { template: 'Hi {name}', customer_id: customer.id },
      owner.token,
    );
    expect(given.body.data.preview).toEqual({ text: 'Hi Nia Hart', customer: { _id: customer.id, name: 'Nia Hart' } });
    const unknown = await h.call(
      `businesses/actions/${b}/preview`,
      { template: 'Hi', customer_id: 'nope' },
      owner.token,
    );
    expect(unknown).toMatchObject({ status: 422, body: { field_errors: { customer_id: ['Customer not found.'] } } });

    const action = await insertAction(h, b, {
      trigger: 'customer_status',
      triggerStatus: 'lead',
      interval: '1 day',
      kind: 'create_task',
      stopOnReply: false,
    });
    await runDueActions(h.deps, { businessIds: [b] });
    const runs = await h.call(`businesses/actions/${b}/runs/${action.id}`, { limit: 1 }, owner.token);
    expect(runs.status).toBe(200);
    expect(runs.body.data).toMatchObject({
      total: 1,
      page: 0,
      limit: 1,
      runs: [
        {
          action_id: action.id,
          customer: { _id: customer.id, name: 'Nia Hart' },
          status: 'pending',
          subject_type: 'customer',
        },
      ],
    });
    const outsider = await h.signUpWithBusiness();
    expect((await h.call(`businesses/actions/${b}/runs/${action.id}`, {}, outsider.token)).status).toBe(404);
    expect(
      (await h.call(`businesses/actions/${outsider.business._id}/runs/${action.id}`, {}, outsider.token)).status,
    ).toBe(404);
  });
});
