import { daySlots, WEEKDAYS, type HoursOverwrite, type Weekday } from '#contract/schemas/business-settings';
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
  weekdayRun,
  type DayStatus,
} from '../hours';
import type { AssistantTools, BusinessContext } from '../types';
import { businessSource, hitSource, type Answer } from './answer';
import { SEARCH_LIMIT } from './knowledge';
import { nameInSentence } from './naming';
import { sentences } from './text';
import { dayPattern, daysOf, timesIn } from './timetable-read';

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
/** "Sundays", "on a Sunday", "any Sunday": the weekday in general, not one date. */
const PLURAL_DAY =
  /\b(mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|\b(a|any|every) (mon|tues|wednes|thurs|fri|satur|sun)day\b/i;

/**
 * When the caller could come, said as a part of their own day ("after work", "in my lunch break",
 * "first thing"): late parts are answered by the closing times, early ones by the opening times,
 * lunch by the hours. `edge`: the clock time the words mean (after work is after 5:30pm); a
 * business that closes by then (or opens after it) is said plainly not to be open then.
 */
type VisitPart = { said: string; kind: 'late' | 'early' | 'lunch'; edge: string | null };
const VISIT_PARTS: Array<[RegExp, VisitPart]> = [
  [/\bafter work\b/i, { said: 'after work', kind: 'late', edge: '17:30' }],
  [/\bafter school\b/i, { said: 'after school', kind: 'late', edge: '15:30' }],
  [/\blate afternoons?\b/i, { said: 'in the late afternoon', kind: 'late', edge: '16:00' }],
  [/\b(nights?|out of hours)\b/i, { said: 'at night', kind: 'late', edge: '20:00' }],
  [/\b(evenings?|late)\b/i, { said: 'in the evening', kind: 'late', edge: '17:00' }],
  [/\bbefore work\b/i, { said: 'before work', kind: 'early', edge: '08:30' }],
  [/\bbefore school\b/i, { said: 'before school', kind: 'early', edge: '08:30' }],
  [/\bearly( in the)? mornings?\b|\bearly\b/i, { said: 'early in the morning', kind: 'early', edge: '08:00' }],
  [/\bfirst thing\b/i, { said: 'first thing', kind: 'early', edge: null }],
  [/\blunch ?(break|hour|time)s?\b|\b(at|over) lunch\b/i, { said: 'at lunchtime', kind: 'lunch', edge: null }],
];

/** "Monday to Thursday", "Monday, Wednesday and Friday", "on Friday". */
function daysText(days: Weekday[]): string {
  const runs: Weekday[][] = [];
  for (const day of days) {
    const run = runs[runs.length - 1];
    if (run && WEEKDAYS.indexOf(run[run.length - 1]) + 1 === WEEKDAYS.indexOf(day)) run.push(day);
    else runs.push([day]);
  }
  const said = runs.map(weekdayRun);
  const text = said.length > 1 ? `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}` : said[0];
  return days.length === 1 ? `on ${text}` : text;
}

/** The weekly times that answer, grouped by day: "until 5:30pm Monday to Thursday and until 4pm on Friday". */
function timesByDay(open: Array<{ day: Weekday; time: string }>, word: string): string {
  const groups: Array<{ time: string; days: Weekday[] }> = [];
  for (const { day, time } of open) {
    const group = groups.find((known) => known.time === time);
    if (group) group.days.push(day);
    else groups.push({ time, days: [day] });
  }
  const said = groups.map((group) => `${word} ${formatTime(group.time)} ${daysText(group.days)}`);
  return said.length > 1 ? `${said.slice(0, -1).join(', ')} and ${said[said.length - 1]}` : said[0];
}

/** The hours said for a part of the caller's day; `closedThen` when the business is not open then. */
function partAnswer(business: BusinessContext, part: VisitPart): HoursAnswer | null {
  const weekly = business.settings.opening_hours;
  if (!weekly) return null;
  const open = WEEKDAYS.flatMap((day) => {
    const hours = weekly.find((entry) => entry.day === day);
    return hours?.open ? [{ day, hours }] : [];
  });
  if (!open.length) return null;
  const sources = [businessSource(business.id, 'opening_hours', 'Opening hours')];
  const spans = open.map(({ day, hours }) => {
    const slots = daySlots(hours);
    return { day, start: slots[0].start, end: slots[slots.length - 1].end, slots };
  });
  if (part.kind === 'lunch') {
    const throughLunch = spans.every(({ slots }) => slots.some((slot) => slot.start <= '12:00' && slot.end >= '14:00'));
    const week = describeWeeklyHours(weekly);
    return {
      text: throughLunch ? `Yes, we're open at lunchtime: ${week}.` : `Our opening hours are ${week}.`,
      sources,
    };
  }
  if (part.kind === 'late') {
    const times = timesByDay(
      spans.map(({ day, end }) => ({ day, time: end })),
      'until',
    );
    const openThen = !part.edge || spans.some(({ end }) => end > part.edge!);
    if (openThen) return { text: `We're open ${times}.`, sources };
    const close = timesByDay(
      spans.map(({ day, end }) => ({ day, time: end })),
      'at',
    ).replace(/^at /, '');
    return {
      text: `We close at ${close}, so we're not open ${part.said}.`,
      lead: `We close at ${close}`,
      closedThen: { days: [], late: part.edge! },
      sources,
    };
  }
  const opens = timesByDay(
    spans.map(({ day, start }) => ({ day, time: start })),
    'at',
  ).replace(/^at /, '');
  const openThen = !part.edge || spans.some(({ start }) => start < part.edge!);
  if (openThen) return { text: `We open at ${opens}.`, sources };
  return {
    text: `We open at ${opens}, so we're not open ${part.said}.`,
    lead: `We open at ${opens}`,
    closedThen: { days: [], early: part.edge! },
    sources,
  };
}

/**
 * An hours answer that says the business is closed when the caller asked (`closedThen`: the
 * weekdays, or the part of the day after `late` / before `early`), with its first clause alone
 * (`lead`), so the owner's own word on that time can follow it (ownersWordOnThen).
 */
export type HoursAnswer = Answer & {
  closedThen?: { days: Weekday[]; late?: string; early?: string };
  lead?: string;
};

export function answerHours(business: BusinessContext, message: string, now: Date): HoursAnswer | null {
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
  if (date && !(date === local.date && NOW.test(message))) {
    const plural = PLURAL_DAY.test(message);
    const answer = dayAnswer(business, date, local.date, asked, plural);
    const day = hoursOn(settings, date);
    // A weekday the business does not open on: the owner may still work then ("Sundays: emergencies only").
    // "Are you open on Monday?" asks the hours alone: no "but".
    if (!answer || day.status !== 'closed' || day.overwrite || asked) return answer;
    const label = plural ? `on ${capitalize(weekdayOf(date))}s` : dayLabel(date, local.date);
    return { ...answer, closedThen: { days: [weekdayOf(date)] }, lead: `We're closed ${label}` };
  }

  const part = NOW.test(message) ? null : VISIT_PARTS.find(([pattern]) => pattern.test(message))?.[1];
  if (part) {
    const answer = partAnswer(business, part);
    return asked && answer ? { ...answer, closedThen: undefined } : answer;
  }

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

/** A sentence's first word said mid-sentence lower-cased only when it is no name ("On Sundays…", "We…"). */
const SENTENCE_START = /^(On|We|Our|The|Every|From|At|In|During|After|Before)\b/;
const YES_NO_LEAD = /^(yes|no|yeah|yep|sure|of course)\b[,.!]?\s*/i;

/**
 * "Do you come out on a Sunday?" at a business closed on Sundays, "can I come in after work?" at
 * one that closes at 5pm: the owner's own sentence on that time, when a passage the caller's
 * words find has one ("On Sundays we only do emergency call-outs", "on Tuesdays we see clients
 * until 7pm"), follows the hours: a sentence naming the weekday asked, or giving a time in the part
 * of the day asked, that does not itself say closed. Without one the hours answer stands.
 */
export async function ownersWordOnThen(answer: HoursAnswer, message: string, tools: AssistantTools): Promise<Answer> {
  const then = answer.closedThen;
  if (!then || !answer.lead) return answer;
  // The caller's words, and the time alone ("Sundays", "evening appointments" is found by "evening"):
  // the hours made no search of their own, so this is the turn's two.
  const time = then.days.length ? then.days.map((day) => `${day}s`).join(' ') : then.late ? 'evening' : 'morning';
  const found = (await Promise.all([message, time].map((query) => tools.searchKnowledge(query, SEARCH_LIMIT)))).flat();
  // The owner's sentences on the time come before a service's description, which names the service only by its title.
  const hits = found
    .filter(
      (hit, index) =>
        found.findIndex((other) => other.source._id === hit.source._id && other.text === hit.text) === index,
    )
    .sort((a, b) => Number(a.source.kind === 'service') - Number(b.source.kind === 'service'));
  for (const hit of hits) {
    const said = sentences(hit.text).find((sentence) => {
      if (/\?\s*$/.test(sentence) || /\b(closed|shut)\b/i.test(sentence)) return false;
      const named = [...sentence.matchAll(dayPattern('gi'))];
      const days = named.flatMap((match) => daysOf(match[0]));
      // The weekday by its name ("on Sundays"), not inside "weekdays" or "every day".
      if (then.days.length)
        return then.days.some((day) =>
          named.some((match) => daysOf(match[0]).includes(day) && match[0].toLowerCase().includes(day.slice(0, 3))),
        );
      const times = timesIn(sentence);
      return (
        days.length > 0 &&
        times.some((time) => {
          const at = time.end ?? time.start;
          return then.late ? at > then.late : then.early ? time.start < then.early : false;
        })
      );
    });
    if (!said) continue;
    const owners = said.replace(YES_NO_LEAD, '');
    const service = hit.source.kind === 'service' ? (hit.source.title ?? hit.heading) : null;
    return {
      text: service
        ? `${answer.lead}. ${nameInSentence(service)}: ${capitalize(owners)}`
        : `${answer.lead}, but ${owners.replace(SENTENCE_START, (word) => word.toLowerCase())}`,
      sources: [...answer.sources, hitSource(hit)],
    };
  }
  return answer;
}
