import type { CapturedDetails } from '../types';
import { STOP_WORDS } from '#api/services/language/stop-words';

/**
 * A caller's details in their own words: a name ("I'm Sarah Jones", or "Sarah Jones" when
 * asked for it), a phone number (E.164 or local, spaces and dashes allowed) and a
 * preferred time ("Tuesday morning", "after 3pm", "as soon as possible").
 */

const PHONE = /(?:\+|\b)\d[\d\s().-]{5,20}\d\b/g;

export function findPhone(text: string): { phone: string; raw: string } | null {
  for (const match of text.matchAll(PHONE)) {
    const raw = match[0].trim();
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    // "9-5" or a date are not numbers; a phone has no more than 5 groups.
    if (raw.split(/[\s().-]+/).filter(Boolean).length > 5) continue;
    return { phone: raw.startsWith('+') ? `+${digits}` : digits, raw };
  }
  return null;
}

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const TIME_CORE = new RegExp(
  `^(today|tonight|tomorrow|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|mon|tue|tues|wed|weds|thu|thur|thurs|fri|weekend|weekday|weekdays|morning|mornings|afternoon|afternoons|evening|evenings|night|lunchtime|lunch|noon|midday|asap|anytime|anyday|nextweek|thisweek|nextmonth|sameday|\\d{1,2}(:\\d{2})?(am|pm)|\\d{1,2}(st|nd|rd|th)|am|pm|o'clock|oclock|christmas|soon|possible|${MONTHS})$`,
);
const TIME_CONNECTOR =
  /^(this|next|on|at|after|before|around|about|from|to|until|till|between|and|or|the|of|early|late|mid|any|as|in|by|ish|sometime|a|an|\d{1,2}(:\d{2})?|\d{1,2}\.\d{2}|either|latest|earliest)$/;
const TRIM_START = new Set(['and', 'or', 'of', 'to', 'the', 'a', 'an', 'on', 'at', 'by', 'in', 'either']);
const TRIM_END = new Set([
  'and',
  'or',
  'the',
  'of',
  'a',
  'an',
  'on',
  'at',
  'to',
  'by',
  'in',
  'from',
  'between',
  'any',
  'this',
  'next',
  'after',
  'before',
  'around',
  'about',
  'until',
  'till',
  'as',
  'either',
]);

/** The time phrase of a message ("next Tuesday morning", "after 3pm"), as the caller put it. */
export function findTimePhrase(text: string): string | null {
  const prepared = text
    .replace(/\bany ?time\b/gi, 'anytime')
    .replace(/\bany day\b/gi, 'anyday')
    .replace(/\bnext week\b/gi, 'nextweek')
    .replace(/\bthis week\b/gi, 'thisweek')
    .replace(/\bnext month\b/gi, 'nextmonth')
    .replace(/\bsame day\b/gi, 'sameday')
    .replace(/\b(\d{1,2})\s+(am|pm)\b/gi, '$1$2');
  const tokens = prepared.split(/[\s,;!?]+|\.(?!\d)/).filter(Boolean);
  let best: string[] = [];
  let bestCores = 0;
  let run: string[] = [];
  let cores = 0;
  const close = () => {
    while (run.length && TRIM_START.has(run[0].toLowerCase())) run.shift();
    while (run.length && TRIM_END.has(run[run.length - 1].toLowerCase())) run.pop();
    if (cores > bestCores && run.length) {
      best = run;
      bestCores = cores;
    }
    run = [];
    cores = 0;
  };
  for (const token of tokens) {
    const lower = token.toLowerCase().replace(/[.)]+$/, '');
    if (TIME_CORE.test(lower)) {
      run.push(token);
      cores += 1;
    } else if (TIME_CONNECTOR.test(lower)) {
      run.push(token);
    } else {
      close();
    }
  }
  close();
  if (!bestCores) return null;
  return best
    .join(' ')
    .replace(/\banytime\b/i, 'any time')
    .replace(/\banyday\b/i, 'any day')
    .replace(/\bnextweek\b/i, 'next week')
    .replace(/\bthisweek\b/i, 'this week')
    .replace(/\bnextmonth\b/i, 'next month')
    .replace(/\bsameday\b/i, 'same day');
}

/** Words that follow "I'm" or fill a reply but are no name. */
const NOT_NAME = new Set(
  `looking calling ringing phoning trying wondering hoping after interested free available about happy fine good great sorry just going planning thinking needing
  moving new here there home out away busy around ready keen afraid not also still only really very so from with in at on the a an your my our sure okay ok yes no yeah
  please thanks thank cheers hi hello hey name number phone mobile call me back time morning afternoon evening today tomorrow tonight weekend week
  monday tuesday wednesday thursday friday saturday sunday asap any anytime best fine works suits would like prefer preferably ideally either after before around book booking
  appointment service boiler plumber engineer customer landlord tenant owner mr mrs ms miss dr calling regarding about emergency urgent quickly soon possible
  it its is are was be can could will that this what who how when where why which call ring contact reach you`
    .split(/\s+/)
    .filter(Boolean),
);

const TITLE = /^(mr|mrs|ms|miss|dr)\.?$/i;
/** Letters of any alphabet: "Sinéad", "Zoë", "O’Neill". */
const NAME_WORD = /^\p{L}[\p{L}'’-]*$/u;

function nameFrom(wordsList: string[], typedCase: boolean): string | null {
  const taken: string[] = [];
  for (const word of wordsList) {
    const clean = word.replace(/[.,!?;:]+$/, '');
    if (TITLE.test(clean) && taken.length === 0) {
      taken.push(clean.replace(/\.$/, ''));
      continue;
    }
    if (!NAME_WORD.test(clean) || NOT_NAME.has(clean.toLowerCase()) || STOP_WORDS.has(clean.toLowerCase())) break;
    if (typedCase && clean[0] !== clean[0].toUpperCase()) break;
    taken.push(clean);
    if (taken.length === 3) break;
  }
  const real = taken.filter((word) => !TITLE.test(word));
  if (!real.length) return null;
  return taken.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

const EXPLICIT_NAME =
  /\b(?:my name is|my name's|my names|name is|name's|i am|i'm|im|this is|it's|its|call me|it is)\s+/gi;

/**
 * The name in a message: after "my name is" / "I'm" / "this is", or, when the assistant
 * has just asked for it, a short part of the reply that is only words ("Sarah Jones, 07700…").
 */
export function findName(text: string, expectingName: boolean): string | null {
  // A message typed with capitals: names are capitalised; an all-lower-case one (speech) is read as it is.
  const typedCase = /[A-Z]/.test(
    text
      .trim()
      .slice(1)
      .replace(/\bI(?=\b|')/g, ''),
  );
  // Every "it's …", "I'm …": the first may not lead a name ("can someone call me back? It's Jo Carter").
  for (const explicit of text.matchAll(EXPLICIT_NAME)) {
    const name = nameFrom(text.slice(explicit.index + explicit[0].length).split(/\s+/), typedCase);
    if (name) return name;
  }
  if (!expectingName) return null;
  for (const segment of text.split(/[,;\n]|\s+and\s+|\s+-\s+/)) {
    const cleaned = segment.replace(/^\s*(it's|its|it is|this is|name|my name|i'm|im)\s+/i, '').trim();
    const parts = cleaned.split(/\s+/).filter(Boolean);
    if (!parts.length || parts.length > 3 || /\d/.test(cleaned)) continue;
    const name = nameFrom(parts, typedCase);
    if (name && name.split(' ').length === parts.length) return name;
  }
  return null;
}

/** Everything a message gives, each found in what is left after the one before. */
export function parseDetails(text: string, expectingName: boolean): CapturedDetails {
  const details: CapturedDetails = {};
  let rest = text;
  const phone = findPhone(rest);
  if (phone) {
    details.phone = phone.phone;
    rest = rest.replace(phone.raw, ' , ');
  }
  const time = findTimePhrase(rest);
  if (time) {
    details.preferred_time = time;
    rest = rest.replace(time, ' , ');
  }
  const name = findName(rest, expectingName);
  if (name) details.name = name;
  return details;
}
