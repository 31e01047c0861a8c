import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { insertCustomer } from '#tests/support/timeline-fixtures';

let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
const ids: Record<string, string> = {};
let anchor: number;

const at = (minutes: number) => new Date(anchor + minutes * 60_000).toISOString();

/**
 * Five notes made 10 minutes apart (oldest first): a plain note and a task for contact A,
 * an overdue task for contact B, a completed task, and an internal note.
 */
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUpWithBusiness();
  anchor = Date.now();
  const a = await insertCustomer(h, owner.business._id, { firstName: 'Alice' });
  const b = await insertCustomer(h, owner.business._id, { firstName: 'Bob' });
  ids.customerA = a.id;
  ids.customerB = b.id;
  const notes: [string, number, Record<string, unknown>][] = [
    ['n1', -50, { body: 'Plain note', customer_id: a.id }],
    ['t1', -40, { body: 'Task tomorrow', customer_id: a.id, reminder: at(24 * 60) }],
    ['t2', -30, { body: 'Overdue task', customer_id: b.id, reminder: at(-60) }],
    ['t3', -20, { body: 'Done task', reminder: at(48 * 60), completed: true }],
    ['n2', -10, { body: 'Internal note', internal: true }],
  ];
  for (const [key, minutes, input] of notes) {
    h.clock.offsetMs = minutes * 60_000;
    const result = await h.call(`businesses/notes/${owner.business._id}/create`, input, owner.token);
    if (result.status !== 200) throw new Error(JSON.stringify(result.body));
    ids[key] = result.body.data.note._id;
  }
  h.clock.offsetMs = 0;
});
afterAll(() => h.close());

async function list(filters?: Record<string, unknown>) {
  const result = await h.call(`businesses/notes/${owner.business._id}/list`, filters, owner.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data as { notes: { _id: string }[]; total: number; page: number; limit: number };
}
const names = (data: { notes: { _id: string }[] }) =>
  data.notes.map((note) => Object.keys(ids).find((key) => ids[key] === note._id));

describe('businesses/notes/{business_id}/list', () => {
  it('sorts by sort_at, newest first, by default (also with no body at all)', async () => {
    const data = await list();
    expect(names(data)).toEqual(['n2', 't3', 't2', 't1', 'n1']);
    expect(data).toMatchObject({ total: 5, page: 0, limit: 50 });
    expect(names(await list({}))).toEqual(['n2', 't3', 't2', 't1', 'n1']);
  });

  it('sorts by sort_order and an allowed sort_by; an unknown sort_by falls back to sort_at', async () => {
    expect(names(await list({ sort_order: 'asc' }))).toEqual(['n1', 't1', 't2', 't3', 'n2']);
    expect(names(await list({ sort_by: 'created_at', sort_order: 'desc' }))).toEqual(['n2', 't3', 't2', 't1', 'n1']);
    expect(names(await list({ sort_by: 'reminder', sort_order: 'asc' })).slice(0, 3)).toEqual(['t2', 't1', 't3']);
    expect(names(await list({ sort_by: 'reminder', sort_order: 'desc' })).slice(0, 3)).toEqual(['t3', 't1', 't2']);
    expect(names(await list({ sort_by: 'password_hash' }))).toEqual(['n2', 't3', 't2', 't1', 'n1']);
  });

  it('pages from 0 with limit, and total counts every match', async () => {
    const first = await list({ page: 0, limit: 2 });
    expect(names(first)).toEqual(['n2', 't3']);
    expect(first).toMatchObject({ total: 5, page: 0, limit: 2 });
    expect(names(await list({ page: 1, limit: 2 }))).toEqual(['t2', 't1']);
    expect(names(await list({ page: 2, limit: 2 }))).toEqual(['n1']);
    expect(names(await list({ page: 3, limit: 2 }))).toEqual([]);
  });

  it('filters by the created_at range', async () => {
    expect(names(await list({ created_at: { from: at(-35), to: at(-15) } }))).toEqual(['t3', 't2']);
    expect(names(await list({ created_at: { from: at(-15) } }))).toEqual(['n2']);
    expect(names(await list({ created_at: { to: at(-45) } }))).toEqual(['n1']);
  });

  it('filters by the reminder range', async () => {
    expect(names(await list({ reminder: { from: at(0), to: at(36 * 60) } }))).toEqual(['t1']);
    expect(names(await list({ reminder: { to: at(0) } }))).toEqual(['t2']);
  });

  it('tasks_only keeps tasks (a reminder, or internal); incomplete_tasks_only also drops completed ones', async () => {
    expect(names(await list({ tasks_only: true }))).toEqual(['n2', 't3', 't2', 't1']);
    expect(names(await list({ incomplete_tasks_only: true }))).toEqual(['n2', 't2', 't1']);
    const data = await list({ tasks_only: true, incomplete_tasks_only: true, limit: 1 });
    expect(data.total).toBe(3);
  });

  it('reads a filter spelled as a query string would: "false" is false, "true" is true, anything else is refused', async () => {
    expect(names(await list({ incomplete_tasks_only: 'false' }))).toEqual(['n2', 't3', 't2', 't1', 'n1']);
    expect(names(await list({ tasks_only: 'true', incomplete_tasks_only: '0' }))).toEqual(['n2', 't3', 't2', 't1']);
    expectFailureEnvelope(
      await h.call(`businesses/notes/${owner.business._id}/list`, { tasks_only: 'maybe' }, owner.token),
      422,
    );
  });

  it('filters by customer_id, alone and with the task filters', async () => {
    expect(names(await list({ customer_id: ids.customerA }))).toEqual(['t1', 'n1']);
    expect(names(await list({ customer_id: ids.customerB, tasks_only: true }))).toEqual(['t2']);
    expect(names(await list({ customer_id: 'someone-else' }))).toEqual([]);
  });

  it('refuses filters out of range with 422', async () => {
    for (const filters of [
      { limit: 0 },
      { limit: 501 },
      { page: -1 },
      { sort_order: 'sideways' },
      { created_at: { from: 'yesterday' } },
      { reminder: { to: 'soon' } },
    ]) {
      expectFailureEnvelope(await h.call(`businesses/notes/${owner.business._id}/list`, filters, owner.token), 422);
    }
  });
});
