import { eq, inArray } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pushDeliveries, timelineItems } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { notifyMembers } from '#api/features/notifications/notify-members';
import { runPushDeliveries } from '#api/services/push/deliveries';
import { inQuietHours, minutesInTimezone } from '#api/services/push/quiet-hours';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createOneSignalMock } from '#tests/support/onesignal-mock';
import { insertCustomer } from '#tests/support/timeline-fixtures';

const onesignal = createOneSignalMock();
const server = setupServer(onesignal.handler);
let h: Harness;
let off: Harness;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  h = await createHarness({ push: { appId: 'app-123', apiKey: 'key-abc' } });
  off = await createHarness();
});
afterEach(() => onesignal.reset());
afterAll(async () => {
  server.close();
  await h.close();
  await off.close();
});

const settings = (businessId: string) => `businesses/settings/${businessId}/set`;
const hhmm = (minutes: number) => {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/** Quiet hours from an hour ago to an hour from now, in the business's timezone. */
async function quietNow(harness: Harness, businessId: string, token: string, urgentOverride = true) {
  const timezone =
    (await harness.call(`businesses/settings/${businessId}/get`, undefined, token)).body.data.business_settings
      .timezone ?? 'UTC';
  const now = minutesInTimezone(harness.clock.now(), timezone);
  const saved = await harness.call(
    settings(businessId),
    {
      notifications: {
        quiet_hours: { enabled: true, start: hhmm(now - 60), end: hhmm(now + 60), urgent_override: urgentOverride },
      },
    },
    token,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

async function inboundCalls(harness: Harness, businessId: string, customerId: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await harness.database.db.insert(timelineItems).values({
      id: newId(),
      businessId,
      type: 'call',
      direction: 'inbound',
      status: 'missed_call',
      from: '+447700900123',
      customerId,
      createdAt: new Date(harness.clock.now().getTime() - (index + 1) * 60_000),
    });
  }
}

const notify = (
  harness: Harness,
  businessId: string,
  event: 'missed_call' | 'new_sms' | 'voicemail',
  customerId: string | null = null,
) =>
  notifyMembers(harness.deps, {
    businessId,
    event,
    permission: event === 'new_sms' ? 'smses/view' : 'calls/view',
    title: event === 'new_sms' ? 'New SMS' : 'Missed call',
    body: 'Hello',
    customerId,
    internalLink: '/dashboard/calls/x',
    sourceId: newId(),
  });

const deliveriesFor = (harness: Harness, ids: string[]) =>
  ids.length
    ? harness.database.db.select().from(pushDeliveries).where(inArray(pushDeliveries.notificationId, ids))
    : Promise.resolve([]);

describe("push follows the member's preferences", () => {
  it('an event switched off creates no notification and sends nothing', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await h.call(settings(b), { notifications: { events: { new_sms: false } } }, owner.token);
    expect(await notify(h, b, 'new_sms')).toEqual([]);
    expect(await runPushDeliveries(h.deps, { businessIds: [b] })).toMatchObject({ claimed: [] });
    expect(onesignal.requests).toEqual([]);
  });

  it('during quiet hours the push is held and recorded as skipped; outside them it is sent', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await quietNow(h, b, owner.token);
    const held = await notify(h, b, 'new_sms');
    expect(held).toHaveLength(1);
    expect(await deliveriesFor(h, [held[0].id])).toMatchObject([
      { status: 'skipped', lastError: 'quiet hours', attempts: 0 },
    ]);
    await runPushDeliveries(h.deps, { businessIds: [b] });
    expect(onesignal.requests).toEqual([]);
    // The notification itself is still there, in the app.
    expect(await h.database.db.select().from(notifications).where(eq(notifications.id, held[0].id))).toHaveLength(1);

    await h.call(settings(b), { notifications: { quiet_hours: { enabled: false } } }, owner.token);
    const later = await notify(h, b, 'new_sms');
    await runPushDeliveries(h.deps, { businessIds: [b] });
    expect(onesignal.requests).toHaveLength(1);
    expect((await deliveriesFor(h, [later[0].id]))[0].status).toBe('sent');
  });

  it('an urgent caller (missed call or voicemail, 2+ calls in 15 minutes) overrides quiet hours', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await quietNow(h, b, owner.token);
    const persistent = await insertCustomer(h, b, { firstName: 'Urgent', lastName: 'Caller' });
    const once = await insertCustomer(h, b, { firstName: 'Calm', lastName: 'Caller' });
    await inboundCalls(h, b, persistent.id, 2);
    await inboundCalls(h, b, once.id, 1);

    const urgent = await notify(h, b, 'missed_call', persistent.id);
    const calm = await notify(h, b, 'missed_call', once.id);
    const sms = await notify(h, b, 'new_sms', persistent.id);
    const rows = await deliveriesFor(h, [urgent[0].id, calm[0].id, sms[0].id]);
    const status = (id: string) => rows.find((row) => row.notificationId === id)?.status;
    expect(status(urgent[0].id)).toBe('pending');
    expect(status(calm[0].id)).toBe('skipped');
    expect(status(sms[0].id)).toBe('skipped');
    await runPushDeliveries(h.deps, { businessIds: [b] });
    expect(onesignal.requests).toHaveLength(1);
    expect(onesignal.requests[0].body.contents).toEqual({ en: 'Urgent Caller: Hello' });
  });

  it('with urgent_override off even urgent callers wait', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    await quietNow(h, b, owner.token, false);
    const persistent = await insertCustomer(h, b);
    await inboundCalls(h, b, persistent.id, 3);
    const held = await notify(h, b, 'voicemail', persistent.id);
    expect((await deliveriesFor(h, [held[0].id]))[0].status).toBe('skipped');
  });

  it('nothing is queued or sent when OneSignal is not configured', async () => {
    const owner = await off.signUpWithBusiness();
    const b = owner.business._id;
    const created = await notify(off, b, 'missed_call');
    expect(created).toHaveLength(1);
    expect(await deliveriesFor(off, [created[0].id])).toEqual([]);
    expect(await runPushDeliveries(off.deps, { businessIds: [b] })).toMatchObject({ claimed: [] });
    expect(onesignal.requests).toEqual([]);
  });
});

describe('quiet hours window', () => {
  const at = (iso: string) => new Date(iso);
  const quiet = { enabled: true, start: '21:00', end: '07:00', urgent_override: true };
  it('wraps midnight, reads the business timezone, and is off when disabled or empty', () => {
    expect(inQuietHours(quiet, at('2026-01-10T22:30:00Z'), 'UTC')).toBe(true);
    expect(inQuietHours(quiet, at('2026-01-10T06:59:00Z'), 'UTC')).toBe(true);
    expect(inQuietHours(quiet, at('2026-01-10T07:00:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours(quiet, at('2026-01-10T12:00:00Z'), 'UTC')).toBe(false);
    // 20:30 UTC is 21:30 in Paris (winter).
    expect(inQuietHours(quiet, at('2026-01-10T20:30:00Z'), 'Europe/Paris')).toBe(true);
    expect(inQuietHours({ ...quiet, enabled: false }, at('2026-01-10T22:30:00Z'), 'UTC')).toBe(false);
    expect(inQuietHours({ ...quiet, start: '09:00', end: '17:00' }, at('2026-01-10T12:00:00Z'), 'UTC')).toBe(true);
    expect(inQuietHours({ ...quiet, start: '09:00', end: '09:00' }, at('2026-01-10T09:00:00Z'), 'UTC')).toBe(false);
  });
});
