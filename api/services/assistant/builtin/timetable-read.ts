import { WEEKDAYS, type Weekday } from '#contract/schemas/business-settings';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { nameInSentence } from './naming';
import { cleanPassage, questionTerms } from './text';

/**
 * Timetables as owners write them, read into entries (weekdays, start, optional end, what):
 *
 * - a day and its sessions on one line: "Monday – 7am Vinyasa Flow · 6.15pm Reformer Pilates",
 *   "Tue 18:30 Aqua fit", a table row read out ("Monday: 6pm to 7pm; Spin");
 * - a day as a heading and its times on the lines below ("Saturday" / "09:00 Lane swimming");
 * - a sentence that gives times by day ("Breakfast is served from 8:00 to 9:30 on weekdays and
 *   from 8:00 to 10:00 on Saturdays and Sundays", a service's "on Tuesday evenings at 7pm").
 *
 * A time needs am/pm or hours and minutes ("7am", "18:30", "12.30pm"), so prices and counts
 * are never read as times. Words are read here, at answer time, from the passages the search
 * finds, so a timetable pasted, uploaded or written in a service reads the same.
 */
export type ScheduleEntry = {
  days: Weekday[];
  start: string;
  end: string | null;
  what: string;
  /** The words around it that describe it: the passage's title and notes, or the sentence that gives it. */
  context: string;
};

const DAY_NAME =
  '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun';
const DAY = `(?:${DAY_NAME})\\.?`;
const DAY_RANGE = `${DAY}(?:\\s*(?:-|–|—|to|until|till|through|thru)\\s*${DAY})?`;
/** "Monday", "Mon–Fri", "Saturdays and Sundays", "Tue, Thu & Sat", "weekdays", "every day". */
const DAY_SPEC = `(?:${DAY_RANGE}(?:\\s*(?:,|and|&|/)\\s*${DAY_RANGE})*|weekdays?|weekends?|daily|every day)`;
const MORNING_WORDS = '(?:\\s+(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?))?';

const CLOCK = '(\\d{1,2})(?:[:.](\\d{2}))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)?';
/** "7am", "6.15pm", "18:30", "6-7pm", "from 8:00 to 9:30", "noon". */
const TIME_RANGE = new RegExp(
  `(?<![£$€\\d.:])\\b(?:from\\s+)?${CLOCK}(?:\\s*(?:-|–|—|to|until|till)\\s*${CLOCK})?(?![\\d%])`,
  'gi',
);

/** Day specs in a text ("Tuesday to Saturday", "weekends", "Mon-Fri evenings"). */
export const dayPattern = (flags = 'i') => new RegExp(`\\b${DAY_SPEC}${MORNING_WORDS}\\b`, flags);
const DAY_LINE = new RegExp(`^\\s*(${DAY_SPEC})\\s*(?:[:–—|,-]\\s*|\\s+)(.*)$`, 'i');
const DAY_HEADING = new RegExp(`^\\s*(${DAY_SPEC})\\s*:?\\s*$`, 'i');

/** "tu" and "th", "sa" and "su" share a first letter: two letters tell every weekday apart. */
const dayOf = (word: string): Weekday | null =>
  WEEKDAYS.find((day) => day.startsWith(word.toLowerCase().slice(0, 2))) ?? null;

/** The weekdays a day spec names ("Mon–Fri" = five, "Saturdays and Sundays" = two). */
export function daysOf(spec: string): Weekday[] {
  const text = spec.toLowerCase();
  if (/\bweekends?\b/.test(text)) return ['saturday', 'sunday'];
  if (/\bweekdays?\b/.test(text)) return WEEKDAYS.slice(0, 5);
  if (/\b(daily|every day)\b/.test(text)) return [...WEEKDAYS];
  const days = new Set<Weekday>();
  for (const range of text.split(/\s*(?:,|\band\b|&|\/)\s*/)) {
    const ends = range.split(/\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b)\s*/).map((word) => {
      const match = new RegExp(`^(${DAY_NAME})`).exec(word.trim());
      return match ? dayOf(match[1]) : null;
    });
    const [first, last] = [ends[0], ends[ends.length - 1]];
    if (!first || !last) continue;
    for (let index = WEEKDAYS.indexOf(first); ; index = (index + 1) % 7) {
      days.add(WEEKDAYS[index]);
      if (WEEKDAYS[index] === last) break;
    }
  }
  return WEEKDAYS.filter((day) => days.has(day));
}

const pad = (value: number) => String(value).padStart(2, '0');

function clock(hour: string, minute: string | undefined, meridiem: string | undefined, fallback?: string) {
  let hours = Number(hour);
  const minutes = minute ? Number(minute) : 0;
  const half = (meridiem ?? fallback ?? '').toLowerCase().replace(/\./g, '');
  if (half === 'pm' && hours < 12) hours += 12;
  if (half === 'am' && hours === 12) hours = 0;
  return hours > 23 || minutes > 59 ? null : `${pad(hours)}:${pad(minutes)}`;
}

type Found = { start: string; end: string | null; index: number; length: number };

/** The times of a piece of text, each with where it was said. */
export function timesIn(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(TIME_RANGE)) {
    const [, h1, m1, p1, h2, m2, p2] = match;
    // A bare number is no time ("2 people"): am/pm, or hours and minutes, makes it one.
    if (!p1 && !m1 && !p2) continue;
    if (h2 && !p2 && !m2 && !p1 && !m1) continue;
    // "6-7pm": the first takes the second's half of the day when it is earlier in it.
    const start = clock(h1, m1, p1, p1 ? undefined : p2 && Number(h1) <= Number(h2) ? p2 : undefined);
    const end = h2 ? clock(h2, m2, p2) : null;
    if (start) found.push({ start, end, index: match.index, length: match[0].length });
  }
  return found;
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:·•|–—-]+|[\s,;:·•|–—-]+$/g, '')
    .replace(/^(?:(?:at|from|on|and|to)\s+)+|(?:\s+(?:at|from|on|and|to))+$/gi, '')
    .trim();

function withoutTimes(text: string, times: Found[]): string {
  let rest = text;
  for (const time of [...times].sort((a, b) => b.index - a.index))
    rest = rest.slice(0, time.index) + ' ' + rest.slice(time.index + time.length);
  return tidy(rest);
}

/** "Monday – 7am Vinyasa Flow · 6.15pm Reformer": each item with a time is one entry; an item without one adds to the last. */
function lineEntries(days: Weekday[], rest: string): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [];
  for (const item of rest.split(/\s*[·•;|]\s*|,\s+(?=\d)/)) {
    const times = timesIn(item);
    const what = withoutTimes(item, times);
    if (!times.length) {
      const last = entries[entries.length - 1];
      if (last && what) last.what = tidy(`${last.what} ${what}`);
      continue;
    }
    entries.push({ days, start: times[0].start, end: times[0].end, what, context: '' });
  }
  return entries;
}

/** A subject that is a person doing something ("we see clients…"), never the name of a session. */
const CLAUSE_SUBJECT = /^(we|you|they|i|he|she|it|there|our team|the team)\b/i;
/** The words that make a time an ending ("until 7pm", "by 5pm"). */
const ENDS_AT = /\b(until|till|til|by|before|up to)\s*$/i;

/** The subject of a sentence that says when something happens: its words before the verb ("Breakfast is served…"). */
const VERB = /\s+(?:is|are|was|were|runs?|starts?|takes? place|happens?|opens?|begins?|will be)\b.*$/i;

/**
 * "Breakfast is served from 8:00 to 9:30 on weekdays and from 8:00 to 10:00 on Saturdays and
 * Sundays": clauses (split at "and"/commas before another time or day) pair their times with
 * their days; a clause without a day takes the one before it, without a subject the one before.
 */
function sentenceEntries(sentence: string, name: string | null): ScheduleEntry[] {
  // Split at "and" and commas, never inside a list of days ("Saturdays and Sundays").
  const clauses = sentence
    .replace(/^[QA]:\s*/, '')
    .split(new RegExp(`\\s*(?:[,;]|\\band\\b)\\s+(?!(?:${DAY_NAME})\\b)`, 'i'));
  const entries: ScheduleEntry[] = [];
  let days: Weekday[] = [];
  let what = name ?? '';
  for (const clause of clauses) {
    const times = timesIn(clause);
    const day = dayPattern().exec(clause);
    if (day) days = daysOf(day[0]);
    if (!times.length) continue;
    if (!name) {
      const dayless = clause.replace(dayPattern('gi'), ' ');
      const subject = tidy(withoutTimes(dayless, timesIn(dayless)).replace(VERB, ''));
      // "we see clients until by appointment" is a clause, not the name of what is on.
      if (questionTerms(subject).length && subject.split(' ').length <= 6 && !CLAUSE_SUBJECT.test(subject))
        what = nameInSentence(subject);
    }
    if (!days.length || !what) continue;
    for (const time of times) {
      // "until 7pm" ends something that started before: no start to list it by.
      if (ENDS_AT.test(clause.slice(0, time.index))) continue;
      entries.push({ days, start: time.start, end: time.end, what, context: sentence });
    }
  }
  return entries;
}

/** The schedule entries of one passage, and whether it reads as a timetable (lines of days and times). */
export function scheduleOf(hit: ApiKnowledgeHit): ScheduleEntry[] {
  const title = hit.source.kind === 'service' ? (hit.source.title ?? hit.heading) : null;
  const service = title ? nameInSentence(title) : null;
  const lines: ScheduleEntry[] = [];
  const notes: string[] = [hit.source.title ?? '', hit.heading ?? ''];
  const said: ScheduleEntry[] = [];
  let headingDays: Weekday[] = [];
  for (const raw of cleanPassage(hit.text).split(/\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = DAY_HEADING.exec(line);
    if (heading) {
      headingDays = daysOf(heading[1]);
      continue;
    }
    const dayLine = DAY_LINE.exec(line);
    if (dayLine && timesIn(dayLine[2]).length && !service) {
      lines.push(...lineEntries(daysOf(dayLine[1]), dayLine[2]));
      continue;
    }
    const times = timesIn(line);
    if (headingDays.length && times.length && times[0].index <= 2 && !dayPattern().test(line)) {
      lines.push(...lineEntries(headingDays, line));
      continue;
    }
    headingDays = [];
    if (!times.length) notes.push(line);
    for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z])/)) said.push(...sentenceEntries(sentence, service));
  }
  // A timetable's lines are described by its title and the notes around them ("every class is 60 minutes").
  const context = notes.join(' ');
  return [
    ...lines.map((entry) => ({ ...entry, context })),
    ...said.map((entry) => ({ ...entry, context: `${notes[0]} ${notes[1]} ${entry.context}` })),
  ];
}
