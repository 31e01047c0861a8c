import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAction } from '#contract/v1/actions';
import { actionRuns, customers } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const path = (businessId: string, action: string) => `businesses/actions/${businessId}/${action}`;
const eventsFor = (id: string) => h.events.filter((event) => event.payload.id === id);
const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** The keys of contract/schemas/action.ts ApiAction: the API answers exactly these. */
const ACTION_KEYS = [
  '_id',
  'assignee_id',
  'created_at',
  'deleted_at',
  'interval',
  'interval_minutes',
  'key',
  'kind',
  'last_run_at',
  'name',
  'next_run_at',
  'opening_hours_only',
  'per_customer_limit',
  'repeat',
  'status',
  'stop_on_reply',
  'target_status',
  'template',
  'trigger',
  'trigger_status',
  'updated_at',
];

async function create(
  owner: { token: string; business: { _id: string } },
  body: Record<string, unknown>,
): Promise<ApiAction> {
  const result = await h.call(path(owner.business._id, 'create'), body, owner.token);
  if (result.status !== 200) throw new Error(`action create failed: ${JSON.stringify(result.body)}`);
  return result.body.data.action;
}

/** A pending run of the action, as the engine would queue it (due in an hour). */
async function pendingRun(businessId: string, actionId: string) {
  const customerId = newId();
  await h.database.db.insert(customers).values({ id: customerId, businessId, firstName: 'Queued', status: 'lead' });
  const dueAt = new Date(h.clock.now().getTime() + 3_600_000);
  const id = newId();
  await h.database.db.insert(actionRuns).values({
    id,
    businessId,
    actionId,
    customerId,
    subjectType: 'customer',
    subjectId: customerId,
    triggeredAt: h.clock.now(),
    dueAt,
  });
  return { id, dueAt };
}

describe('businesses/actions/{business_id}/create', () => {
  it("creates an action and answers data.action in the ApiAction shape with 'Action created.'", async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      path(owner.business._id, 'create'),
      {
        name: '  Chase quotes ',
        status: 'active',
        interval: 'every 3 days',
        trigger: 'customer_status',
        trigger_status: 'lead',
        kind: 'send_email',
        template: 'Hi {first_name}, still thinking about our quote?',
        repeat: true,
        per_customer_limit: 2,
        opening_hours_only: false,
        stop_on_reply: false,
      },
      owner.token,
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Action created.']);
    expect(Object.keys(result.body.data)).toEqual(['action']);
    const action = result.body.data.action as ApiAction;
    expect(Object.keys(action).sort()).toEqual(ACTION_KEYS);
    expect(action).toEqual({
      _id: expect.any(String),
      key: null,
      name: 'Chase quotes',
      status: 'active',
      interval: 'every 3 days',
      interval_minutes: 3 * 24 * 60,
      repeat: true,
      trigger: 'customer_status',
      trigger_status: 'lead',
      kind: 'send_email',
      template: 'Hi {first_name}, still thinking about our quote?',
      assignee_id: null,
      target_status: null,
      per_customer_limit: 2,
      opening_hours_only: false,
      stop_on_reply: false,
      last_run_at: null,
      next_run_at: null,
      created_at: isoDate,
      updated_at: isoDate,
      deleted_at: null,
    });
  });

  it('needs only name, status and interval; the rest defaults to an SMS after a new lead, once, in opening hours, stopping on a reply', async () => {
    const owner = await h.signUpWithBusiness();
    const action = await create(owner, { name: 'Welcome', status: 'paused', interval: 'immediately' });
    expect(action).toMatchObject({
      interval: 'immediately',
      interval_minutes: 0,
      trigger: 'new_lead',
      kind: 'send_sms',
      repeat: false,
      per_customer_limit: 1,
      opening_hours_only: true,
      stop_on_reply: true,
      template: null,
      trigger_status: null,
    });
  });

  it('reads intervals the way people write them: hours as a number, { value, unit }, ISO 8601, "1 week"', async () => {
    const owner = await h.signUpWithBusiness();
    expect(await create(owner, { name: 'A', status: 'paused', interval: 6 })).toMatchObject({
      interval: '6 hours',
      interval_minutes: 360,
    });
    expect(await create(owner, { name: 'B', status: 'paused', interval: { value: 2, unit: 'days' } })).toMatchObject({
      interval: '2 days',
      interval_minutes: 2880,
    });
    expect(await create(owner, { name: 'C', status: 'paused', interval: 'PT30M' })).toMatchObject({
      interval: 'PT30M',
      interval_minutes: 30,
    });
    expect(await create(owner, { name: 'D', status: 'paused', interval: '1 week' })).toMatchObject({
      interval_minutes: 10080,
    });
  });

  it("refuses a missing name, status or interval with the spec's messages", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFieldError(
      await h.call(path(b, 'create'), { status: 'active', interval: '2 days' }, owner.token),
      'name',
      'Action name is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { name: '   ', status: 'active', interval: '2 days' }, owner.token),
      'name',
      'Action name is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { name: 'Chase', interval: '2 days' }, owner.token),
      'status',
      'Action status is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { name: 'Chase', status: 'sleeping', interval: '2 days' }, owner.token),
      'status',
      'Action status is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { name: 'Chase', status: 'active' }, owner.token),
      'interval',
      'Action interval is required.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { name: 'Chase', status: 'active', interval: ' ' }, owner.token),
      'interval',
      'Action interval is required.',
    );
    const all = await h.call(path(b, 'create'), {}, owner.token);
    expectFailureEnvelope(all, 422);
    expect(all.body.errors).toEqual(
      expect.arrayContaining([
        'Action name is required.',
        'Action status is required.',
        'Action interval is required.',
      ]),
    );
  });

  it('refuses an interval it cannot read, an unknown trigger or kind, and a limit out of range', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const base = { name: 'Chase', status: 'active', interval: '2 days' };
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, interval: 'fortnightly-ish' }, owner.token),
      'interval',
      'Action interval must be like "immediately", "30 minutes", "6 hours", "2 days" or "1 week".',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, trigger: 'full_moon' }, owner.token),
      'trigger',
      'Trigger must be one of missed_call, new_lead, customer_status, task_overdue, order_unconfirmed.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, kind: 'call_them' }, owner.token),
      'kind',
      'What the action does must be one of send_sms, send_email, create_task, set_customer_status.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, per_customer_limit: 0 }, owner.token),
      'per_customer_limit',
      'Per-customer limit must be at least 1.',
    );
  });

  it('needs the contact status a "stays in a status" trigger waits on, and the status a "move the contact" action moves to', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const base = { name: 'Chase', status: 'active', interval: '2 days' };
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, trigger: 'customer_status' }, owner.token),
      'trigger_status',
      'Choose the status the contact must be in.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, trigger: 'customer_status', trigger_status: 'vip' }, owner.token),
      'trigger_status',
      'Status must be one of lead, customer, inactive.',
    );
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, kind: 'set_customer_status' }, owner.token),
      'target_status',
      'Choose the status to move the contact to.',
    );
    const moved = await create(owner, {
      ...base,
      trigger: 'customer_status',
      trigger_status: 'lead',
      kind: 'set_customer_status',
      target_status: 'inactive',
    });
    expect(moved).toMatchObject({ trigger_status: 'lead', target_status: 'inactive' });
  });

  it('assigns a created task to a member of this business only', async () => {
    const owner = await h.signUpWithBusiness();
    const stranger = await h.signUp();
    const b = owner.business._id;
    const base = {
      name: 'Call back',
      status: 'active',
      interval: '1 day',
      kind: 'create_task',
      template: 'Call {name} back',
    };
    expectFieldError(
      await h.call(path(b, 'create'), { ...base, assignee_id: stranger.user.id }, owner.token),
      'assignee_id',
      'The assignee is not a member of this business.',
    );
    expect(await create(owner, { ...base, assignee_id: owner.user.id })).toMatchObject({
      kind: 'create_task',
      assignee_id: owner.user.id,
    });
  });

  it('publishes ActionCreated on the business channel with the record', async () => {
    const owner = await h.signUpWithBusiness();
    const action = await create(owner, { name: 'Chase', status: 'active', interval: '2 days' });
    expect(eventsFor(action._id)).toEqual([
      { channels: [`private-business.${owner.business._id}`], event: 'ActionCreated', payload: { id: action._id } },
    ]);
  });
});

describe('businesses/actions/{business_id}/get', () => {
  it('answers data.action with its next run (the earliest pending one), and 404 for an unknown id', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const action = await create(owner, { name: 'Chase', status: 'active', interval: '2 days' });
    const { dueAt } = await pendingRun(b, action._id);
    const result = await h.call(path(b, `get/${action._id}`), undefined, owner.token);
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data)).toEqual(['action']);
    expect(result.body.data.action).toEqual({ ...action, next_run_at: dueAt.toISOString() });
    expect(result.body.messages).toEqual([]);
    const missing = await h.call(path(b, 'get/nope'), undefined, owner.token);
    expectFailureEnvelope(missing, 404);
    expect(missing.body.errors).toEqual(['The action was not found.']);
  });
});

describe('businesses/actions/{business_id}/update', () => {
  it("changes only the fields sent, answers 'Action updated.' and publishes ActionUpdated", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const action = await create(owner, {
      name: 'Chase',
      status: 'active',
      interval: '2 days',
      template: 'Hi {first_name}',
    });
    h.clock.offsetMs += 1000;
    const result = await h.call(path(b, `update/${action._id}`), { interval: '6 hours', repeat: true }, owner.token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.messages).toEqual(['Action updated.']);
    const updated = result.body.data.action as ApiAction;
    expect(updated).toEqual({
      ...action,
      interval: '6 hours',
      interval_minutes: 360,
      repeat: true,
      updated_at: expect.any(String),
    });
    expect(updated.updated_at > action.updated_at).toBe(true);
    expect(eventsFor(action._id).map((event) => event.event)).toEqual(['ActionCreated', 'ActionUpdated']);
    expect(eventsFor(action._id)[1].payload).toEqual({ id: updated._id });
  });

  it('clears the template with null or an empty text (the recipe default applies again)', async () => {
    const owner = await h.signUpWithBusiness();
    const action = await create(owner, {
      name: 'Chase',
      status: 'active',
      interval: '2 days',
      template: 'Hi {first_name}',
    });
    const result = await h.call(path(owner.business._id, `update/${action._id}`), { template: '' }, owner.token);
    expect(result.body.data.action.template).toBeNull();
    await h.call(path(owner.business._id, `update/${action._id}`), { template: 'Hello {name}' }, owner.token);
    const cleared = await h.call(path(owner.business._id, `update/${action._id}`), { template: null }, owner.token);
    expect(cleared.body.data.action.template).toBeNull();
  });

  it("refuses an empty name, status or interval with the spec's messages, and changes nothing", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const action = await create(owner, { name: 'Chase', status: 'active', interval: '2 days' });
    expectFieldError(
      await h.call(path(b, `update/${action._id}`), { name: '' }, owner.token),
      'name',
      'Action name is required.',
    );
    expectFieldError(
      await h.call(path(b, `update/${action._id}`), { status: null }, owner.token),
      'status',
      'Action status is required.',
    );
    expectFieldError(
      await h.call(path(b, `update/${action._id}`), { interval: '' }, owner.token),
      'interval',
      'Action interval is required.',
    );
    // The merged record must still make sense: switching to a status trigger needs its status.
    expectFieldError(
      await h.call(path(b, `update/${action._id}`), { trigger: 'customer_status' }, owner.token),
      'trigger_status',
      'Choose the status the contact must be in.',
    );
    const after = await h.call(path(b, `get/${action._id}`), undefined, owner.token);
    expect(after.body.data.action).toEqual(action);
  });

  it('pausing stops future runs at once: pending runs are skipped and the action shows no next run', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const action = await create(owner, { name: 'Chase', status: 'active', interval: '2 days' });
    const run = await pendingRun(b, action._id);
    const paused = await h.call(path(b, `update/${action._id}`), { status: 'paused' }, owner.token);
    expect(paused.body.data.action).toMatchObject({ status: 'paused', next_run_at: null });
    const [row] = await h.database.db.select().from(actionRuns).where(eq(actionRuns.id, run.id));
    expect(row).toMatchObject({ status: 'skipped', outcome: 'The action was paused.' });
  });

  it('answers 404 for an unknown or deleted action', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const action = await create(owner, { name: 'Chase', status: 'active', interval: '2 days' });
    await h.call(path(b, `delete/${action._id}`), undefined, owner.token);
    for (const id of ['nope', action._id]) {
      const result = await h.call(path(b, `update/${id}`), { name: 'Renamed' }, owner.token);
      expectFailureEnvelope(result, 404);
      expect(result.body.errors).toEqual(['The action was not found.']);
    }
  });
});

describe('businesses/actions/{business_id}/delete and restore', () => {
  it("soft-deletes ('Action deleted.', its pending runs skipped) and restores exactly what was deleted ('Action restored.')", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const action = await create(owner, { name: 'Chase', status: 'active', interval: '2 days' });
    const run = await pendingRun(b, action._id);

    const deleted = await h.call(path(b, `delete/${action._id}`), undefined, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messages).toEqual(['Action deleted.']);
    expect(deleted.body.data.action.deleted_at).toEqual(isoDate);
    const [row] = await h.database.db
      .select()
      .from(actionRuns)
      .where(and(eq(actionRuns.id, run.id)));
    expect(row).toMatchObject({ status: 'skipped', outcome: 'The action was deleted.' });
    expect((await h.call(path(b, `get/${action._id}`), undefined, owner.token)).status).toBe(404);
    const listed = await h.call(path(b, 'list'), {}, owner.token);
    expect(listed.body.data.actions.map((item: ApiAction) => item._id)).not.toContain(action._id);
    expectFailureEnvelope(await h.call(path(b, `delete/${action._id}`), undefined, owner.token), 404);

    const restored = await h.call(path(b, `restore/${action._id}`), undefined, owner.token);
    expect(restored.status).toBe(200);
    expect(restored.body.messages).toEqual(['Action restored.']);
    expect(restored.body.data.action).toEqual(action);
    expect(eventsFor(action._id).map((event) => event.event)).toEqual([
      'ActionCreated',
      'ActionDeleted',
      'ActionCreated',
    ]);

    const again = await h.call(path(b, `restore/${action._id}`), undefined, owner.token);
    expectFailureEnvelope(again, 404);
    expect(again.body.errors).toEqual(['The deleted action was not found.']);
  });
});
