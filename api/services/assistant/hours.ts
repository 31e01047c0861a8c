import {
  daySlots,
  WEEKDAYS,
  type BusinessSettings,
  type DayHours,
  type HoursOverwrite,
  type TimeSlot,
  type Weekday,
} from '#contract/schemas/business-settings';

/**
 * Opening hours on the business's wall clock: what day and time it is there, whether it is
 * open on a date (an overwrite wins over the weekly hours; no weekly hours = unknown), and
 * the words callers use for days ("tomorrow", "next Monday", "25 December", "Christmas Day").
 * Pure functions over BusinessSettings; Intl does the timezone arithmetic, so no dependency.
 */

export type LocalDateParts = { date: string; weekday: Weekday; time: string };

export type DayStatus = {
  status: 'open' | 'closed' | 'unknown';
  /** The first opening and the last closing of an open day. */
  start?: string;
  end?: string;
  /** An open day's slots in time order (one, or more with breaks between them). */
  slots?: TimeSlot[];
  /** The overwrite's note ("Christmas Day"), when an overwrite decides the day. */
  note?: string | null;
  overwrite?: HoursOverwrite;
};

export type OpenNow = {
  /** null when the business has not said its hours (and no overwrite covers today). */
  open: boolean | null;
  closes_at?: string;
  next_open?: { date: string; weekday: Weekday; start: string };
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The date (YYYY-MM-DD), weekday and time (HH:MM) on the business's wall clock. */
export function localDateParts(now: Date, timezone: string): LocalDateParts {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterFor(timezone).formatToParts(now);
  } catch {
    parts = formatterFor('UTC').formatToParts(now);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '00';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  const hour = get('hour') === '24' ? '00' : get('hour');
  return { date, weekday: weekdayOf(date), time: `${hour}:${get('minute')}` };
}

/** The weekday of a calendar date (YYYY-MM-DD). */
export function weekdayOf(date: string): Weekday {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7];
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T12:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Friday 25 December" (the year only when it is not the current one). */
export function describeDate(date: string, today?: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const withYear = today && today.slice(0, 4) !== date.slice(0, 4) ? ` ${year}` : '';
  return `${capitalize(weekdayOf(date))} ${day} ${MONTH_NAMES[month - 1]}${withYear}`;
}

/** "09:00" → "9am", "17:30" → "5:30pm", "12:00" → "noon", "23:59"/"00:00" at the end of a day → "midnight". */
export function formatTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  if ((hours === 23 && minutes === 59) || (hours === 0 && minutes === 0)) return 'midnight';
  if (hours === 12 && minutes === 0) return 'noon';
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? `${hour12}${suffix}` : `${hour12}:${String(minutes).padStart(2, '0')}${suffix}`;
}

/** The hours on one calendar date: an overwrite for the date decides; else the weekly hours; else unknown. */
export function hoursOn(settings: BusinessSettings, date: string): DayStatus {
  const overwrite = settings.overwrites.find((entry) => entry.date === date);
  if (overwrite) {
    if (overwrite.status === 'closed') return { status: 'closed', note: overwrite.note, overwrite };
    const start = overwrite.all_day ? '00:00' : overwrite.start;
    const end = overwrite.all_day ? '23:59' : overwrite.end;
    return { status: 'open', start, end, slots: [{ start, end }], note: overwrite.note, overwrite };
  }
  if (!settings.opening_hours) return { status: 'unknown' };
  const weekday = weekdayOf(date);
  const day = settings.opening_hours.find((entry) => entry.day === weekday);
  if (!day || !day.open) return { status: 'closed' };
  const slots = daySlots(day);
  return { status: 'open', start: slots[0].start, end: slots[slots.length - 1].end, slots };
}

/** How far ahead next_open looks (two weeks covers a closed holiday period). */
const LOOKAHEAD_DAYS = 21;

/** Whether the business is open at `now`, when it closes, and otherwise when it next opens. */
export function openNow(settings: BusinessSettings, now: Date): OpenNow {
  const local = localDateParts(now, settings.timezone);
  const today = hoursOn(settings, local.date);
  if (today.status === 'unknown') return { open: null };
  const slots = today.slots ?? [];
  const current = slots.find((slot) => slot.start <= local.time && local.time < slot.end);
  if (current) return { open: true, closes_at: current.end };
  // Before opening, or in a break between slots (lunch): open again later today.
  const later = slots.find((slot) => local.time < slot.start);
  if (later) return { open: false, next_open: { date: local.date, weekday: local.weekday, start: later.start } };
  for (let offset = 1; offset <= LOOKAHEAD_DAYS; offset += 1) {
    const date = addDays(local.date, offset);
    const day = hoursOn(settings, date);
    if (day.status === 'open') return { open: false, next_open: { date, weekday: weekdayOf(date), start: day.start! } };
  }
  return { open: false };
}

const sameHours = (a: DayHours, b: DayHours) => a.open === b.open && (!a.open || span(a) === span(b));

/** A run of consecutive weekdays: "Monday", "Monday and Tuesday", "Monday to Friday". */
export function weekdayRun(days: string[]): string {
  const first = capitalize(days[0]);
  if (days.length === 1) return first;
  const last = capitalize(days[days.length - 1]);
  return days.length === 2 ? `${first} and ${last}` : `${first} to ${last}`;
}

const dayRange = (days: DayHours[]) => weekdayRun(days.map((day) => day.day));

/** "9am to 5pm", or with a break "9am to 12:30pm and 1:30pm to 5pm". */
export function describeSlots(slots: TimeSlot[]): string {
  return slots.map((slot) => `${formatTime(slot.start)} to ${formatTime(slot.end)}`).join(' and ');
}

function span(day: DayHours): string {
  return describeSlots(daySlots(day));
}

/** "Monday to Friday 9am to 5pm, Saturday 10am to 2pm, closed on Sunday". */
export function describeWeeklyHours(hours: DayHours[]): string {
  const ordered = WEEKDAYS.map(
    (weekday) =>
      hours.find((day) => day.day === weekday) ?? { day: weekday, open: false, start: '00:00', end: '00:00' },
  );
  if (ordered.every((day) => !day.open)) return 'closed every day';
  if (ordered.every((day) => sameHours(day, ordered[0]))) return `every day ${span(ordered[0])}`;
  const groups: DayHours[][] = [];
  for (const day of ordered) {
    const group = groups[groups.length - 1];
    if (group && sameHours(group[group.length - 1], day)) group.push(day);
    else groups.push([day]);
  }
  const open = groups.filter((group) => group[0].open).map((group) => `${dayRange(group)} ${span(group[0])}`);
  const closed = groups.filter((group) => !group[0].open).map(dayRange);
  const closedText = closed.length ? `closed on ${closed.join(' and ')}` : '';
  return [...open, closedText].filter(Boolean).join(', ');
}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const MONTH_PATTERN = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const WEEKDAY_WORDS: Record<string, Weekday> = {
  monday: 'monday',
  mon: 'monday',
  tuesday: 'tuesday',
  tues: 'tuesday',
  tue: 'tuesday',
  wednesday: 'wednesday',
  weds: 'wednesday',
  wed: 'wednesday',
  thursday: 'thursday',
  thurs: 'thursday',
  thu: 'thursday',
  friday: 'friday',
  fri: 'friday',
  saturday: 'saturday',
  sunday: 'sunday',
};
// Plurals ("open on Saturdays") are the weekday too; "sat"/"sun" alone are too ambiguous.
const WEEKDAY_PATTERN = new RegExp(
  `\\b(this |next |coming |on )?(${Object.keys(WEEKDAY_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|')})s?\\b`,
);

/** Fixed-date holidays callers name; movable ones (Easter) come from the owner's overwrites. */
const HOLIDAYS: Array<[RegExp, number, number]> = [
  [/\bchristmas eve\b|\bxmas eve\b/, 12, 24],
  [/\bboxing day\b|\bst\.? stephen'?s day\b/, 12, 26],
  [/\bnew year'?s eve\b|\bnye\b/, 12, 31],
  [/\bnew year'?s?( day)?\b/, 1, 1],
  [/\bchristmas( day)?\b|\bxmas( day)?\b/, 12, 25],
  [/\bhalloween\b/, 10, 31],
  [/\bvalentine'?s( day)?\b/, 2, 14],
  [/\b(july 4th|4th of july|fourth of july|independence day)\b/, 7, 4],
];

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The next occurrence (today included) of month/day, or that year's when a year is given. */
function nextOccurrence(today: string, month: number, day: number, year?: number): string | null {
  if (year !== undefined) {
    const full = year < 100 ? 2000 + year : year;
    return isRealDate(full, month, day) ? iso(full, month, day) : null;
  }
  const thisYear = Number(today.slice(0, 4));
  for (const candidate of [thisYear, thisYear + 1, thisYear + 2, thisYear + 3, thisYear + 4]) {
    if (!isRealDate(candidate, month, day)) continue; // 29 February: the next leap year
    const date = iso(candidate, month, day);
    if (date >= today) return date;
  }
  return null;
}

/**
 * The calendar date a caller means, in the business's timezone: "today", "tonight",
 * "tomorrow", "the day after tomorrow", weekday names ("on Saturday", "this Sunday" =
 * the next one, today included; "next Monday" = the next one after today), dates
 * ("25 December", "December 25th", "25/12", "25/12/2026", "2026-12-25") and fixed
 * holidays ("Christmas Day", "Christmas Eve", "New Year's Day", "Boxing Day"), and a day
 * of the month alone ("on the 28th": the next 28th). Dates without a year are the next
 * occurrence. Numeric day/month is read day first unless only month first makes sense
 * (12/25). null when the text names no day.
 */
export function parseDayReference(text: string, now: Date, timezone: string): string | null {
  const lower = ` ${text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ')} `;
  const local = localDateParts(now, timezone);
  const today = local.date;

  const isoMatch = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(lower);
  if (isoMatch) {
    const [year, month, day] = [Number(isoMatch[1]), Number(isoMatch[2]), Number(isoMatch[3])];
    return isRealDate(year, month, day) ? iso(year, month, day) : null;
  }

  if (/\bday after tomorrow\b/.test(lower)) return addDays(today, 2);
  if (/\b(tomorrow|tmrw|tomorow)\b/.test(lower)) return addDays(today, 1);
  if (/\b(today|tonight|this (morning|afternoon|evening)|right now)\b/.test(lower)) return today;

  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?: of)? (${MONTH_PATTERN})\\.?(?:,? (\\d{4}))?\\b`).exec(
    lower,
  );
  if (dayFirst) {
    const result = nextOccurrence(
      today,
      MONTHS[dayFirst[2]],
      Number(dayFirst[1]),
      dayFirst[3] ? Number(dayFirst[3]) : undefined,
    );
    if (result) return result;
  }
  const monthFirst = new RegExp(
    `\\b(${MONTH_PATTERN})\\.? (?:the )?(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,? (\\d{4}))?`,
  ).exec(lower);
  if (monthFirst) {
    const result = nextOccurrence(
      today,
      MONTHS[monthFirst[1]],
      Number(monthFirst[2]),
      monthFirst[3] ? Number(monthFirst[3]) : undefined,
    );
    if (result) return result;
  }
  const numeric = /(?:^|[\s(])(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2}|\d{4}))?(?=[\s?!,.)]|$)/.exec(lower);
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[2])];
    const year = numeric[3] ? Number(numeric[3]) : undefined;
    const [day, month] = b > 12 && a <= 12 ? [b, a] : [a, b];
    const result = nextOccurrence(today, month, day, year);
    if (result) return result;
  }

  for (const [pattern, month, day] of HOLIDAYS) {
    if (pattern.test(lower)) return nextOccurrence(today, month, day);
  }

  // "Open on the 28th?": a day of the month said without its month is the next such day. An ordinal before a
  // word other than a linking one names a thing ("the 2nd visit", "the 3rd floor"), not a day.
  const dayOfMonth =
    /\b(?:on|the) (\d{1,2})(?:st|nd|rd|th)\b(?= ?[?!,.]| (?:at|in|or|and|for|please|too|then|if|as|morning|afternoon|evening|night)\b| *$)/.exec(
      lower,
    );
  if (dayOfMonth) {
    const wanted = Number(dayOfMonth[1]);
    const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    for (let ahead = 0; ahead < 3; ahead += 1) {
      const [y, m] = month + ahead > 12 ? [year + 1, month + ahead - 12] : [year, month + ahead];
      if (isRealDate(y, m, wanted) && iso(y, m, wanted) >= today) return iso(y, m, wanted);
    }
  }

  const weekdayMatch = WEEKDAY_PATTERN.exec(lower);
  if (weekdayMatch) {
    const target = WEEKDAY_WORDS[weekdayMatch[2]];
    const ahead = (WEEKDAYS.indexOf(target) - WEEKDAYS.indexOf(local.weekday) + 7) % 7;
    const excludeToday = weekdayMatch[1]?.trim() === 'next';
    return addDays(today, ahead === 0 && excludeToday ? 7 : ahead);
  }
  return null;
}
