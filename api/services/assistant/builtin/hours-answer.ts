import type { HoursOverwrite } from '#contract/schemas/business-settings';
import {
  addDays,
  capitalize,
  describeDate,
  describeSlots,
  describeWeeklyHours,
  formatTime,
  hoursOn,
  localDateParts,
  openNow,
  parseDayReference,
  weekdayOf,
  type DayStatus,
} from '../hours';
import type { BusinessContext } from '../types';
import { businessSource, type Answer } from './answer';

/**
 * Opening-hours answers, from the business's settings only: the weekly hours, a day
 * ("are you open on Saturday / Christmas Day / 24 December?"), or right now. An overwrite
 * for the day wins and its note is said ("closed for Christmas Day"). null when the hours
 * were never set (the caller's question then goes to the knowledge base, or to the team).
 */
const UPCOMING_DAYS = 14;

function dayLabel(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  return `on ${describeDate(date, today)}`;
}

function span(day: DayStatus): string {
  if (day.overwrite?.all_day) return 'all day';
  // With a break: "from 9am to 12:30pm and 1:30pm to 5pm".
  return `from ${describeSlots(day.slots ?? [{ start: day.start!, end: day.end! }])}`;
}

/** The overwrite's note as said: " for Christmas Day" (closed), " (Christmas Eve)" (open, or a note that is a phrase of its own). */
function reason(note: string | null | undefined, open = false): string {
  const text = note?.trim().replace(/[.!]+$/, '');
  if (!text) return '';
  if (open || /^(closed|shut|open|we|our|the)\b/i.test(text)) return ` (${text})`;
  return ` for ${text}`;
}

function overwriteSource(business: BusinessContext, overwrite: HoursOverwrite) {
  return {
    kind: 'business' as const,
    _id: business.id,
    type: 'hours_overwrite',
    title: overwrite.note ?? overwrite.date,
  };
}

function nextOpening(business: BusinessContext, after: string, today: string): string {
  for (let offset = 1; offset <= 21; offset += 1) {
    const date = addDays(after, offset);
    const day = hoursOn(business.settings, date);
    if (day.status === 'open')
      return ` We're open again ${dayLabel(date, today)} ${day.overwrite?.all_day ? 'all day' : `from ${formatTime(day.start!)}`}.`;
  }
  return '';
}

/** asked: the caller's yes-or-no question ("are you open…?" / "are you closed…?"), null for "what time…?". */
type Asked = 'open' | 'closed' | null;

function dayAnswer(
  business: BusinessContext,
  date: string,
  today: string,
  asked: Asked,
  plural: boolean,
): Answer | null {
  const day = hoursOn(business.settings, date);
  if (day.status === 'unknown') return null;
  const sources = [businessSource(business.id, 'opening_hours', 'Opening hours')];
  if (day.overwrite) sources.push(overwriteSource(business, day.overwrite));
  const label = plural && !day.overwrite ? `on ${capitalize(weekdayOf(date))}s` : dayLabel(date, today);
  const note = reason(day.note, day.status === 'open');
  if (day.status === 'open') {
    const lead = asked === 'open' ? 'Yes, ' : asked === 'closed' ? 'No, ' : '';
    return { text: capitalize(`${lead}${label}${note} we're open ${span(day)}.`), sources };
  }
  const lead = asked === 'open' ? 'No, we' : asked === 'closed' ? 'Yes, we' : 'We';
  return { text: `${lead}'re closed ${label}${note}.${nextOpening(business, date, today)}`, sources };
}

/** "Any classes on Boxing Day?" when the day is closed: "No, we're closed on … We're open again …" */
export const closedDayAnswer = (business: BusinessContext, date: string, today: string) =>
  dayAnswer(business, date, today, 'open', false);

const WEEKEND = /\bweekends?\b/i;
const NOW = /\b(now|right now|at the moment|currently|still open|open yet|this minute)\b/i;
/** "What time do you open?" asks when, not whether: no "Yes,". */
const ASKS_WHEN = /^\W*(what|when|which|how)\b/i;
const ASKED_OPEN =
  /\b(are|is|you) (you |it |the [a-z]+ )?(still |currently )?(open|closed|shut)\b|\b(do|will) you (open|work|trade)\b|\bopen (on|at|over|this|next|today|tomorrow|christmas|new|boxing)\b/i;
const PLURAL_DAY = /\b(mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b/i;

export function answerHours(business: BusinessContext, message: string, now: Date): Answer | null {
  const settings = business.settings;
  const local = localDateParts(now, settings.timezone);
  const askedOpen = ASKED_OPEN.test(message) && !ASKS_WHEN.test(message);
  const asked: Asked = askedOpen ? (/\b(closed|shut)\b/i.test(message) ? 'closed' : 'open') : null;

  if (WEEKEND.test(message) && !parseDayReference(message.replace(WEEKEND, ''), now, settings.timezone)) {
    const saturday = parseDayReference('saturday', now, settings.timezone)!;
    const parts = [
      dayAnswer(business, saturday, local.date, null, true),
      dayAnswer(business, addDays(saturday, 1), local.date, null, true),
    ];
    if (parts.some((part) => !part)) return null;
    const text = parts.map((part) => part!.text.replace(/ We're open again[^.]*\./, '')).join(' ');
    return { text, sources: parts[0]!.sources.concat(parts[1]!.sources) };
  }

  const date = parseDayReference(message, now, settings.timezone);
  if (date && !(date === local.date && NOW.test(message)))
    return dayAnswer(business, date, local.date, asked, PLURAL_DAY.test(message));

  if (NOW.test(message) || (askedOpen && !/\bhours|times\b/i.test(message))) {
    const status = openNow(settings, now);
    if (status.open === null) return null;
    const sources = [businessSource(business.id, 'opening_hours', 'Opening hours')];
    const today = hoursOn(settings, local.date);
    if (today.overwrite) sources.push(overwriteSource(business, today.overwrite));
    if (status.open)
      return {
        text: `${asked === 'closed' ? 'No, w' : asked === 'open' ? 'Yes, w' : 'W'}e're open now until ${formatTime(status.closes_at!)}.`,
        sources,
      };
    const note = today.status === 'closed' ? reason(today.note) : '';
    const closed = today.status === 'closed' && today.overwrite ? `closed today${note}` : 'closed right now';
    const next = status.next_open
      ? ` We open again ${dayLabel(status.next_open.date, local.date)} at ${formatTime(status.next_open.start)}.`
      : '';
    return {
      text: `${asked === 'open' ? 'No, w' : asked === 'closed' ? 'Yes, w' : 'W'}e're ${closed}.${next}`,
      sources,
    };
  }

  if (!settings.opening_hours) return null;
  const sources = [businessSource(business.id, 'opening_hours', 'Opening hours')];
  let text = `Our opening hours are ${describeWeeklyHours(settings.opening_hours)}.`;
  const upcoming = settings.overwrites
    .filter((entry) => entry.date >= local.date && entry.date <= addDays(local.date, UPCOMING_DAYS))
    .sort((a, b) => a.date.localeCompare(b.date));
  const notes = upcoming.map((entry) => {
    sources.push(overwriteSource(business, entry));
    const day = hoursOn(settings, entry.date);
    const note = reason(entry.note, day.status === 'open');
    return day.status === 'open'
      ? `${dayLabel(entry.date, local.date)}${note} we're open ${span(day)}`
      : `${dayLabel(entry.date, local.date)} we're closed${note}`;
  });
  if (notes.length) text += ` Please note: ${notes.join('; ')}.`;
  return { text, sources };
}
