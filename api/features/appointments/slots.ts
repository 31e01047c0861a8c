import { DEFAULT_OPENING_HOURS, type BusinessSettings } from '#contract/schemas/business-settings';
import { appointmentMessages } from '#contract/schemas/appointment';
import {
  addDays,
  describeDate,
  describeSlots,
  formatTime,
  hoursOn,
  localDateParts,
} from '#api/services/assistant/hours';
import { fromWallTime } from '#api/services/task-schedule';

/**
 * Where appointments may go: inside one time slot of an open day on the business's clock
 * (an overwrite for the date wins, as everywhere), and not over another booked one. Pure
 * functions over the settings and the busy times, so the API, the page and the assistant
 * offer and accept exactly the same times.
 */
export type Busy = { start: Date; end: Date };
export type FreeSlot = { start_at: string; end_at: string; date: string; start: string; end: string };

/** Offered starts fall on this grid from each slot's opening (9:00, 9:30, 10:00 …). */
export const SLOT_STEP_MINUTES = 30;

/** No hours saved yet: the usual working week stands in (as for task due dates). */
export function withHours(settings: BusinessSettings): BusinessSettings {
  return settings.opening_hours ? settings : { ...settings, opening_hours: DEFAULT_OPENING_HOURS };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function wallInstant(date: string, time: string, timezone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return fromWallTime({ year, month, day, hour, minute, second: 0, ms: 0 }, timezone);
}

/** "2pm to 3pm on Saturday 5 December" on the business's clock. */
export function describeSpan(start: Date, end: Date, timezone: string, now?: Date): string {
  const from = localDateParts(start, timezone);
  const to = localDateParts(end, timezone);
  const today = now ? localDateParts(now, timezone).date : undefined;
  return `${formatTime(from.time)} to ${formatTime(to.time)} on ${describeDate(from.date, today)}`;
}

/** null when start–end lies inside one opening slot of its day; else the sentence that says why not. */
export function outsideHours(settings: BusinessSettings, start: Date, end: Date): string | null {
  const hours = withHours(settings);
  const from = localDateParts(start, settings.timezone);
  const to = localDateParts(end, settings.timezone);
  const day = hoursOn(hours, from.date);
  const dayName = describeDate(from.date);
  if (day.status !== 'open' || !day.slots?.length) return appointmentMessages.closed(dayName);
  // Ending at midnight of an all-day opening is the end of that day.
  const endTime =
    to.date === from.date ? to.time : to.date === addDays(from.date, 1) && to.time === '00:00' ? '24:00' : null;
  const fits =
    endTime !== null &&
    day.slots.some((slot) => slot.start <= from.time && endTime <= (slot.end === '23:59' ? '24:00' : slot.end));
  return fits ? null : appointmentMessages.outsideHours(dayName, describeSlots(day.slots));
}

export const overlaps = (a: Busy, b: Busy) => a.start < b.end && b.start < a.end;

/**
 * Free starts of `durationMinutes` from `fromDate` for `days` days, on the SLOT_STEP grid
 * of each open slot, none in the past and none over a busy time, earliest first.
 */
export function findFreeSlots(
  settings: BusinessSettings,
  busy: Busy[],
  options: { fromDate: string; days: number; durationMinutes: number; now: Date; limit?: number },
): FreeSlot[] {
  const hours = withHours(settings);
  const found: FreeSlot[] = [];
  const limit = options.limit ?? 50;
  for (let offset = 0; offset < options.days && found.length < limit; offset += 1) {
    const date = addDays(options.fromDate, offset);
    const day = hoursOn(hours, date);
    if (day.status !== 'open') continue;
    for (const slot of day.slots ?? []) {
      const close = slot.end === '23:59' ? 24 * 60 : minutesOf(slot.end);
      for (
        let at = minutesOf(slot.start);
        at + options.durationMinutes <= close && found.length < limit;
        at += SLOT_STEP_MINUTES
      ) {
        const start = wallInstant(date, timeOf(at), settings.timezone);
        const end = new Date(start.getTime() + options.durationMinutes * 60_000);
        if (start < options.now) continue;
        if (busy.some((entry) => overlaps(entry, { start, end }))) continue;
        found.push({
          start_at: start.toISOString(),
          end_at: end.toISOString(),
          date,
          start: timeOf(at),
          end: timeOf(at + options.durationMinutes),
        });
      }
    }
  }
  return found;
}
