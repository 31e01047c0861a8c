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

async function notified() {
  const owner = await h.signUpWithBusiness();
  const customer = await insertCustomer(h, owner.business._id, { firstName: 'Rita', lastName: 'Okafor' });
  const created = await h.call(
    `businesses/notes/${owner.business._id}/create`,
    { body: 'Call Rita back', customer_id: customer.id, reminder: minutesFromNow(h, -1) },
    owner.token,
  );
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  await runDueReminders(h.deps, { businessIds: [owner.business._id] });
  const list = await h.call(
    `businesses/notifications/${owner.business._id}/list-not-dismissed`,
    undefined,
    owner.token,
  );
  return { owner, list: list.body.data as { notifications: any[]; total: number; unread: number } };
}

describe('notifications are marked read when opened', () => {
  it('a new notification is unread: read_at is null and the list counts it as unread', async () => {
    const { list } = await notified();
    expect(list.notifications[0].read_at).toBeNull();
    expect(list.unread).toBe(1);
  });

  it('update { read_at } marks it read: it stays in the list (not dismissed) and is no longer counted unread', async () => {
    const { owner, list } = await notified();
    const [notification] = list.notifications;
    const when = new Date().toISOString();
    const mark = h.events.length;
    const path = `businesses/notifications/${owner.business._id}/update/${notification._id}`;
    const read = await h.call(path, { read_at: when }, owner.token);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.notification).toEqual({ ...notification, read_at: when });
    expect(h.events.slice(mark).map((event) => event.event)).toEqual(['NotificationUpdated']);
    const after = await h.call(
      `businesses/notifications/${owner.business._id}/list-not-dismissed`,
      undefined,
      owner.token,
    );
    expect(after.body.data.notifications).toEqual([{ ...notification, read_at: when }]);
    expect(after.body.data.unread).toBe(0);
    expect(after.body.data.total).toBe(1);
  });

  it('reading again keeps the first time it was opened; dismissing still works alone, as before', async () => {
    const { owner, list } = await notified();
    const path = `businesses/notifications/${owner.business._id}/update/${list.notifications[0]._id}`;
    const first = '2026-01-02T03:04:05.000Z';
    await h.call(path, { read_at: first }, owner.token);
    const again = await h.call(path, { read_at: new Date().toISOString() }, owner.token);
    expect(again.body.data.notification.read_at).toBe(first);
    const dismissed = await h.call(path, { dismissed_at: new Date().toISOString() }, owner.token);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.notification.read_at).toBe(first);
  });

  it('total and unread count every open notification, on a page that holds them all, a first page and a later one', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    for (const [index, body] of ['first', 'second', 'third'].entries()) {
      await h.call(`businesses/notes/${b}/create`, { body, reminder: minutesFromNow(h, -10 + index) }, owner.token);
    }
    await runDueReminders(h.deps, { businessIds: [b] });
    const list = (body?: unknown) => h.call(`businesses/notifications/${b}/list-not-dismissed`, body, owner.token);
    const [newest] = (await list()).body.data.notifications;
    await h.call(
      `businesses/notifications/${b}/update/${newest._id}`,
      { read_at: new Date().toISOString() },
      owner.token,
    );
    for (const body of [undefined, { limit: 3 }, { limit: 2 }, { limit: 2, page: 1 }, { limit: 1, page: 5 }]) {
      const answer = (await list(body)).body.data;
      expect({ total: answer.total, unread: answer.unread }, JSON.stringify(body)).toEqual({ total: 3, unread: 2 });
    }
  });

  it('read_at null marks it unread again', async () => {
    const { owner, list } = await notified();
    const path = `businesses/notifications/${owner.business._id}/update/${list.notifications[0]._id}`;
    await h.call(path, { read_at: new Date().toISOString() }, owner.token);
    const unread = await h.call(path, { read_at: null }, owner.token);
    expect(unread.body.data.notification.read_at).toBeNull();
  });

  it('validates read_at as a date-time, and another member cannot mark the notification read', async () => {
    const { owner, list } = await notified();
    const path = `businesses/notifications/${owner.business._id}/update/${list.notifications[0]._id}`;
    expectFieldError(await h.call(path, { read_at: 'yesterday' }, owner.token), 'read_at', 'Date is not valid.');
    expectFieldError(await h.call(path, {}, owner.token), 'dismissed_at', 'This field is required.');
    const colleague = await h.signUp();
    await h.addMember(owner.business._id, colleague.user.id, ['notes/view']);
    expectFailureEnvelope(await h.call(path, { read_at: new Date().toISOString() }, colleague.token), 404);
    const after = await h.call(
      `businesses/notifications/${owner.business._id}/list-not-dismissed`,
      undefined,
      owner.token,
    );
    expect(after.body.data.notifications[0].read_at).toBeNull();
  });
});
