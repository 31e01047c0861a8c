import { describe, expect, it } from 'vitest';
import { describeWeeklyHours, hoursOn, openNow } from '#api/services/assistant/hours';
import { nextSendTime } from '#api/features/actions/hours';
import { taskDueAt } from '#api/services/assistant/task-due';
import { messages } from '#contract/messages';
import {
  businessSettingsSetSchema,
  DEFAULT_ASSISTANT_SETTINGS,
  daySlots,
  resolveBusinessSettings,
  WEEKDAYS,
  type BusinessSettings,
  type DayHours,
} from '#contract/schemas/business-settings';

/** Weekdays with a lunch break, Saturday mornings, closed on Sunday. */
const LUNCH: DayHours[] = WEEKDAYS.map((day) =>
  day === 'sunday'
    ? { day, open: false, start: '09:00', end: '17:00' }
    : day === 'saturday'
      ? { day, open: true, start: '10:00', end: '13:00' }
      : {
          day,
          open: true,
          start: '09:00',
          end: '17:00',
          slots: [
            { start: '13:30', end: '17:00' },
            { start: '09:00', end: '12:30' },
          ],
        },
);

const settings = (opening_hours: DayHours[] = LUNCH): BusinessSettings => ({
  timezone: 'Europe/London',
  opening_hours,
  overwrites: [],
  assistant: DEFAULT_ASSISTANT_SETTINGS,
});
// Thursday 10 December 2026 in London (GMT: wall clock = UTC).
const at = (time: string) => new Date(`2026-12-10T${time}:00Z`);

describe('a day with a lunch break', () => {
  it('is open in each slot and closed in the break, saying when it opens again', () => {
    expect(openNow(settings(), at('10:00'))).toEqual({ open: true, closes_at: '12:30' });
    expect(openNow(settings(), at('12:45'))).toEqual({
      open: false,
      next_open: { date: '2026-12-10', weekday: 'thursday', start: '13:30' },
    });
    expect(openNow(settings(), at('14:00'))).toEqual({ open: true, closes_at: '17:00' });
    expect(openNow(settings(), at('17:30')).next_open).toEqual({
      date: '2026-12-11',
      weekday: 'friday',
      start: '09:00',
    });
  });

  it('lists its slots in time order whatever order they were saved in', () => {
    expect(hoursOn(settings(), '2026-12-10')).toMatchObject({
      status: 'open',
      start: '09:00',
      end: '17:00',
      slots: [
        { start: '09:00', end: '12:30' },
        { start: '13:30', end: '17:00' },
      ],
    });
  });

  it('is described with both slots', () => {
    expect(describeWeeklyHours(LUNCH)).toBe(
      'Monday to Friday 9am to 12:30pm and 1:30pm to 5pm, Saturday 10am to 1pm, closed on Sunday',
    );
  });

  it('holds messages of an "opening hours only" action and task due dates until the afternoon slot', () => {
    expect(nextSendTime(settings(), at('12:45')).toISOString()).toBe('2026-12-10T13:30:00.000Z');
    expect(nextSendTime(settings(), at('11:00')).toISOString()).toBe('2026-12-10T11:00:00.000Z');
    // Due within the grace, but never after the slot closes: 12:20 + 30 minutes is past 12:30.
    expect(taskDueAt(settings(), at('12:20')).toISOString()).toBe('2026-12-10T12:30:00.000Z');
    expect(taskDueAt(settings(), at('12:40')).toISOString()).toBe('2026-12-10T13:30:00.000Z');
  });
});

describe('hours saved before slots existed', () => {
  it('read as one slot a day', () => {
    const resolved = resolveBusinessSettings(
      { opening_hours: [{ day: 'monday', open: true, start: '08:00', end: '18:00' }] },
      'UTC',
    );
    expect(resolved.opening_hours?.[0]).toEqual({
      day: 'monday',
      open: true,
      start: '08:00',
      end: '18:00',
      slots: [{ start: '08:00', end: '18:00' }],
    });
    expect(daySlots({ start: '08:00', end: '18:00' })).toEqual([{ start: '08:00', end: '18:00' }]);
  });
});

describe('setting hours', () => {
  const week = (monday: Record<string, unknown>) =>
    WEEKDAYS.map((day) => (day === 'monday' ? { day, ...monday } : { day, open: false }));
  const issues = (monday: Record<string, unknown>) => {
    const result = businessSettingsSetSchema.safeParse({ opening_hours: week(monday) });
    return result.success
      ? []
      : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  };

  it('accepts start and end alone (a single slot) and keeps start/end in step with slots', () => {
    const single = businessSettingsSetSchema.parse({
      opening_hours: week({ open: true, start: '08:00', end: '16:00' }),
    });
    expect(single.opening_hours?.[0]).toEqual({
      day: 'monday',
      open: true,
      start: '08:00',
      end: '16:00',
      slots: [{ start: '08:00', end: '16:00' }],
    });
    const split = businessSettingsSetSchema.parse({
      opening_hours: week({
        open: 'on',
        slots: [
          { start: '13:30', end: '17:00' },
          { start: '09:00', end: '12:30' },
        ],
      }),
    });
    expect(split.opening_hours?.[0]).toMatchObject({
      start: '09:00',
      end: '17:00',
      slots: [
        { start: '09:00', end: '12:30' },
        { start: '13:30', end: '17:00' },
      ],
    });
  });

  it('lets a client that knows only start and end move the opening and the closing of a day with a break', () => {
    const sentBack = businessSettingsSetSchema.parse({
      opening_hours: week({
        open: true,
        start: '08:00',
        end: '17:00',
        slots: [
          { start: '09:00', end: '12:30' },
          { start: '13:30', end: '17:00' },
        ],
      }),
    });
    expect(sentBack.opening_hours?.[0].slots).toEqual([
      { start: '08:00', end: '12:30' },
      { start: '13:30', end: '17:00' },
    ]);
  });

  it('refuses overlapping slots, a slot that ends before it starts, bad times and too many slots', () => {
    expect(
      issues({
        open: true,
        slots: [
          { start: '09:00', end: '13:00' },
          { start: '12:00', end: '17:00' },
        ],
      }),
    ).toEqual([{ path: 'opening_hours.0.slots.1.start', message: messages.hours.slotsOverlap }]);
    expect(issues({ open: true, slots: [{ start: '09:00', end: '08:00' }] })).toEqual([
      { path: 'opening_hours.0.slots.0.end', message: messages.hours.endBeforeStart },
    ]);
    expect(issues({ open: true, slots: [{ start: '9am', end: '17:00' }] })).toEqual([
      { path: 'opening_hours.0.slots.0.start', message: messages.hours.timeInvalid },
    ]);
    const five = Array.from({ length: 5 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` }));
    expect(issues({ open: true, slots: five })).toEqual([
      { path: 'opening_hours.0.slots', message: messages.hours.tooManySlots },
    ]);
    // A closed day's times are not checked.
    expect(issues({ open: false, slots: [{ start: '09:00', end: '08:00' }] })).toEqual([]);
  });
});
