import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineLabel } from '#contract/labels';
import { runDueReminders } from '#api/services/scheduler';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { call, form, insertCustomer, sms } from '#tests/support/timeline-fixtures';

let h: Harness;
let owner: Awaited<ReturnType<Harness['signUpWithBusiness']>>;
let customerId: string;
/** Label → item id, in the order they were made (oldest first). */
const made: [string, string][] = [];

const hour = 3_600_000;

/** One item for every label of spec section 4, a minute apart, the newest last. */
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUpWithBusiness();
  const customer = await insertCustomer(h, owner.business._id, { firstName: 'Ann', lastName: 'Smith' });
  customerId = customer.id;
  const b = owner.business._id;
  const now = Date.now();
  const note = async (input: Record<string, unknown>) => {
    const result = await h.call(`businesses/notes/${b}/create`, input, owner.token);
    if (result.status !== 200) throw new Error(JSON.stringify(result.body));
    return result.body.data.note._id as string;
  };
  const steps: [string, () => Promise<string>][] = [
    ['Inbound', async () => (await call(h, b, { customerId }))._id],
    [
      'Outbound',
      async () => (await call(h, b, { direction: 'outbound', from: '+442071234567', to: '+447700900001' }))._id,
    ],
    ['Voicemail', async () => (await call(h, b, { status: 'voicemail' }))._id],
    ['Missed Call', async () => (await call(h, b, { status: 'missed_call', customerId }))._id],
    ['SMS', async () => (await sms(h, b, { customerId }))._id],
    ['SMS sent', async () => (await sms(h, b, { direction: 'outbound' }))._id],
    ['Form', async () => (await form(h, b))._id],
    ['Note to self', () => note({ body: 'About Ann', customer_id: customerId })],
    ['Note to Assistant', () => note({ body: 'We are closed on Sunday' })],
    ['Task (internal)', () => note({ body: 'Escalated', internal: true })],
    ['Task', () => note({ body: 'Later', reminder: new Date(now + 24 * hour).toISOString() })],
    ['Overdue Task', () => note({ body: 'Late', reminder: new Date(now - 24 * hour).toISOString() })],
    ['Complete Task', () => note({ body: 'Done', reminder: new Date(now - 24 * hour).toISOString(), completed: true })],
    [
      'Repeated Task',
      () =>
        note({
          body: 'Weekly',
          reminder: new Date(now + 24 * hour).toISOString(),
          repeat: { every: 'week', interval: 1 },
        }),
    ],
    [
      'Overdue Repeated Task',
      () =>
        note({
          body: 'Daily',
          reminder: new Date(now - 24 * hour).toISOString(),
          repeat: { every: 'day', interval: 1 },
        }),
    ],
    [
      'Complete Repeated Task',
      () =>
        note({
          body: 'Monthly',
          reminder: new Date(now + 24 * hour).toISOString(),
          repeat: { every: 'month', interval: 1 },
          completed: true,
          customer_id: customerId,
        }),
    ],
  ];
  for (const [index, [label, make]] of steps.entries()) {
    h.clock.offsetMs = (index - steps.length) * 60_000;
    made.push([label, await make()]);
  }
  h.clock.offsetMs = 0;
});
afterAll(() => h.close());

async function timeline(filters?: Record<string, unknown>, token = owner.token) {
  const result = await h.call(`businesses/timeline/${owner.business._id}/list`, filters, token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data as { timeline: any[]; total: number; page: number; limit: number };
}
const labelOf = (id: string) => made.find(([, itemId]) => itemId === id)?.[0];

describe('businesses/timeline/{business_id}/list', () => {
  it('merges calls, SMS, forms and notes, newest sort_at first', async () => {
    const data = await timeline();
    expect(data.total).toBe(made.length);
    expect(data.timeline.map((item) => labelOf(item._id))).toEqual(made.map(([label]) => label).reverse());
    const sortAts = data.timeline.map((item) => item.sort_at);
    expect([...sortAts].sort().reverse()).toEqual(sortAts);
  });

  it('gives every item the label of spec section 4 (contract/labels.ts)', async () => {
    const data = await timeline();
    const now = new Date();
    for (const item of data.timeline) {
      expect(timelineLabel(item, now), JSON.stringify(item)).toBe(labelOf(item._id)!.replace(' (internal)', ''));
    }
  });

  it('embeds the contact in each item, so a list needs no second call', async () => {
    const data = await timeline({ customer_id: customerId });
    expect(data.timeline.map((item) => labelOf(item._id))).toEqual([
      'Complete Repeated Task',
      'Note to self',
      'SMS',
      'Missed Call',
      'Inbound',
    ]);
    for (const item of data.timeline) expect(item.customer).toEqual({ _id: customerId, name: 'Ann Smith' });
  });

  it('filters by one type or several', async () => {
    expect((await timeline({ type: 'call' })).timeline.map((item) => labelOf(item._id))).toEqual([
      'Missed Call',
      'Voicemail',
      'Outbound',
      'Inbound',
    ]);
    const several = await timeline({ type: ['sms', 'form'] });
    expect(several.timeline.map((item) => labelOf(item._id))).toEqual(['Form', 'SMS sent', 'SMS']);
    expectFailureEnvelope(
      await h.call(`businesses/timeline/${owner.business._id}/list`, { type: 'fax' }, owner.token),
      422,
    );
  });

  it('takes the task filters and pages', async () => {
    const tasks = await timeline({ incomplete_tasks_only: true });
    expect(tasks.timeline.map((item) => labelOf(item._id))).toEqual([
      'Overdue Repeated Task',
      'Repeated Task',
      'Overdue Task',
      'Task',
      'Task (internal)',
    ]);
    const page = await timeline({ limit: 3, page: 1 });
    expect(page.timeline.map((item) => labelOf(item._id))).toEqual(
      made
        .map(([label]) => label)
        .reverse()
        .slice(3, 6),
    );
    expect(page.total).toBe(made.length);
  });

  it('shows a member only the types they may view, and refuses a type they may not', async () => {
    const member = await h.signUp();
    await h.addMember(owner.business._id, member.user.id, ['calls/view', 'forms/view']);
    const seen = await timeline({}, member.token);
    expect(seen.timeline.map((item) => item.type).sort()).toEqual(['call', 'call', 'call', 'call', 'form']);
    expect(seen.total).toBe(5);
    const refused = await h.call(`businesses/timeline/${owner.business._id}/list`, { type: 'note' }, member.token);
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual(['You do not have permission to view notes']);
    const smsRefused = await h.call(
      `businesses/timeline/${owner.business._id}/list`,
      { type: ['call', 'sms'] },
      member.token,
    );
    expect(smsRefused.body.errors).toEqual(['You do not have permission to view smses']);

    const bare = await h.signUp();
    await h.addMember(owner.business._id, bare.user.id, []);
    expect(await timeline({}, bare.token)).toMatchObject({ timeline: [], total: 0 });
  });

  it('brings a task to the top when it falls due (sort_at moves up to its reminder, never down)', async () => {
    const other = await h.signUpWithBusiness();
    h.clock.offsetMs = -30 * 60_000;
    const task = await h.call(
      `businesses/notes/${other.business._id}/create`,
      { body: 'Due soon', reminder: new Date(Date.now() - 60_000).toISOString() },
      other.token,
    );
    h.clock.offsetMs = -20 * 60_000;
    const laterCall = await call(h, other.business._id);
    h.clock.offsetMs = 0;
    const before = await h.call(`businesses/timeline/${other.business._id}/list`, {}, other.token);
    expect(before.body.data.timeline.map((item: { _id: string }) => item._id)).toEqual([
      laterCall._id,
      task.body.data.note._id,
    ]);
    await runDueReminders(h.deps, { businessIds: [other.business._id] });
    const after = await h.call(`businesses/timeline/${other.business._id}/list`, {}, other.token);
    expect(after.body.data.timeline.map((item: { _id: string }) => item._id)).toEqual([
      task.body.data.note._id,
      laterCall._id,
    ]);
    expect(after.body.data.timeline[0].sort_at).toBe(task.body.data.note.reminder);
  });
});
