import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_MADE_ACTION_KEYS } from '#contract/schemas/action';
import type { ApiAction } from '#contract/v1/actions';
import { actions } from '#api/db/schema';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const VIEW_REFUSAL = 'You do not have permission to view actions';
const EDIT_REFUSAL = 'You do not have permission to edit actions';
const path = (businessId: string, action: string) => `businesses/actions/${businessId}/${action}`;

type Owner = Awaited<ReturnType<Harness['signUpWithBusiness']>>;

async function create(owner: Owner, body: Record<string, unknown>): Promise<ApiAction> {
  const result = await h.call(path(owner.business._id, 'create'), body, owner.token);
  if (result.status !== 200) throw new Error(`action create failed: ${JSON.stringify(result.body)}`);
  return result.body.data.action;
}

/** Three "Chase" actions created a minute apart (so created_at orders them), one paused. */
async function businessWithActions() {
  const owner = await h.signUpWithBusiness();
  const b = owner.business._id;
  const made = [];
  for (const input of [
    {
      name: 'Chase quotes',
      status: 'active',
      interval: '2 days',
      trigger: 'customer_status',
      trigger_status: 'lead',
      template: 'Still keen on our 10% offer?',
    },
    { name: 'Chase orders', status: 'paused', interval: '1 day', trigger: 'order_unconfirmed' },
    { name: 'Chase missed calls', status: 'active', interval: 'immediately', trigger: 'missed_call' },
  ]) {
    made.push(await create(owner, input));
    h.clock.offsetMs += 60_000;
  }
  return { owner, b, quotes: made[0], orders: made[1], calls: made[2] };
}

const names = (result: { body: { data?: { actions: ApiAction[] } } }) =>
  result.body.data!.actions.map((action) => action.name);

describe('businesses/actions/{business_id}/list', () => {
  it('installs the ready-made actions on first use, once, and answers data.actions with total, page and limit', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const first = await h.call(path(b, 'list'), undefined, owner.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(Object.keys(first.body.data).sort()).toEqual(['actions', 'limit', 'page', 'total']);
    expect(first.body.data).toMatchObject({ total: READY_MADE_ACTION_KEYS.length, page: 0, limit: 50 });
    expect(first.body.data.actions.map((action: ApiAction) => action.key).sort()).toEqual(
      [...READY_MADE_ACTION_KEYS].sort(),
    );
    expect(first.body.messages).toEqual([]);
    // Listing again installs nothing more (one per recipe and business).
    await h.call(path(b, 'list'), {}, owner.token);
    const rows = await h.database.db.select().from(actions).where(eq(actions.businessId, b));
    expect(rows).toHaveLength(READY_MADE_ACTION_KEYS.length);
  });

  it('lists newest first by default and sorts by name, status, trigger, created_at and updated_at', async () => {
    const { owner, b, quotes } = await businessWithActions();
    const list = (body: Record<string, unknown>) =>
      h.call(path(b, 'list'), { search: 'chase', ...body }, owner.token).then(names);
    expect(await list({})).toEqual(['Chase missed calls', 'Chase orders', 'Chase quotes']);
    expect(await list({ sort_by: 'name', sort_order: 'asc' })).toEqual([
      'Chase missed calls',
      'Chase orders',
      'Chase quotes',
    ]);
    expect(await list({ sort_by: 'created_at', sort_order: 'asc' })).toEqual([
      'Chase quotes',
      'Chase orders',
      'Chase missed calls',
    ]);
    expect((await list({ sort_by: 'status', sort_order: 'desc' }))[0]).toBe('Chase orders');
    expect(await list({ sort_by: 'trigger', sort_order: 'asc' })).toEqual([
      'Chase quotes',
      'Chase missed calls',
      'Chase orders',
    ]);
    h.clock.offsetMs += 60_000;
    await h.call(path(b, `update/${quotes._id}`), { interval: '3 days' }, owner.token);
    expect((await list({ sort_by: 'updated_at' }))[0]).toBe('Chase quotes');
    // An unknown column falls back to the default order rather than failing.
    expect(await list({ sort_by: 'password' })).toEqual(['Chase missed calls', 'Chase orders', 'Chase quotes']);
  });

  it('pages with page (from 0) and limit', async () => {
    const { owner, b } = await businessWithActions();
    const first = await h.call(
      path(b, 'list'),
      { search: 'chase', limit: 2, sort_by: 'name', sort_order: 'asc' },
      owner.token,
    );
    const second = await h.call(
      path(b, 'list'),
      { search: 'chase', limit: 2, page: 1, sort_by: 'name', sort_order: 'asc' },
      owner.token,
    );
    expect(names(first)).toEqual(['Chase missed calls', 'Chase orders']);
    expect(names(second)).toEqual(['Chase quotes']);
    expect(second.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
  });

  it('searches name and template (case-insensitive, wildcards taken literally), and filters by status and trigger', async () => {
    const { owner, b } = await businessWithActions();
    const list = (body: Record<string, unknown>) => h.call(path(b, 'list'), body, owner.token).then(names);
    expect(await list({ search: 'QUOTES' })).toEqual(['Chase quotes']);
    expect(await list({ search: '10%' })).toEqual(['Chase quotes']);
    expect(await list({ search: 'chase', status: 'paused' })).toEqual(['Chase orders']);
    expect(await list({ search: 'chase', trigger: 'missed_call' })).toEqual(['Chase missed calls']);
    // The ready-made missed-call action is listed with the trigger filter too.
    expect(await list({ trigger: 'missed_call', sort_by: 'name', sort_order: 'asc' })).toEqual([
      'Chase missed calls',
      'Text back missed calls',
    ]);
    expectFieldError(
      await h.call(path(b, 'list'), { status: 'asleep' }, owner.token),
      'status',
      'Status must be one of active, paused.',
    );
    expectFieldError(
      await h.call(path(b, 'list'), { trigger: 'rain' }, owner.token),
      'trigger',
      'Trigger must be one of missed_call, new_lead, customer_status, task_overdue, order_unconfirmed.',
    );
  });

  it('filters by created_at', async () => {
    const { owner, b, orders } = await businessWithActions();
    const result = await h.call(
      path(b, 'list'),
      { search: 'chase', created_at: { from: orders.created_at, to: orders.created_at } },
      owner.token,
    );
    expect(names(result)).toEqual(['Chase orders']);
  });
});

describe('action permissions', () => {
  it("refuses a member without actions/view: 'You do not have permission to view actions' on every read", async () => {
    const { b, quotes } = await businessWithActions();
    const bare = await h.signUp();
    await h.addMember(b, bare.user.id, []);
    for (const call of ['list', `get/${quotes._id}`]) {
      const result = await h.call(path(b, call), undefined, bare.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([VIEW_REFUSAL]);
    }
  });

  it("lets actions/view read but not write: 'You do not have permission to edit actions', and nothing changes", async () => {
    const { owner, b, quotes } = await businessWithActions();
    const viewer = await h.signUp();
    await h.addMember(b, viewer.user.id, ['actions/view']);
    expect((await h.call(path(b, 'list'), {}, viewer.token)).status).toBe(200);
    expect((await h.call(path(b, `get/${quotes._id}`), undefined, viewer.token)).body.data.action).toEqual(quotes);
    const attempts: [string, unknown][] = [
      ['create', { name: 'Sneaky', status: 'active', interval: '1 day' }],
      [`update/${quotes._id}`, { status: 'paused' }],
      [`delete/${quotes._id}`, undefined],
      [`restore/${quotes._id}`, undefined],
    ];
    for (const [call, body] of attempts) {
      const result = await h.call(path(b, call), body, viewer.token);
      expectFailureEnvelope(result, 403);
      expect(result.body.errors).toEqual([EDIT_REFUSAL]);
    }
    expect((await h.call(path(b, `get/${quotes._id}`), undefined, owner.token)).body.data.action).toEqual(quotes);
    expect((await h.call(path(b, 'list'), { search: 'sneaky' }, owner.token)).body.data.total).toBe(0);
  });

  it('lets actions/edit create, update, delete and restore', async () => {
    const { b, quotes } = await businessWithActions();
    const editor = await h.signUp();
    await h.addMember(b, editor.user.id, ['actions/edit']);
    expect(
      (await h.call(path(b, 'create'), { name: 'Thank buyers', status: 'active', interval: '1 day' }, editor.token))
        .status,
    ).toBe(200);
    expect((await h.call(path(b, `update/${quotes._id}`), { status: 'paused' }, editor.token)).status).toBe(200);
    expect((await h.call(path(b, `delete/${quotes._id}`), undefined, editor.token)).status).toBe(200);
    expect((await h.call(path(b, `restore/${quotes._id}`), undefined, editor.token)).status).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const { b } = await businessWithActions();
    expectFailureEnvelope(await h.call(path(b, 'list')), 401);
  });
});

describe('action tenant isolation', () => {
  it('another business gets 404 for every call on this business, and for this business’s actions in its own; nothing changes', async () => {
    const { owner, b, quotes, orders } = await businessWithActions();
    await h.call(path(b, `delete/${orders._id}`), undefined, owner.token);
    const other = await h.signUpWithBusiness();
    const ob = other.business._id;
    const calls: [string, string, unknown][] = [
      [b, 'list', {}],
      [b, 'create', { name: 'Sneaky', status: 'active', interval: '1 day' }],
      [b, `get/${quotes._id}`, undefined],
      [b, `update/${quotes._id}`, { status: 'paused' }],
      [b, `delete/${quotes._id}`, undefined],
      [b, `restore/${orders._id}`, undefined],
      [ob, `get/${quotes._id}`, undefined],
      [ob, `update/${quotes._id}`, { status: 'paused' }],
      [ob, `delete/${quotes._id}`, undefined],
      [ob, `restore/${orders._id}`, undefined],
    ];
    for (const [business, call, body] of calls) {
      const result = await h.call(path(business, call), body, other.token);
      expectFailureEnvelope(result, 404);
    }
    expect((await h.call(path(b, `get/${quotes._id}`), undefined, owner.token)).body.data.action).toEqual(quotes);
    expect((await h.call(path(b, `get/${orders._id}`), undefined, owner.token)).status).toBe(404);
    const theirs = await h.call(path(ob, 'list'), {}, other.token);
    expect(theirs.body.data.actions.every((action: ApiAction) => action.key !== null)).toBe(true);
    expect(
      h.events
        .filter((event) => event.channels.includes(`private-business.${b}`) && event.payload.id === quotes._id)
        .map((event) => event.event),
    ).toEqual(['ActionCreated']);
  });
});
