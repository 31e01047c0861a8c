import { z } from 'zod';
import { messages } from './messages';

/**
 * The dates any field accepts: from 1900 up to (not including) the year 3000. PostgreSQL's
 * timestamptz has no year 0 and JavaScript writes years past 9999 as "+010000", so a date
 * near either end fails when stored; the window leaves room for the arithmetic done on a
 * stored date (a repeating task's next run, a report's previous period, time zones) to stay
 * inside what the database and toISOString agree on. Every date field uses these schemas.
 */
export const DATE_WINDOW = { fromMs: Date.UTC(1900, 0, 1), untilMs: Date.UTC(3000, 0, 1) } as const;

export const inDateWindow = (ms: number): boolean => ms >= DATE_WINDOW.fromMs && ms < DATE_WINDOW.untilMs;

/** An instant as ISO 8601 date-time with a Z or an offset (list ranges, dismissed_at). */
export const dateTimeSchema = z
  .string({ error: messages.date.invalid })
  .datetime({ offset: true, error: messages.date.invalid })
  .refine((value) => inDateWindow(Date.parse(value)), { error: messages.date.outOfRange });

/** Any date Date.parse reads (an ISO date-time, a form's datetime-local value): reminders. */
export const looseDateSchema = z
  .string({ error: messages.date.invalid })
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: messages.date.invalid, abort: true })
  .refine((value) => inDateWindow(Date.parse(value)), { error: messages.date.outOfRange });

/** Is `value` a real calendar day written YYYY-MM-DD (no 31 February)? */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar day, YYYY-MM-DD (report ranges, opening-hours exceptions); `invalid` is the field's own wording. */
export function calendarDateSchema(invalid: string = messages.date.invalid) {
  return z
    .string({ error: invalid })
    .trim()
    .refine(isCalendarDate, { error: invalid, abort: true })
    .refine((value) => inDateWindow(Date.parse(`${value}T00:00:00Z`)), { error: messages.date.outOfRange });
}
