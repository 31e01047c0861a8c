import { describe, expect, it } from 'vitest';
import {
  addDays,
  describeDate,
  describeWeeklyHours,
  formatTime,
  hoursOn,
  localDateParts,
  openNow,
  parseDayReference,
  weekdayOf,
} from '#api/services/assistant/hours';
import {
  DEFAULT_ASSISTANT_SETTINGS,
  DEFAULT_OPENING_HOURS,
  type BusinessSettings,
  type DayHours,
} from '#contract/schemas/business-settings';

const WEEK: DayHours[] = [
  { day: 'monday', open: true, start: '08:00', end: '18:00' },
  { day: 'tuesday', open: true, start: '08:00', end: '18:00' },
  { day: 'wednesday', open: true, start: '08:00', end: '18:00' },
  { day: 'thursday', open: true, start: '08:00', end: '18:00' },
  { day: 'friday', open: true, start: '08:00', end: '18:00' },
  { day: 'saturday', open: true, start: '09:00', end: '13:00' },
  { day: 'sunday', open: false, start: '09:00', end: '17:00' },
];

function settings(overrides: Partial<BusinessSettings> = {}): BusinessSettings {
  return {
    timezone: 'Europe/London',
    opening_hours: WEEK,
    overwrites: [
      {
        _id: 'eve',
        all_day: false,
        date: '2026-12-24',
        start: '08:00',
        end: '12:00',
        status: 'open',
        note: 'Christmas Eve',
      },
      {
        _id: 'xmas',
        all_day: true,
        date: '2026-12-25',
        start: '00:00',
        end: '23:59',
        status: 'closed',
        note: 'Christmas Day',
      },
      {
        _id: 'sunday-sale',
        all_day: true,
        date: '2026-12-20',
        start: '00:00',
        end: '23:59',
        status: 'open',
        note: null,
      },
    ],
    assistant: DEFAULT_ASSISTANT_SETTINGS,
    ...overrides,
  };
}

// Thursday 10 December 2026, 10:30 in London (GMT in winter).
const NOW = new Date('2026-12-10T10:30:00Z');

describe('the business wall clock', () => {
  it('reads the date, weekday and time in the business timezone, across midnight and summer time', () => {
    expect(localDateParts(NOW, 'Europe/London')).toEqual({ date: '2026-12-10', weekday: 'thursday', time: '10:30' });
    expect(localDateParts(new Date('2026-12-10T23:30:00Z'), 'Australia/Sydney')).toEqual({
      date: '2026-12-11',
      weekday: 'friday',
      time: '10:30',
    });
    expect(localDateParts(new Date('2026-12-10T03:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-12-09',
      weekday: 'wednesday',
      time: '22:00',
    });
    // Summer time starts on 29 March 2026 at 01:00 UTC in London.
    expect(localDateParts(new Date('2026-03-29T00:30:00Z'), 'Europe/London').time).toBe('00:30');
    expect(localDateParts(new Date('2026-03-29T01:30:00Z'), 'Europe/London').time).toBe('02:30');
    expect(localDateParts(new Date('2026-06-01T00:00:00Z'), 'Europe/London').time).toBe('01:00');
  });

  it('knows the weekday of a date and adds days across months and years', () => {
    expect(weekdayOf('2026-12-25')).toBe('friday');
    expect(weekdayOf('2027-01-03')).toBe('sunday');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(describeDate('2026-12-25', '2026-12-10')).toBe('Friday 25 December');
    expect(describeDate('2027-01-01', '2026-12-10')).toBe('Friday 1 January 2027');
  });
});

describe('hours on a date', () => {
  it('uses the weekly hours, and an overwrite wins with its note', () => {
    expect(hoursOn(settings(), '2026-12-12')).toEqual({
      status: 'open',
      start: '09:00',
      end: '13:00',
      slots: [{ start: '09:00', end: '13:00' }],
    });
    expect(hoursOn(settings(), '2026-12-13')).toEqual({ status: 'closed' });
    expect(hoursOn(settings(), '2026-12-25')).toMatchObject({
      status: 'closed',
      note: 'Christmas Day',
      overwrite: { _id: 'xmas' },
    });
    expect(hoursOn(settings(), '2026-12-24')).toMatchObject({
      status: 'open',
      start: '08:00',
      end: '12:00',
      note: 'Christmas Eve',
    });
    // An all-day opening on a Sunday the week closes.
    expect(hoursOn(settings(), '2026-12-20')).toMatchObject({ status: 'open', start: '00:00', end: '23:59' });
  });

  it('is unknown without weekly hours, except where an overwrite says', () => {
    const none = settings({ opening_hours: null });
    expect(hoursOn(none, '2026-12-11')).toEqual({ status: 'unknown' });
    expect(hoursOn(none, '2026-12-25').status).toBe('closed');
  });
});

describe('open now', () => {
  it('says open until the closing time', () => {
    expect(openNow(settings(), NOW)).toEqual({ open: true, closes_at: '18:00' });
  });

  it('says closed and when it opens next: later today, tomorrow, or after a closed holiday', () => {
    expect(openNow(settings(), new Date('2026-12-10T07:15:00Z'))).toEqual({
      open: false,
      next_open: { date: '2026-12-10', weekday: 'thursday', start: '08:00' },
    });
    expect(openNow(settings(), new Date('2026-12-10T18:00:00Z'))).toEqual({
      open: false,
      next_open: { date: '2026-12-11', weekday: 'friday', start: '08:00' },
    });
    // Christmas Eve closes at noon; Christmas Day is closed; Saturday 26 December opens at 9.
    expect(openNow(settings(), new Date('2026-12-24T13:00:00Z'))).toEqual({
      open: false,
      next_open: { date: '2026-12-26', weekday: 'saturday', start: '09:00' },
    });
  });

  it('does not know when the hours were never set', () => {
    expect(openNow(settings({ opening_hours: null, overwrites: [] }), NOW)).toEqual({ open: null });
  });

  it('reads the clock in the business timezone', () => {
    // 17:30 UTC is 12:30 in New York: open there until 18:00.
    expect(openNow(settings({ timezone: 'America/New_York' }), new Date('2026-12-10T17:30:00Z'))).toEqual({
      open: true,
      closes_at: '18:00',
    });
  });
});

describe('describing hours', () => {
  it('groups days with the same hours and names closed days', () => {
    expect(describeWeeklyHours(WEEK)).toBe('Monday to Friday 8am to 6pm, Saturday 9am to 1pm, closed on Sunday');
    expect(describeWeeklyHours(DEFAULT_OPENING_HOURS)).toBe(
      'Monday to Friday 9am to 5pm, closed on Saturday and Sunday',
    );
    expect(describeWeeklyHours(WEEK.map((day) => ({ ...day, open: true, start: '07:30', end: '23:59' })))).toBe(
      'every day 7:30am to midnight',
    );
    expect(describeWeeklyHours(WEEK.map((day) => ({ ...day, open: false })))).toBe('closed every day');
    const split = WEEK.map((day) => (day.day === 'wednesday' ? { ...day, open: false } : day));
    expect(describeWeeklyHours(split)).toBe(
      'Monday and Tuesday 8am to 6pm, Thursday and Friday 8am to 6pm, Saturday 9am to 1pm, closed on Wednesday and Sunday',
    );
  });

  it('says times the way people do', () => {
    expect(formatTime('09:00')).toBe('9am');
    expect(formatTime('17:30')).toBe('5:30pm');
    expect(formatTime('12:00')).toBe('noon');
    expect(formatTime('00:00')).toBe('midnight');
    expect(formatTime('12:45')).toBe('12:45pm');
  });
});

describe('the day a caller means', () => {
  const day = (text: string, now = NOW, timezone = 'Europe/London') => parseDayReference(text, now, timezone);

  it('reads today, tonight, tomorrow and the day after', () => {
    expect(day('are you open today?')).toBe('2026-12-10');
    expect(day('open tonight?')).toBe('2026-12-10');
    expect(day('what about tomorrow')).toBe('2026-12-11');
    expect(day('the day after tomorrow')).toBe('2026-12-12');
  });

  it('reads weekday names: this one (today included), next one (after today), plurals', () => {
    expect(day('are you open on Saturday?')).toBe('2026-12-12');
    expect(day('this sunday')).toBe('2026-12-13');
    expect(day('are you open Thursday')).toBe('2026-12-10');
    expect(day('next thursday')).toBe('2026-12-17');
    expect(day('next monday')).toBe('2026-12-14');
    expect(day('do you open saturdays')).toBe('2026-12-12');
  });

  it('reads dates in words and numbers, the next occurrence when no year is given', () => {
    expect(day('25 December')).toBe('2026-12-25');
    expect(day('the 24th of December')).toBe('2026-12-24');
    expect(day('December 25th')).toBe('2026-12-25');
    expect(day('on Dec 31')).toBe('2026-12-31');
    expect(day('25/12')).toBe('2026-12-25');
    expect(day('12/25')).toBe('2026-12-25');
    expect(day('1/1')).toBe('2027-01-01');
    expect(day('on 5 March')).toBe('2027-03-05');
    expect(day('25/12/2027')).toBe('2027-12-25');
    expect(day('2026-12-25')).toBe('2026-12-25');
    expect(day('June 3rd, 2027')).toBe('2027-06-03');
  });

  it('reads fixed holidays', () => {
    expect(day('Are you open on Christmas Day?')).toBe('2026-12-25');
    expect(day('christmas eve')).toBe('2026-12-24');
    expect(day("New Year's Day")).toBe('2027-01-01');
    expect(day('new years eve')).toBe('2026-12-31');
    expect(day('Boxing Day')).toBe('2026-12-26');
    // After Christmas, the next one.
    expect(day('Christmas', new Date('2026-12-27T12:00:00Z'))).toBe('2027-12-25');
  });

  it('counts from the business date, not the server date', () => {
    // 23:30 UTC on the 10th is already Friday the 11th in Sydney.
    expect(day('tomorrow', new Date('2026-12-10T23:30:00Z'), 'Australia/Sydney')).toBe('2026-12-12');
  });

  it('answers null when no day is named, and for dates that do not exist', () => {
    expect(day('what are your opening hours?')).toBeNull();
    expect(day('do you fix boilers')).toBeNull();
    expect(day('2026-02-30')).toBeNull();
    expect(day('call me on 0113 496 0321')).toBeNull();
  });
});
