import { WEEKDAYS, type Weekday } from '#contract/schemas/business-settings';
import {
  addDays,
  capitalize,
  describeDate,
  formatTime,
  hoursOn,
  localDateParts,
  parseDayReference,
  weekdayOf,
} from '../hours';
import type { AssistantTools, BusinessContext, TurnInput } from '../types';
import { hitSource, type Answer } from './answer';
import { SEARCH_LIMIT } from './knowledge';
import { closedDayAnswer } from './hours-answer';
import { questionTerms, termKeys } from './text';
import { daysOf, scheduleOf, type ScheduleEntry } from './timetable-read';

/**
 * "Is there a class on this evening?", "what's on Monday evenings?", "any classes on Boxing
 * Day?", "anything on a Saturday morning for beginners?", "what time is the earliest class on
 * weekdays?": a question naming a day and/or a part of the day, answered by the timetable
 * entries that fall there (timetable-read.ts reads them from the passages the search finds).
 * The owner's special dates come first: a day closed is said closed, a day open for part of
 * it keeps the entries inside its hours. The question's subject words must all be in the
 * timetable's passages ("yoga" at a climbing wall is not), else this answers nothing and the
 * question goes on (to the team, usually). A day the timetable has nothing for answers nothing.
 */
type Part = { name: string; from: string; to: string };

/** The parts of a day callers name, and the clock hours they mean (a closed class of words). */
const PARTS: Array<[RegExp, Part]> = [
  [/\b(lunchtimes?|lunch ?times?|at lunch)\b/i, { name: 'lunchtime', from: '11:30', to: '14:00' }],
  [/\b(mornings?|before work|am\b)/i, { name: 'morning', from: '00:00', to: '12:00' }],
  [/\b(afternoons?)\b/i, { name: 'afternoon', from: '12:00', to: '17:00' }],
  [/\b(evenings?|tonight|nights?|after work)\b/i, { name: 'evening', from: '17:00', to: '24:00' }],
];
/** Words that only say when ("what time", "this", "after work"), read off before the subject words are. */
const WHEN_WORDS =
  /\b(what|which) (time|times|days?)\b|\b(before|after) work\b|\b(earliest|latest|next|times?|on|this|coming|week|today|tonight|tomorrow|days?|weekly|there|anything|something|any|what's|whats|happening|going)\b/gi;
const DAY_WORDS =
  /\b((mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|tues|wed|weds|thu|thur|thurs|fri|weekends?|weekdays?|mornings?|afternoons?|evenings?|nights?|lunchtimes?|lunch ?times?|boxing day|christmas( day| eve)?|xmas( day| eve)?|new year'?s?( day| eve)?|\d{1,2}(st|nd|rd|th)?( of)? [a-z]+)\b/gi;
const EARLIEST = /\bearliest\b/i;
const LATEST = /\blatest\b/i;

type Asked = {
  /** One calendar date ("tomorrow", "Boxing Day", "on Saturday"), or weekdays in general ("Mondays", "weekends"). */
  date: string | null;
  days: Weekday[];
  part: Part | null;
  /** The words of an owner's special date the caller named ("easter"): they say when, not what. */
  naming?: string[];
};

/**
 * "Any classes on Easter Monday?": a special date the owner named ("Easter Monday", "Staff
 * training day") is that date, before the weekday its name holds is read as any Monday.
 */
function ownerNamedDate(business: BusinessContext, message: string, today: string) {
  const said = termKeys(message);
  const named = business.settings.overwrites
    .filter((entry) => entry.date >= today && entry.note)
    .sort((a, b) => a.date.localeCompare(b.date))
    .find((entry) => {
      const name = questionTerms(entry.note!.split(/[:(–—]|\s-\s/)[0]);
      return name.length > 0 && name.every((term) => said.has(term.key));
    });
  return named ? { date: named.date, words: questionTerms(named.note!).map((term) => term.word) } : null;
}

function readAsked(business: BusinessContext, message: string, now: Date): Asked | null {
  const timezone = business.settings.timezone;
  const part = PARTS.find(([pattern]) => pattern.test(message))?.[1] ?? null;
  const named = ownerNamedDate(business, message, localDateParts(now, timezone).date);
  if (named) return { date: named.date, days: [weekdayOf(named.date)], part, naming: named.words };
  const plain = message.replace(/\b(before|after) work\b/gi, '');
  const general =
    /\b(weekends?|weekdays?)\b/i.exec(plain) ??
    /\b(mon|tues|wednes|thurs|fri|satur|sun)days\b/i.exec(plain) ??
    /\b(a|every|any) (mon|tues|wednes|thurs|fri|satur|sun)day\b/i.exec(plain);
  if (general) return { date: null, days: daysOf(general[0].replace(/^(a|every|any) /i, '')), part };
  const date = parseDayReference(/\btonight\b/i.test(plain) ? 'today' : plain, now, timezone);
  if (date) return { date, days: [weekdayOf(date)], part };
  return part ? { date: null, days: [...WEEKDAYS], part } : null;
}

const sameEntry = (a: ScheduleEntry, b: ScheduleEntry) =>
  a.start === b.start && a.what.toLowerCase() === b.what.toLowerCase();

function itemText(entry: ScheduleEntry): string {
  // "Lunch Climb (45 mins)" is said "Lunch Climb at 12:15pm (45 mins)".
  const [, name, aside] = /^(.*?)\s*(\([^)]*\))?$/.exec(entry.what) ?? [entry.what, entry.what];
  const when = entry.end
    ? `from ${formatTime(entry.start)} to ${formatTime(entry.end)}`
    : `at ${formatTime(entry.start)}`;
  return [name, when, aside].filter(Boolean).join(' ');
}

function listText(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}` : items[0];
}

function dayLead(asked: Asked, days: Weekday[], today: string, partName: string | null): string {
  const part = partName ? ` ${partName}` : '';
  if (asked.date === today) return partName === 'evening' ? 'This evening' : partName ? `This ${partName}` : 'Today';
  if (asked.date === addDays(today, 1)) return `Tomorrow${part}`;
  // A date more than a week ahead is said with its date ("On Thursday 24 December").
  if (asked.date)
    return `On ${asked.date > addDays(today, 6) ? describeDate(asked.date, today) : capitalize(days[0])}${part}`;
  return `On ${listText(days.map((day) => `${capitalize(day)}${part}s`))}`;
}

const inPart = (entry: ScheduleEntry, part: Part | null) =>
  !part || (entry.start >= part.from && entry.start < part.to);

export async function answerTimetable(
  input: TurnInput,
  tools: AssistantTools,
  extraGeneric: string[],
): Promise<Answer | null> {
  const { business, message, now } = input;
  const timezone = business.settings.timezone;
  const asked = readAsked(business, message, now);
  if (!asked) return null;
  const subject = questionTerms(message.replace(DAY_WORDS, ' ').replace(WHEN_WORDS, ' '), [
    ...extraGeneric,
    ...(asked.naming ?? []),
  ]).filter((term) => term.specific);
  // The caller's own words find a service or note that gives its own times; that search is the one the
  // knowledge answer makes next (a turn's searches are made once), so it costs nothing extra. The days
  // alone find a timetable the subject words miss ("class" finds the services): searched when a day is
  // named or nothing else is, not for "do you do call-outs at night?", which names only a part of the day.
  const days = [...asked.days, asked.part?.name ?? ''].join(' ').trim();
  const dayNamed = asked.date !== null || asked.days.length < WEEKDAYS.length;
  const searches = await Promise.all(
    [message, dayNamed || !subject.length ? days : null]
      .filter((query): query is string => Boolean(query))
      .map((query) => tools.searchKnowledge(query, SEARCH_LIMIT)),
  );
  const hits = searches
    .flat()
    .filter(
      (hit, index, list) =>
        list.findIndex((other) => other.source._id === hit.source._id && other.text === hit.text) === index,
    )
    .map((hit) => ({ hit, entries: scheduleOf(hit) }));
  const schedules = hits.filter((found) => found.entries.length);
  if (!schedules.length) return null;

  // Every subject word is in a timetable's passage ("class" in its heading or notes); those in entries choose them.
  const known = termKeys(
    schedules.flatMap(({ entries }) => entries.map((entry) => `${entry.what} ${entry.context}`)).join(' '),
  );
  if (!subject.every((term) => known.has(term.key))) return null;
  const all = schedules.flatMap(({ entries }) => entries);
  const naming = subject.filter((term) => all.some((entry) => termKeys(entry.what).has(term.key)));
  const chosen = all
    .filter((entry) => naming.every((term) => termKeys(entry.what).has(term.key)))
    .filter(
      (entry, index, list) =>
        list.findIndex((other) => sameEntry(entry, other) && other.days.join() === entry.days.join()) === index,
    );
  const sources = schedules
    .filter(({ entries }) => entries.some((entry) => chosen.includes(entry)))
    .map(({ hit }) => hitSource(hit));

  const today = localDateParts(now, timezone).date;
  let window: { from: string; to: string } | null = null;
  if (asked.date) {
    const day = hoursOn(business.settings, asked.date);
    if (day.overwrite && day.status === 'closed') return closedDayAnswer(business, asked.date, today);
    if (day.overwrite && day.status === 'open') window = { from: day.start!, to: day.end! };
  }

  const onDay = (day: Weekday) =>
    chosen
      .filter(
        (entry) => entry.days.includes(day) && (!window || (entry.start >= window.from && entry.start < window.to)),
      )
      .sort((a, b) => a.start.localeCompare(b.start));
  const scheduled = asked.days.filter((day) => onDay(day).length);
  if (!scheduled.length) {
    // A weekday the business is closed on, with nothing in the timetable: said closed.
    if (asked.date && hoursOn(business.settings, asked.date).status === 'closed')
      return closedDayAnswer(business, asked.date, today);
    return null;
  }
  const inAsked = (day: Weekday) => onDay(day).filter((entry) => inPart(entry, asked.part));

  if (EARLIEST.test(message) || LATEST.test(message)) {
    const found = scheduled.flatMap((day) => inAsked(day).map((entry) => ({ day, entry })));
    if (!found.length) return null;
    const starts = found.map(({ entry }) => entry.start).sort();
    const start = EARLIEST.test(message) ? starts[0] : starts[starts.length - 1];
    // "The earliest is at 7am: Vinyasa Flow on Monday and Friday and Reformer Pilates on Wednesday."
    const byWhat = new Map<string, Weekday[]>();
    for (const { day, entry } of found.filter(({ entry }) => entry.start === start))
      byWhat.set(entry.what, [...(byWhat.get(entry.what) ?? []), day]);
    const what = [...byWhat].map(([name, on]) => `${name} on ${listText(on.map(capitalize))}`);
    const which = EARLIEST.test(message) ? 'earliest' : 'latest';
    return { text: `The ${which} is at ${formatTime(start)}: ${listText(what)}.`, sources };
  }

  const lines: string[] = [];
  const groups: Array<{ days: Weekday[]; text: string }> = [];
  for (const day of scheduled) {
    let entries = inAsked(day);
    if (asked.date === today) {
      const time = localDateParts(now, timezone).time;
      const later = entries.filter((entry) => entry.start >= time);
      if (later.length) entries = later;
    }
    // Of several days, those with nothing in the part asked are left out.
    if (!entries.length && scheduled.length > 1) continue;
    const text = entries.length ? listText(entries.map(itemText)) : '';
    const group = groups[groups.length - 1];
    if (group && group.text === text) group.days.push(day);
    else groups.push({ days: [day], text });
  }
  if (!groups.length) return null;
  const part = asked.part?.name ?? null;
  for (const group of groups) {
    if (group.text) {
      lines.push(`${dayLead(asked, group.days, today, part)} there's ${group.text}.`);
      continue;
    }
    // One day with nothing in the part of the day asked: what is on that day instead.
    const whole = listText(onDay(group.days[0]).map(itemText));
    const none = dayLead(asked, group.days, today, part).replace(/^(On|This|Tomorrow|Today)\b/, (word) =>
      word.toLowerCase(),
    );
    const instead = dayLead(asked, group.days, today, null).replace(/^(On|Today|Tomorrow)\b/, (word) =>
      word.toLowerCase(),
    );
    lines.push(`There's nothing ${none}; ${instead} there's ${whole}.`);
  }
  return { text: lines.join(' '), sources };
}
