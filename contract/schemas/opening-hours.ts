import { z } from 'zod';
import { messages } from '../messages';

/**
 * Weekly opening hours: per day, open or closed, and one or more time slots ("09:00–12:30
 * and 13:30–17:00" for a lunch break). Every reader asks daySlots(): hours saved before
 * slots existed hold only start and end, and still read as one slot.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type TimeSlot = { start: string; end: string };
/** start and end are the first slot's opening and the last slot's closing (what older readers of the API know). */
export type DayHours = { day: Weekday; open: boolean; start: string; end: string; slots?: TimeSlot[] };

/** A day has a handful of slots at most (morning, afternoon, evening); more is a mistake. */
export const MAX_SLOTS_PER_DAY = 4;

/** The day's slots in time order; a day stored with start and end only is one slot. */
export function daySlots(day: Pick<DayHours, 'start' | 'end' | 'slots'>): TimeSlot[] {
  const slots = day.slots?.length ? day.slots : [{ start: day.start, end: day.end }];
  return [...slots].sort((a, b) => a.start.localeCompare(b.start));
}

/** The day with its slots written out and start/end kept in step with them. */
export function withSlots(day: DayHours): DayHours & { slots: TimeSlot[] } {
  const slots = daySlots(day);
  return { ...day, start: slots[0].start, end: slots[slots.length - 1].end, slots };
}

/** What the hours editor starts from before any are saved: weekdays 09:00 to 17:00. */
export const DEFAULT_OPENING_HOURS: DayHours[] = WEEKDAYS.map((day) => ({
  day,
  open: day !== 'saturday' && day !== 'sunday',
  start: '09:00',
  end: '17:00',
  slots: [{ start: '09:00', end: '17:00' }],
}));

/** A new slot offered by "Add a time slot": the afternoon after a lunch break. */
export const NEW_SLOT_DEFAULTS: TimeSlot = { start: '13:30', end: '17:00' };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeOfDay = z
  .string({ error: messages.hours.timeInvalid })
  .trim()
  .regex(TIME, { error: messages.hours.timeInvalid });
/** A checkbox or a JSON boolean: a form sends "on", an API client true. */
export const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const slotSchema = z.object({ start: timeOfDay, end: timeOfDay });

/**
 * The slots a day's input means. start and end are the span of the day: a client that knows
 * only them (it reads a day, changes start or end and sends it all back, slots included)
 * still changes the opening and closing; with one slot they are that slot.
 */
function slotsOfInput(day: { start?: string; end?: string; slots?: TimeSlot[] }): {
  slots: TimeSlot[];
  fromSpan: boolean;
} {
  const given = [...(day.slots ?? [])].sort((a, b) => a.start.localeCompare(b.start));
  if (given.length > 1) {
    const first = { ...given[0], start: day.start ?? given[0].start };
    const last = { ...given[given.length - 1], end: day.end ?? given[given.length - 1].end };
    return { slots: [first, ...given.slice(1, -1), last], fromSpan: false };
  }
  const only = given[0];
  const fromSpan = !only || day.start !== undefined || day.end !== undefined;
  return { slots: [{ start: day.start ?? only?.start ?? '09:00', end: day.end ?? only?.end ?? '17:00' }], fromSpan };
}

/**
 * One day: `slots`, or (as before slots) `start` and `end` for a single slot. A closed day's
 * times are kept but not checked, so unticking "open" never blocks a save.
 */
export const dayHoursSchema = z
  .object({
    day: z.enum(WEEKDAYS),
    open: checkbox.default(false),
    start: timeOfDay.optional(),
    end: timeOfDay.optional(),
    slots: z.array(slotSchema).max(MAX_SLOTS_PER_DAY, { error: messages.hours.tooManySlots }).optional(),
  })
  .superRefine((day, ctx) => {
    if (!day.open) return;
    // A time already refused as malformed is not compared as well.
    const times = [day.start, day.end, ...(day.slots ?? []).flatMap((slot) => [slot.start, slot.end])];
    if (times.some((time) => time !== undefined && !TIME.test(time))) return;
    const { slots, fromSpan } = slotsOfInput(day);
    if (fromSpan) {
      if (slots[0].end <= slots[0].start)
        ctx.addIssue({ code: 'custom', message: messages.hours.endBeforeStart, path: ['end'] });
      return;
    }
    // Paths name the slot as sent, so the form marks the right row.
    const sent = day.slots ?? [];
    const indexOf = (slot: TimeSlot) =>
      Math.max(
        0,
        sent.findIndex((entry) => entry.start === slot.start || entry.end === slot.end),
      );
    slots.forEach((slot) => {
      if (slot.end <= slot.start)
        ctx.addIssue({ code: 'custom', message: messages.hours.endBeforeStart, path: ['slots', indexOf(slot), 'end'] });
    });
    for (let i = 1; i < slots.length; i += 1) {
      if (slots[i].start < slots[i - 1].end)
        ctx.addIssue({
          code: 'custom',
          message: messages.hours.slotsOverlap,
          path: ['slots', indexOf(slots[i]), 'start'],
        });
    }
  })
  .transform((day): DayHours & { slots: TimeSlot[] } => {
    const { slots } = slotsOfInput(day);
    return { day: day.day, open: day.open, start: slots[0].start, end: slots[slots.length - 1].end, slots };
  });
