import { eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDeps } from '#api/deps';
import { pushDeliveries } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { notifyMembers } from '#api/features/notifications/notify-members';
import { PUSH_BACKOFF_MS, runPushDeliveries } from '#api/services/push/deliveries';
import { runDueReminders } from '#api/services/scheduler';
import { createNote } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createOneSignalMock } from '#tests/support/onesignal-mock';
import { insertCustomer, minutesFromNow } from '#tests/support/timeline-fixtures';

const onesignal = createOneSignalMock();
const server = setupServer(onesignal.handler);
const logs: Parameters<NonNullable<ApiDeps['log']>>[0][] = [];
let h: Harness;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ push: { appId: 'app-123', apiKey: 'os_v2_app_key' }, log: (line) => logs.push(line) });
});
afterEach(() => {
  onesignal.reset();
  h.clock.offsetMs = 0;
});
afterAll(async () => {
  server.close();
  await h.close();
});

const deliveriesOf = (notificationId: string) =>
  h.database.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, notificationId));

async function missedCall(
  businessId: string,
  customerId: string | null,
  body = 'Wants a quote for a new boiler, please call back before Friday.',
) {
  const created = await notifyMembers(h.deps, {
    businessId,
    event: 'missed_call',
    permission: 'calls/view',
    title: 'Missed call',
    body,
    customerId,
    internalLink: '/dashboard/calls/call-1',
    sourceId: newId(),
  });
  expect(created).toHaveLength(1);
  return created[0];
}

describe('push through OneSignal', () => {
  it('a member notification is queued and sent with the exact OneSignal request', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const customer = await insertCustomer(h, b, { firstName: 'Ada', lastName: 'Lovelace' });
    const notification = await missedCall(b, customer.id);
    expect(await deliveriesOf(notification.id)).toMatchObject([
      { status: 'pending', attempts: 0, userId: owner.user.id },
    ]);

    const tick = await runPushDeliveries(h.deps, { businessIds: [b] });
    expect(tick).toMatchObject({ sent: 1, retried: 0, failed: 0 });
    expect(onesignal.requests).toHaveLength(1);
    const [request] = onesignal.requests;
    expect(request.url).toBe('https://api.onesignal.com/notifications');
    expect(request.authorization).toBe('Key os_v2_app_key');
    expect(request.contentType).toBe('application/json');
    expect(request.body).toEqual({
      app_id: 'app-123',
      target_channel: 'push',
      include_aliases: { external_id: [owner.user.id] },
      headings: { en: 'Missed call' },
      contents: { en: 'Ada Lovelace: Wants a quote for a new boiler, please call back before Friday.' },
      data: { internal_link: '/dashboard/calls/call-1' },
      web_url: 'http://app.test/dashboard/calls/call-1',
    });
    const [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(row.providerId).toMatch(/^os-/);

    // Sent once: the next tick finds nothing.
    expect((await runPushDeliveries(h.deps, { businessIds: [b] })).claimed).toEqual([]);
    expect(onesignal.requests).toHaveLength(1);
  });

  it('task reminders from the scheduler are pushed too, each member their own', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['notes/view']);
    const task = await createNote(h.deps, b, { body: 'Call the supplier', reminder: minutesFromNow(h, -1) });
    await runDueReminders(h.deps, { businessIds: [b] });
    await runPushDeliveries(h.deps, { businessIds: [b] });
    const targets = onesignal.requests.map((request) => request.body.include_aliases.external_id[0]).sort();
    expect(targets).toEqual([owner.user.id, member.user.id].sort());
    expect(onesignal.requests[0].body).toMatchObject({
      headings: { en: 'Task due' },
      contents: { en: 'Call the supplier' },
      data: { internal_link: `/dashboard/notes/${task._id}` },
      web_url: `http://app.test/dashboard/notes/${task._id}`,
    });
  });

  it('two loops running at once send each push exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const created = [];
    for (let index = 0; index < 6; index += 1) created.push(await missedCall(b, null));
    const [first, second] = await Promise.all([
      runPushDeliveries(h.deps, { businessIds: [b], batchSize: 4 }),
      runPushDeliveries(h.deps, { businessIds: [b], batchSize: 4 }),
    ]);
    const claimed = [...first.claimed, ...second.claimed];
    expect(new Set(claimed).size).toBe(claimed.length);
    await runPushDeliveries(h.deps, { businessIds: [b] });
    expect(onesignal.requests).toHaveLength(6);
    const rows = await Promise.all(created.map((notification) => deliveriesOf(notification.id)));
    expect(rows.flat().map((row) => [row.status, row.attempts])).toEqual(created.map(() => ['sent', 1]));
  });

  it('a 500 is retried after the backoff, then succeeds', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const notification = await missedCall(b, null);
    onesignal.failNext({ status: 500, body: { errors: ['Internal Server Error'] } });

    expect(await runPushDeliveries(h.deps, { businessIds: [b] })).toMatchObject({ sent: 0, retried: 1 });
    let [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('500');
    expect(row.nextAttemptAt!.getTime() - h.clock.now().getTime()).toBeGreaterThan(PUSH_BACKOFF_MS[0] - 5_000);
    expect(
      logs.some(
        (line) => line.level === 'warn' && line.msg === 'push failed, will retry' && line.delivery_id === row.id,
      ),
    ).toBe(true);

    // Not before its time.
    expect((await runPushDeliveries(h.deps, { businessIds: [b] })).claimed).toEqual([]);
    expect(onesignal.requests).toHaveLength(1);

    h.clock.offsetMs = PUSH_BACKOFF_MS[0] + 1_000;
    expect(await runPushDeliveries(h.deps, { businessIds: [b] })).toMatchObject({ sent: 1 });
    [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(onesignal.requests).toHaveLength(2);
    expect(onesignal.requests[1].body).toEqual(onesignal.requests[0].body);
  });

  it('gives up after 5 attempts with growing waits: recorded as failed and logged', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const notification = await missedCall(b, null);
    onesignal.failNext({ status: 500 }, { status: 502 }, { status: 503 }, 'network', {
      status: 500,
      body: { errors: ['still down'] },
    });

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const tick = await runPushDeliveries(h.deps, { businessIds: [b] });
      expect(tick.claimed).toHaveLength(1);
      const [row] = await deliveriesOf(notification.id);
      expect(row.attempts).toBe(attempt);
      if (attempt < 5) {
        expect(row.status).toBe('pending');
        const wait = row.nextAttemptAt!.getTime() - h.clock.now().getTime();
        waits.push(Math.round(wait / 60_000));
        h.clock.offsetMs += wait + 1_000;
      }
    }
    expect(waits).toEqual([1, 5, 30, 120]);
    const [row] = await deliveriesOf(notification.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null });
    expect(row.lastError).toContain('still down');
    expect(
      logs.some(
        (line) => line.level === 'error' && line.msg === 'push failed, giving up' && line.delivery_id === row.id,
      ),
    ).toBe(true);
    expect(onesignal.requests).toHaveLength(5);

    h.clock.offsetMs += 24 * 3600_000;
    expect((await runPushDeliveries(h.deps, { businessIds: [b] })).claimed).toEqual([]);
  });

  it('a 400 is not retried; a member without a subscribed device is recorded as skipped', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const refused = await missedCall(b, null);
    onesignal.failNext({ status: 400, body: { errors: ['app_id not found'] } });
    expect(await runPushDeliveries(h.deps, { businessIds: [b] })).toMatchObject({ failed: 1 });
    expect((await deliveriesOf(refused.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'OneSignal answered 400: app_id not found',
    });

    const unreachable = await missedCall(b, null);
    onesignal.failNext({ status: 200, body: { id: '', errors: ['All included players are not subscribed'] } });
    expect(await runPushDeliveries(h.deps, { businessIds: [b] })).toMatchObject({ skipped: 1 });
    expect((await deliveriesOf(unreachable.id))[0]).toMatchObject({
      status: 'skipped',
      lastError: 'All included players are not subscribed',
    });
  });
});
