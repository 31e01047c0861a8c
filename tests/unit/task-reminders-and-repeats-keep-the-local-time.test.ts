import { describe, expect, it } from 'vitest';
import { fromWallTime, nextReminder, parseReminder } from '#api/services/task-schedule';

const wall = (text: string) => {
  const [date, time] = text.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return { year, month, day, hour, minute, second: 0, ms: 0 };
};

describe('parseReminder', () => {
  it('reads a time without an offset (a datetime-local value) in the business timezone', () => {
    expect(parseReminder('2031-01-15T09:00', 'Europe/London').toISOString()).toBe('2031-01-15T09:00:00.000Z');
    expect(parseReminder('2031-07-15T09:00', 'Europe/London').toISOString()).toBe('2031-07-15T08:00:00.000Z');
    expect(parseReminder('2031-07-15T09:00:30', 'Asia/Kolkata').toISOString()).toBe('2031-07-15T03:30:30.000Z');
    expect(parseReminder('2031-07-15', 'America/New_York').toISOString()).toBe('2031-07-15T04:00:00.000Z');
  });

  it('keeps an instant that carries its offset', () => {
    expect(parseReminder('2031-07-15T09:00:00Z', 'Asia/Tokyo').toISOString()).toBe('2031-07-15T09:00:00.000Z');
    expect(parseReminder('2031-07-15T09:00:00+02:00', 'Asia/Tokyo').toISOString()).toBe('2031-07-15T07:00:00.000Z');
  });
});

describe('fromWallTime around daylight-saving changes (Europe/London, 2031)', () => {
  it('maps a time skipped in spring to the same distance after the jump', () => {
    expect(fromWallTime(wall('2031-03-30T01:30'), 'Europe/London').toISOString()).toBe('2031-03-30T01:30:00.000Z');
  });

  it('maps the autumn hour that happens twice to its first occurrence', () => {
    expect(fromWallTime(wall('2031-10-26T01:30'), 'Europe/London').toISOString()).toBe('2031-10-26T00:30:00.000Z');
  });
});

describe('nextReminder', () => {
  const london = 'Europe/London';

  it('adds days, weeks and months by the rule', () => {
    const start = new Date('2031-05-01T08:00:00Z');
    const now = new Date('2031-05-01T07:00:00Z');
    expect(nextReminder(start, { every: 'day', interval: 1 }, london, now).toISOString()).toBe(
      '2031-05-02T08:00:00.000Z',
    );
    expect(nextReminder(start, { every: 'day', interval: 3 }, london, now).toISOString()).toBe(
      '2031-05-04T08:00:00.000Z',
    );
    expect(nextReminder(start, { every: 'week', interval: 2 }, london, now).toISOString()).toBe(
      '2031-05-15T08:00:00.000Z',
    );
    expect(nextReminder(start, { every: 'month', interval: 1 }, london, now).toISOString()).toBe(
      '2031-06-01T08:00:00.000Z',
    );
    expect(nextReminder(start, { every: 'month', interval: 12 }, london, now).toISOString()).toBe(
      '2032-05-01T08:00:00.000Z',
    );
  });

  it('keeps the local time across a daylight-saving change', () => {
    // 09:00 GMT on the Saturday; the next day is in BST, so 09:00 local is 08:00 UTC.
    const saturday = new Date('2031-03-29T09:00:00Z');
    expect(nextReminder(saturday, { every: 'day', interval: 1 }, london, saturday).toISOString()).toBe(
      '2031-03-30T08:00:00.000Z',
    );
  });

  it('falls back to the last day of a shorter month without drifting from the anchor day', () => {
    const anchor = new Date('2031-01-31T10:00:00Z');
    const utc = 'UTC';
    expect(nextReminder(anchor, { every: 'month', interval: 1 }, utc, anchor).toISOString()).toBe(
      '2031-02-28T10:00:00.000Z',
    );
    expect(
      nextReminder(anchor, { every: 'month', interval: 1 }, utc, new Date('2031-02-28T10:00:00Z')).toISOString(),
    ).toBe('2031-03-31T10:00:00.000Z');
    expect(
      nextReminder(
        new Date('2032-01-31T10:00:00Z'),
        { every: 'month', interval: 1 },
        utc,
        new Date('2032-01-31T10:00:00Z'),
      ).toISOString(),
    ).toBe('2032-02-29T10:00:00.000Z');
  });

  it('answers the first occurrence after now when the task is late, not a backlog', () => {
    const anchor = new Date('2021-01-01T09:00:00Z');
    const now = new Date('2031-06-15T12:00:00Z');
    expect(nextReminder(anchor, { every: 'day', interval: 1 }, 'UTC', now).toISOString()).toBe(
      '2031-06-16T09:00:00.000Z',
    );
    expect(nextReminder(anchor, { every: 'week', interval: 1 }, 'UTC', now).toISOString()).toBe(
      '2031-06-20T09:00:00.000Z',
    );
    expect(nextReminder(anchor, { every: 'month', interval: 1 }, 'UTC', now).toISOString()).toBe(
      '2031-07-01T09:00:00.000Z',
    );
    expect(nextReminder(anchor, { every: 'month', interval: 5 }, 'UTC', now).toISOString()).toBe(
      '2031-11-01T09:00:00.000Z',
    );
  });

  it('is always strictly after both the anchor and now', () => {
    const anchor = new Date('2031-05-01T08:00:00Z');
    const next = nextReminder(anchor, { every: 'day', interval: 1 }, london, new Date('2031-05-02T08:00:00Z'));
    expect(next.toISOString()).toBe('2031-05-03T08:00:00.000Z');
  });
});
