import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueReminders } from '#api/services/scheduler';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope, expectFieldError } from '#tests/support/expect-envelope';
import { insertCustomer, minutesFromNow } from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Account = Awaited<ReturnType<Harness['signUp']>>;

/** A business with a due task for a contact, and its members' notifications made. */
async function dueTask(input: Record<string, unknown> = {}) {
  const owner = await h.signUpWithBusiness();
  const customer = await insertCustomer(h, owner.business._id, { firstName: 'Carla', lastName: 'Diaz' });
  const created = await h.call(
    `businesses/notes/${owner.business._id}/create`,
    { body: 'Ring Carla about the quote', customer_id: customer.id, reminder: minutesFromNow(h, -1), ...input },
    owner.token,
  );
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  return { owner, customer, task: created.body.data.note };
}

const tick = (businessId: string) => runDueReminders(h.deps, { businessIds: [businessId] });

async function open(account: Pick<Account, 'token'>, businessId: string, body?: unknown) {
  const result = await h.call(`businesses/notifications/${businessId}/list-not-dismissed`, body, account.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.notifications as any[];
}

describe('businesses/notifications/{business_id}/list-not-dismissed', () => {
  it("answers the caller's open notifications as data.notifications, in the notification shape", async () => {
    const { owner, customer, task } = await dueTask();
    const mark = h.events.length;
    await tick(owner.business._id);
    const list = await open(owner, owner.business._id);
    expect(list).toEqual([
      {
        _id: expect.any(String),
        notification_id: list[0]._id,
        kind: 'task_due',
        title: 'Task due',
        body: 'Ring Carla about the quote',
        related_entities: { customer: { _id: customer.id, name: 'Carla Diaz' } },
        dismissed_at: null,
        read_at: null,
        internal_link: `/dashboard/notes/${task._id}`,
        created_at: expect.stringMatching(ISO),
      },
    ]);
    const published = h.events.slice(mark).filter((event) => event.event === 'NotificationCreated');
    expect(published).toEqual([
      { channels: [`private-user.${owner.user.id}`], event: 'NotificationCreated', payload: { id: list[0]._id } },
    ]);
  });

  it('gives each member with notes/view their own notification, and none to members who may not view notes', async () => {
    const { owner, task } = await dueTask({ repeat: { every: 'day', interval: 1 } });
    const colleague = await h.signUp();
    await h.addMember(owner.business._id, colleague.user.id, ['notes/view']);
    const admin = await h.signUp();
    await h.addMember(owner.business._id, admin.user.id, ['admin']);
    const stranger = await h.signUp();
    await h.addMember(owner.business._id, stranger.user.id, ['calls/view']);
    await tick(owner.business._id);
    for (const account of [owner, colleague, admin]) {
      const list = await open(account, owner.business._id);
      expect(list.map((n) => [n.title, n.internal_link])).toEqual([
        ['Repeated task due', `/dashboard/notes/${task._id}`],
      ]);
    }
    expect(await open(stranger, owner.business._id)).toEqual([]);
    const ids = new Set(
      [...(await open(owner, owner.business._id)), ...(await open(colleague, owner.business._id))].map((n) => n._id),
    );
    expect(ids.size).toBe(2);
  });

  it('notifies only the assignee of an assigned task', async () => {
    const owner = await h.signUpWithBusiness();
    const assignee = await h.signUp();
    await h.addMember(owner.business._id, assignee.user.id, ['notes/view']);
    await h.call(
      `businesses/notes/${owner.business._id}/create`,
      { body: 'Yours', reminder: minutesFromNow(h, -1), assigned_to: assignee.user.id },
      owner.token,
    );
    await tick(owner.business._id);
    expect((await open(assignee, owner.business._id)).map((n) => n.body)).toEqual(['Yours']);
    expect(await open(owner, owner.business._id)).toEqual([]);
  });

  it('lists newest first and pages', async () => {
    const owner = await h.signUpWithBusiness();
    for (const [index, body] of ['first', 'second', 'third'].entries()) {
      await h.call(
        `businesses/notes/${owner.business._id}/create`,
        { body, reminder: minutesFromNow(h, -10 + index) },
        owner.token,
      );
      h.clock.offsetMs = index * 1000;
      await tick(owner.business._id);
    }
    h.clock.offsetMs = 0;
    expect((await open(owner, owner.business._id)).map((n) => n.body)).toEqual(['third', 'second', 'first']);
    const page = await h.call(
      `businesses/notifications/${owner.business._id}/list-not-dismissed`,
      { page: 1, limit: 2 },
      owner.token,
    );
    expect(page.body.data.notifications.map((n: { body: string }) => n.body)).toEqual(['first']);
    expect(page.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
  });

  it('leaves out notifications about a deleted task, and shows them again when it is restored', async () => {
    const { owner, task } = await dueTask();
    await tick(owner.business._id);
    expect(await open(owner, owner.business._id)).toHaveLength(1);
    await h.call(`businesses/notes/${owner.business._id}/delete/${task._id}`, undefined, owner.token);
    expect(await open(owner, owner.business._id)).toEqual([]);
    await h.call(`businesses/notes/${owner.business._id}/restore/${task._id}`, undefined, owner.token);
    expect(await open(owner, owner.business._id)).toHaveLength(1);
  });

  it('answers 404 outside the business and 401 without a token', async () => {
    const { owner } = await dueTask();
    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(
      await h.call(`businesses/notifications/${owner.business._id}/list-not-dismissed`, undefined, outsider.token),
      404,
    );
    expectFailureEnvelope(await h.call(`businesses/notifications/${owner.business._id}/list-not-dismissed`), 401);
    expect(await open(outsider, outsider.business._id)).toEqual([]);
  });
});

describe('businesses/notifications/{business_id}/update/{notification_id}', () => {
  it('dismisses with dismissed_at (the list then leaves it out), and null brings it back', async () => {
    const { owner } = await dueTask();
    await tick(owner.business._id);
    const [notification] = await open(owner, owner.business._id);
    const when = new Date().toISOString();
    const mark = h.events.length;
    const dismissed = await h.call(
      `businesses/notifications/${owner.business._id}/update/${notification._id}`,
      { dismissed_at: when },
      owner.token,
    );
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect(dismissed.body.data.notification).toEqual({ ...notification, dismissed_at: when });
    expect(await open(owner, owner.business._id)).toEqual([]);
    expect(h.events.slice(mark)).toEqual([
      { channels: [`private-user.${owner.user.id}`], event: 'NotificationUpdated', payload: { id: notification._id } },
    ]);

    const back = await h.call(
      `businesses/notifications/${owner.business._id}/update/${notification._id}`,
      { dismissed_at: null },
      owner.token,
    );
    expect(back.body.data.notification).toEqual(notification);
    expect(await open(owner, owner.business._id)).toEqual([notification]);
  });

  it("dismissing one member's notification leaves the others' open", async () => {
    const { owner } = await dueTask();
    const colleague = await h.signUp();
    await h.addMember(owner.business._id, colleague.user.id, ['notes/view']);
    await tick(owner.business._id);
    const [mine] = await open(owner, owner.business._id);
    await h.call(
      `businesses/notifications/${owner.business._id}/update/${mine._id}`,
      { dismissed_at: new Date().toISOString() },
      owner.token,
    );
    expect(await open(colleague, owner.business._id)).toHaveLength(1);
  });

  it("answers 404 for another member's notification, through another business, or an unknown id; 401 without a token", async () => {
    const { owner } = await dueTask();
    const colleague = await h.signUp();
    await h.addMember(owner.business._id, colleague.user.id, ['notes/view']);
    await tick(owner.business._id);
    const [mine] = await open(owner, owner.business._id);
    const body = { dismissed_at: new Date().toISOString() };
    expectFailureEnvelope(
      await h.call(`businesses/notifications/${owner.business._id}/update/${mine._id}`, body, colleague.token),
      404,
    );
    const outsider = await h.signUpWithBusiness();
    expectFailureEnvelope(
      await h.call(`businesses/notifications/${owner.business._id}/update/${mine._id}`, body, outsider.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/notifications/${outsider.business._id}/update/${mine._id}`, body, outsider.token),
      404,
    );
    expectFailureEnvelope(
      await h.call(`businesses/notifications/${owner.business._id}/update/no-such-id`, body, owner.token),
      404,
    );
    expectFailureEnvelope(await h.call(`businesses/notifications/${owner.business._id}/update/${mine._id}`, body), 401);
    expect(await open(owner, owner.business._id)).toEqual([mine]);
  });

  it('validates dismissed_at: required, and a date-time or null', async () => {
    const { owner } = await dueTask();
    await tick(owner.business._id);
    const [mine] = await open(owner, owner.business._id);
    const path = `businesses/notifications/${owner.business._id}/update/${mine._id}`;
    expectFieldError(await h.call(path, {}, owner.token), 'dismissed_at', 'This field is required.');
    expectFieldError(await h.call(path, { dismissed_at: 'now' }, owner.token), 'dismissed_at', 'Date is not valid.');
    expect(await open(owner, owner.business._id)).toEqual([mine]);
  });

  it('is the only way to change a notification: there is no create call', async () => {
    const owner = await h.signUpWithBusiness();
    const result = await h.call(
      `businesses/notifications/${owner.business._id}/create`,
      { title: 'Fake' },
      owner.token,
    );
    expectFailureEnvelope(result, 404);
    expect(result.body.errors).toEqual(['There is no such API call.']);
  });
});
