import { describe, expect, it } from 'vitest';
import {
  resolveBusinessSettings,
  WEEKDAYS,
  type DayHours,
  type HoursOverwrite,
} from '#contract/schemas/business-settings';
import { TASK_GRACE_MINUTES, taskDueAt } from '#api/services/assistant/task-due';

const weekdaysNineToFive: DayHours[] = WEEKDAYS.map((day) => ({
  day,
  open: !['saturday', 'sunday'].includes(day),
  start: '09:00',
  end: '17:00',
}));
const tuesdayToSaturdayEightToFour: DayHours[] = WEEKDAYS.map((day) => ({
  day,
  open: !['sunday', 'monday'].includes(day),
  start: '08:00',
  end: '16:00',
}));

function settings(timezone: string, opening_hours: DayHours[] | null, overwrites: Omit<HoursOverwrite, '_id'>[] = []) {
  return resolveBusinessSettings(
    { opening_hours, overwrites: overwrites.map((entry, index) => ({ _id: `o${index}`, ...entry })) },
    timezone,
  );
}

const minutesAfter = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();

describe('a task the assistant creates falls due in the team’s working time', () => {
  it('is due at the next opening on the business’s own clock when it is closed (a Saturday afternoon in New York → Monday 9am there)', () => {
    // Saturday 28 November 2026, 14:00 in New York (UTC-5).
    expect(
      taskDueAt(settings('America/New_York', weekdaysNineToFive), new Date('2026-11-28T19:00:00Z')).toISOString(),
    ).toBe('2026-11-30T14:00:00.000Z');
    // The same instant for a bakery in London open Tuesday to Saturday 8 to 4: closed since 16:00 → Tuesday 8am.
    expect(
      taskDueAt(
        settings('Europe/London', tuesdayToSaturdayEightToFour),
        new Date('2026-11-28T19:00:00Z'),
      ).toISOString(),
    ).toBe('2026-12-01T08:00:00.000Z');
  });

  it('is due later the same day before opening, and skips a day an overwrite closes', () => {
    // Monday 06:30 in London: opens at 9 today.
    expect(
      taskDueAt(settings('Europe/London', weekdaysNineToFive), new Date('2026-11-30T06:30:00Z')).toISOString(),
    ).toBe('2026-11-30T09:00:00.000Z');
    const holiday = settings('Europe/London', weekdaysNineToFive, [
      { date: '2026-11-30', all_day: true, status: 'closed', start: '00:00', end: '23:59', note: 'Staff training' },
    ]);
    expect(taskDueAt(holiday, new Date('2026-11-28T19:00:00Z')).toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('is due after a short grace when the business is open, but never after today’s closing time', () => {
    const open = '2026-12-02T11:00:00.000Z'; // Wednesday 11:00 in London
    expect(taskDueAt(settings('Europe/London', weekdaysNineToFive), new Date(open)).toISOString()).toBe(
      minutesAfter(open, TASK_GRACE_MINUTES),
    );
    expect(
      taskDueAt(settings('Europe/London', weekdaysNineToFive), new Date('2026-12-02T16:50:00Z')).toISOString(),
    ).toBe('2026-12-02T17:00:00.000Z');
  });

  it('without opening hours is due the next working morning at 9 on the business’s clock (or shortly, during a working day)', () => {
    // Friday 20:00 in Sydney (UTC+11 in summer) → Monday 9am there.
    expect(taskDueAt(settings('Australia/Sydney', null), new Date('2026-12-04T09:00:00Z')).toISOString()).toBe(
      '2026-12-06T22:00:00.000Z',
    );
    // Tuesday 23:30 in London → Wednesday 9am.
    expect(taskDueAt(settings('Europe/London', null), new Date('2026-12-01T23:30:00Z')).toISOString()).toBe(
      '2026-12-02T09:00:00.000Z',
    );
    const working = '2026-12-02T10:00:00.000Z';
    expect(taskDueAt(settings('Europe/London', null), new Date(working)).toISOString()).toBe(
      minutesAfter(working, TASK_GRACE_MINUTES),
    );
  });

  it('is never in the past', () => {
    const hours = settings('Europe/London', weekdaysNineToFive);
    for (let hour = 0; hour < 24 * 7; hour += 1) {
      const now = new Date(Date.parse('2026-11-30T00:17:00Z') + hour * 3_600_000);
      expect(taskDueAt(hours, now).getTime()).toBeGreaterThan(now.getTime());
    }
  });
});
