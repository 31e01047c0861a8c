import { describe, expect, it } from 'vitest';
import { findFreeSlots, outsideHours, wallInstant } from '#api/features/appointments/slots';
import { calendarText, escapeText, eventSummary } from '#api/features/appointments/calendar-feeds';
import { resolveBusinessSettings, WEEKDAYS } from '#contract/schemas/business-settings';
import type { ApiAppointment } from '#contract/v1/appointments';

const TZ = 'Europe/London';
const settings = (overrides: Record<string, unknown> = {}) =>
  resolveBusinessSettings(
    {
      opening_hours: WEEKDAYS.map((day) => ({
        day,
        open: day !== 'sunday',
        start: '09:00',
        end: '17:00',
        slots: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:00' },
        ],
      })),
      ...overrides,
    } as never,
    TZ,
  );
// Monday 7 December 2026 (GMT) and Monday 6 July 2026 (BST).
const WINTER = '2026-12-07';
const SUMMER = '2026-07-06';
const EARLY = new Date('2026-01-01T00:00:00Z');

describe('free slots', () => {
  it('steps through each opening slot every 30 minutes on the business clock, skipping the lunch break', () => {
    const slots = findFreeSlots(settings(), [], { fromDate: WINTER, days: 1, durationMinutes: 60, now: EARLY });
    expect(slots.map((slot) => slot.start)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(slots[0]).toEqual({
      start_at: '2026-12-07T09:00:00.000Z',
      end_at: '2026-12-07T10:00:00.000Z',
      date: WINTER,
      start: '09:00',
      end: '10:00',
    });
  });

  it('turns summer time into the right instant', () => {
    const [first] = findFreeSlots(settings(), [], { fromDate: SUMMER, days: 1, durationMinutes: 30, now: EARLY });
    expect(first.start_at).toBe('2026-07-06T08:00:00.000Z');
  });

  it('leaves out busy times, the past, closed days and holiday overwrites', () => {
    const busy = [{ start: wallInstant(WINTER, '09:30', TZ), end: wallInstant(WINTER, '10:30', TZ) }];
    const now = wallInstant(WINTER, '14:10', TZ);
    const closedTuesday = settings({
      overwrites: [
        {
          _id: 'x',
          date: '2026-12-08',
          status: 'closed',
          all_day: true,
          start: '00:00',
          end: '23:59',
          note: 'Training',
        },
      ],
    });
    const slots = findFreeSlots(closedTuesday, busy, { fromDate: WINTER, days: 3, durationMinutes: 60, now });
    expect(slots.filter((slot) => slot.date === WINTER).map((slot) => slot.start)).toEqual([
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(slots.some((slot) => slot.date === '2026-12-08')).toBe(false);
    expect(slots.filter((slot) => slot.date === '2026-12-09')).toHaveLength(12);
    const sunday = findFreeSlots(settings(), [], { fromDate: '2026-12-06', days: 1, durationMinutes: 60, now: EARLY });
    expect(sunday).toEqual([]);
  });

  it('with no hours saved, offers the usual working week (Monday to Friday, 9am to 5pm)', () => {
    const none = resolveBusinessSettings(null, TZ);
    expect(findFreeSlots(none, [], { fromDate: WINTER, days: 1, durationMinutes: 60, now: EARLY })).toHaveLength(15);
    expect(findFreeSlots(none, [], { fromDate: '2026-12-05', days: 1, durationMinutes: 60, now: EARLY })).toEqual([]);
  });

  it('accepts a span inside one slot and says why another is refused', () => {
    expect(outsideHours(settings(), wallInstant(WINTER, '11:00', TZ), wallInstant(WINTER, '12:00', TZ))).toBeNull();
    expect(outsideHours(settings(), wallInstant(WINTER, '11:30', TZ), wallInstant(WINTER, '12:30', TZ))).toBe(
      'That time is outside the opening hours (Monday 7 December: 9am to noon and 1pm to 5pm). Choose a time within them.',
    );
    expect(
      outsideHours(settings(), wallInstant('2026-12-06', '10:00', TZ), wallInstant('2026-12-06', '11:00', TZ)),
    ).toBe('The business is closed on Sunday 6 December: choose a day it is open.');
  });
});

const appointment = (overrides: Partial<ApiAppointment> = {}): ApiAppointment => ({
  _id: 'a1',
  customer_id: 'c1',
  customer: { _id: 'c1', name: 'Ann Booker' },
  service_id: 's1',
  service: { _id: 's1', name: 'Cut, wash; blow-dry' },
  start_at: '2026-12-07T09:00:00.000Z',
  end_at: '2026-12-07T10:00:00.000Z',
  status: 'booked',
  notes: 'Line one\nLine two with a backslash \\ and a very long tail that goes on and on past seventy-five octets',
  source: 'manual',
  created_by: null,
  cancelled_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

describe('the ICS feed text (RFC 5545)', () => {
  const text = calendarText({
    businessName: 'Salon, Spa; Co',
    host: 'app.example.com',
    appointments: [
      appointment(),
      appointment({ _id: 'a2', status: 'cancelled', service: null, service_id: null, notes: null }),
    ],
  });
  const unfolded = text.replace(/\r\n[ \t]/g, '');

  it('is CRLF lines of at most 75 octets, folded, from BEGIN:VCALENDAR to END:VCALENDAR', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /);
  });

  it('has a VEVENT per appointment with UID, DTSTAMP, DTSTART and DTEND in UTC and escaped text', () => {
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded).toContain('UID:a1@app.example.com\r\n');
    expect(unfolded).toContain('DTSTAMP:20261102T100000Z\r\n');
    expect(unfolded).toContain('DTSTART:20261207T090000Z\r\n');
    expect(unfolded).toContain('DTEND:20261207T100000Z\r\n');
    expect(unfolded).toContain('SUMMARY:Cut\\, wash\\; blow-dry: Ann Booker\r\n');
    expect(unfolded).toContain('DESCRIPTION:Line one\\nLine two with a backslash \\\\ and a very long tail');
    expect(unfolded).toContain('X-WR-CALNAME:Salon\\, Spa\\; Co appointments\r\n');
    expect(unfolded).toMatch(/UID:a2@app\.example\.com\r\n[\s\S]*?STATUS:CANCELLED/);
    expect(unfolded).toContain('SUMMARY:Appointment: Ann Booker\r\n');
  });

  it('escapes the characters TEXT values must escape', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(eventSummary({ service: null, customer: null })).toBe('Appointment: A contact');
  });
});
