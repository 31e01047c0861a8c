import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '#api/db/schema';
import { messages } from '#contract/messages';
import { WEEKDAYS } from '#contract/schemas/business-settings';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { expectFieldError } from '#tests/support/expect-envelope';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const get = (b: string, token: string) => h.call(`businesses/settings/${b}/get`, undefined, token);
const set = (b: string, body: unknown, token: string) => h.call(`businesses/settings/${b}/set`, body, token);
const LUNCH = [
  { start: '09:00', end: '12:30' },
  { start: '13:30', end: '17:00' },
];
const week = (monday: Record<string, unknown>) =>
  WEEKDAYS.map((day) => (day === 'monday' ? { day, ...monday } : { day, open: false }));

describe('opening hours with time slots (businesses/settings/{business_id}/set and get)', () => {
  it('saves a lunch break as two slots and answers start/end for clients that know only those', async () => {
    const owner = await h.signUpWithBusiness();
    const saved = await set(
      owner.business._id,
      { opening_hours: week({ open: true, slots: [LUNCH[1], LUNCH[0]] }) },
      owner.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.business_settings.opening_hours[0]).toEqual({
      day: 'monday',
      open: true,
      start: '09:00',
      end: '17:00',
      slots: LUNCH,
    });
    const read = await get(owner.business._id, owner.token);
    expect(read.body.data.business_settings.opening_hours[0].slots).toEqual(LUNCH);
  });

  it('still takes start and end alone, as one slot', async () => {
    const owner = await h.signUpWithBusiness();
    const saved = await set(
      owner.business._id,
      { opening_hours: week({ open: true, start: '08:00', end: '16:00' }) },
      owner.token,
    );
    expect(saved.body.data.business_settings.opening_hours[0]).toEqual({
      day: 'monday',
      open: true,
      start: '08:00',
      end: '16:00',
      slots: [{ start: '08:00', end: '16:00' }],
    });
  });

  it('reads hours saved before slots existed as one slot a day', async () => {
    const owner = await h.signUpWithBusiness();
    await h.deps.db
      .update(businesses)
      .set({
        settings: {
          opening_hours: WEEKDAYS.map((day) => ({ day, open: day === 'monday', start: '10:00', end: '18:00' })),
        },
      })
      .where(eq(businesses.id, owner.business._id));
    const read = await get(owner.business._id, owner.token);
    expect(read.status).toBe(200);
    expect(read.body.data.business_settings.opening_hours[0]).toEqual({
      day: 'monday',
      open: true,
      start: '10:00',
      end: '18:00',
      slots: [{ start: '10:00', end: '18:00' }],
    });
  });

  it('refuses bad slots with a clear message on the field, never a 5xx', async () => {
    const owner = await h.signUpWithBusiness();
    const b = owner.business._id;
    expectFieldError(
      await set(
        b,
        {
          opening_hours: week({
            open: true,
            slots: [
              { start: '09:00', end: '13:00' },
              { start: '12:00', end: '17:00' },
            ],
          }),
        },
        owner.token,
      ),
      'opening_hours[0].slots[1].start',
      messages.hours.slotsOverlap,
    );
    expectFieldError(
      await set(b, { opening_hours: week({ open: true, slots: [{ start: '13:00', end: '12:00' }] }) }, owner.token),
      'opening_hours[0].slots[0].end',
      messages.hours.endBeforeStart,
    );
    expectFieldError(
      await set(b, { opening_hours: week({ open: true, slots: [{ start: '9am', end: '12:00' }] }) }, owner.token),
      'opening_hours[0].slots[0].start',
      messages.hours.timeInvalid,
    );
    const five = Array.from({ length: 5 }, (_, i) => ({ start: `1${i}:00`, end: `1${i}:30` }));
    expectFieldError(
      await set(b, { opening_hours: week({ open: true, slots: five }) }, owner.token),
      'opening_hours[0].slots',
      messages.hours.tooManySlots,
    );
    const wrongType = await set(b, { opening_hours: week({ open: true, slots: 'all day' }) }, owner.token);
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.field_errors?.['opening_hours[0].slots']).toBeDefined();
  });
});
