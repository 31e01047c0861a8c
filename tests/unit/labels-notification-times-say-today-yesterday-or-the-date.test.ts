import { describe, expect, it } from 'vitest';
import { notificationTime } from '#contract/labels';

const now = new Date('2031-06-15T12:00:00Z');

describe('notification times (spec section 4): HH:mm with Today, Yesterday or the date', () => {
  it('says Today with HH:mm for a time earlier today', () => {
    expect(notificationTime('2031-06-15T09:05:00Z', now)).toBe('Today 09:05');
    expect(notificationTime(new Date('2031-06-15T00:00:00Z'), now)).toBe('Today 00:00');
  });

  it('says Yesterday with HH:mm for a time on the day before', () => {
    expect(notificationTime('2031-06-14T23:59:00Z', now)).toBe('Yesterday 23:59');
    expect(notificationTime('2031-06-14T00:00:00Z', now)).toBe('Yesterday 00:00');
  });

  it('shows the date with HH:mm for anything older', () => {
    expect(notificationTime('2031-06-13T18:30:00Z', now)).toBe('13 Jun 2031 18:30');
    expect(notificationTime('2030-12-31T07:00:00Z', now)).toBe('31 Dec 2030 07:00');
  });

  it('uses a 24-hour clock', () => {
    expect(notificationTime('2031-06-15T00:05:00Z', now)).toBe('Today 00:05');
    expect(notificationTime('2031-06-15T11:45:00Z', now)).toBe('Today 11:45');
  });

  it("counts days in the business's timezone", () => {
    // 23:30 UTC on the 14th is already the 15th in Tokyo (UTC+9), and still the 14th in London.
    const late = '2031-06-14T23:30:00Z';
    expect(notificationTime(late, now, 'Asia/Tokyo')).toBe('Today 08:30');
    expect(notificationTime(late, now, 'Europe/London')).toBe('Today 00:30');
    expect(notificationTime(late, now, 'America/New_York')).toBe('Yesterday 19:30');
    expect(notificationTime('2031-06-13T23:30:00Z', now, 'America/Los_Angeles')).toBe('13 Jun 2031 16:30');
  });
});
