import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#contract/schemas/business-settings';
import { runDueReminders } from '#api/services/scheduler';
import { createNote } from '#api/features/timeline/service';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFailureEnvelope } from '#tests/support/expect-envelope';
import { minutesFromNow, notificationsOf } from '#tests/support/timeline-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const settings = (businessId: string, action: 'get' | 'set') => `businesses/settings/${businessId}/${action}`;

describe("businesses/settings notifications: the caller's own preferences", () => {
  it("get answers the defaults; any member sets their own, and it is not the other members'", async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['customers/view']);

    const initial = await h.call(settings(b, 'get'), undefined, member.token);
    expect(initial.body.data.business_settings.notifications).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    const mark = h.events.length;
    const saved = await h.call(
      settings(b, 'set'),
      { notifications: { events: { task_due: false }, quiet_hours: { enabled: true, start: '22:00' } } },
      member.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.messages).toEqual(['Settings saved.']);
    expect(saved.body.data.business_settings.notifications).toEqual({
      events: { ...DEFAULT_NOTIFICATION_PREFERENCES.events, task_due: false },
      quiet_hours: { enabled: true, start: '22:00', end: '07:00', urgent_override: true },
      daily_summary: DEFAULT_NOTIFICATION_PREFERENCES.daily_summary,
    });
    expect(
      h.events
        .slice(mark)
        .some((e) => e.event === 'UserUpdated' && e.channels.includes(`private-user.${member.user.id}`)),
    ).toBe(true);

    // Keys not sent stay.
    const again = await h.call(settings(b, 'set'), { notifications: { events: { new_sms: false } } }, member.token);
    expect(again.body.data.business_settings.notifications.events).toMatchObject({
      task_due: false,
      new_sms: false,
      missed_call: true,
    });
    expect(again.body.data.business_settings.notifications.quiet_hours.enabled).toBe(true);

    const ownerView = await h.call(settings(b, 'get'), undefined, owner.token);
    expect(ownerView.body.data.business_settings.notifications).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('the business keys still need businesses/edit, also when sent with notifications', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const member = await h.signUp();
    await h.addMember(b, member.user.id, []);
    const refused = await h.call(
      settings(b, 'set'),
      { timezone: 'Europe/Paris', notifications: { events: { task_due: false } } },
      member.token,
    );
    expectFailureEnvelope(refused, 403);
    expect(refused.body.errors).toEqual(['You do not have permission to edit the business settings']);
    expect(
      (await h.call(settings(b, 'get'), undefined, member.token)).body.data.business_settings.notifications.events
        .task_due,
    ).toBe(true);
  });

  it('validates events and times', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFailureEnvelope(
      await h.call(settings(b, 'set'), { notifications: { quiet_hours: { start: '25:00' } } }, owner.token),
      422,
    );
    expectFailureEnvelope(
      await h.call(settings(b, 'set'), { notifications: { events: { lottery_win: true } } }, owner.token),
      422,
    );
  });

  it('a member who turned task_due off gets no task reminders; the others still do', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    const member = await h.signUp();
    await h.addMember(b, member.user.id, ['notes/view']);
    await h.call(settings(b, 'set'), { notifications: { events: { task_due: false } } }, member.token);
    const task = await createNote(h.deps, b, { body: 'Call the supplier', reminder: minutesFromNow(h, -1) });
    await runDueReminders(h.deps, { businessIds: [b] });
    const sent = await notificationsOf(h, task._id);
    expect(sent.map((row: { userId: string }) => row.userId)).toEqual([owner.user.id]);
  });
});
