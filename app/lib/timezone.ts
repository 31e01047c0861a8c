/**
 * A task's reminder is typed into a datetime-local input, which has no timezone: it means
 * the wall-clock time of the business (its IANA timezone), wherever the browser or the
 * server happens to run. These helpers convert between that wall-clock text and instants.
 */
import { dateTimeFormat } from '#contract/date-format';

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

export function isLocalDateTime(value: string): boolean {
  return LOCAL_PATTERN.test(value);
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** "2025-03-01T09:00" in the given zone → that instant (null when the text is not a date-time). */
export function zonedLocalToDate(local: string, timeZone: string): Date | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return null;
  // Two passes: the first guess may sit on the other side of a DST change from the answer.
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** An instant → "YYYY-MM-DDTHH:mm" on the zone's wall clock, the value a datetime-local input takes. */
export function dateToZonedLocal(value: string | Date, timeZone: string): string {
  const instant = new Date(value).getTime();
  const shifted = new Date(instant + zoneOffsetMs(instant, timeZone));
  return shifted.toISOString().slice(0, 16);
}

/** A readable date and time in the business's zone, e.g. "21 Nov 2025, 14:05". */
export function formatDateTime(value: string | Date, timeZone: string): string {
  return dateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(value));
}
