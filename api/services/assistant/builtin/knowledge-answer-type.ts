import { COUNTING_WORD_PATTERN, NUMBER_WORD_PATTERN } from '#api/lib/number-words';
import type { ServiceFact } from '../types';
import type { Answer } from './answer';
import { sentences, termKey, words } from './text';

/** What kind of answer a question asks for (an amount, a length of time, a place…) and whether a text gives it. */

export type AnswerType =
  | 'price'
  | 'duration'
  | 'frequency'
  | 'presence'
  | 'soon'
  | 'time'
  | 'count'
  | 'place'
  | 'advice'
  | 'consequence'
  | 'age'
  | 'day'
  | 'limit'
  | 'other';

// A share of a price ("50% of the groom") is what something costs too.
export const MONEY =
  /[£$€]\s?\d|\d\s?%|\d\s?(pounds|dollars|euros|gbp|usd|eur)\b|\bfree\b|\bno (extra )?charge\b|\bat no (extra )?cost\b/i;
const DURATION = new RegExp(
  String.raw`\b\d+(\.\d+)?[½¼¾]?\s*(-|to|–)?\s*\d*[½¼¾]?\s*(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|working days)\b|\b\d+-(minute|hour|day|week|month|year)\b|\b(${COUNTING_WORD_PATTERN}|half an?|a few|several|couple of|full|whole) (minutes?|hours?|days?|weeks?|months?|years?)\b|\b(since|in) (19|20)\d\d\b`,
  'i',
);
const SOON =
  /\b(within|same[- ]day|next[- ]day|straight away|immediately|right away)\b|\b(in|under) (an?|one|two|three|\d+) (hours?|minutes?|days?)\b/i;
const PLACE = /\b(under|behind|beside|next to|near|above|below|inside|outside|opposite|in the|on the|at the|by the)\b/i;
const CLOCK = /\b\d{1,2}([:.]\d{2})?\s?(am|pm)\b|\b(morning|afternoon|evening|noon|midday|midnight)\b/i;
const CONSEQUENCE =
  /[£$€]\s?\d|\d\s?%|\b(charged?|fees?|lose|lost|forfeit(ed)?|refund(ed|able)?|non-refundable|keep (the|your) deposit|pay (the )?full)\b/i;
export const DEADLINE = new RegExp(
  `(?:${DURATION.source})\\s+(?:or more\\s+)?(?:before|after|in advance|ahead|beforehand|prior|notice)\\b`,
  'gi',
);
const DEADLINE_SAID = new RegExp(DEADLINE.source, 'i');
/** "How late can I cancel?", "how early can we drop off?": the caller's own limit, a deadline or a clock time, never what "late" names. */
export const ASKS_LIMIT = /\bhow (late|early) (can|could|may|must|should|do|does|would|will) (i|we)\b/i;
/** "Every 6 weeks", "once a year", "twice a month": how often, which no length of time answers. */
const FREQUENCY =
  /\bevery\s+(\d[\d,]*\s*(to|-|–)?\s*\d*\s*)?(other\s+)?(day|week|month|year|fortnight|\w+\s+(miles|weeks|months|years|days))|\bevery\s+(few|couple of|\d+)\b|\b(once|twice|\w+ times)\s+(a|per|every)\s+(day|week|month|year|fortnight)\b|\b(daily|weekly|fortnightly|monthly|yearly|annually)\b/i;
const FREQUENCY_PHRASE = new RegExp(FREQUENCY.source, 'gi');
/** "Is Dave in today?", "is Dr Okafor working tomorrow?": whether a person is there, which only a rota or working days answer. */
const ASKS_PRESENCE =
  /^\W*(and |so )?(is|will)\s+(?!(you|it|that|this|there|they|we|anyone|anybody|someone|somebody)\b)[a-z.'’]+(\s+[a-z.'’]+){0,2}\s+(be\s+)?(in|working|at work|around|about|here|on (shift|duty)|off|back|free)\b/i;
const PRESENCE =
  /\b(works?|working|in on|days? off|rota|shifts?|on holiday|off (on|every)|(mon|tues|wednes|thurs|fri|satur|sun)days?)\b/i;
/**
 * "What's the soup today?", "which cakes have you got this week?": the day's choice, which
 * data written once can give only by the day of the week ("fish pie on Thursdays").
 */
const ASKS_DAY_CHOICE =
  /^\W*(and |so )?(what|which)\b(?! time\b).*\b(today|tonight|this (morning|afternoon|evening|week|weekend))\W*$/i;
const WEEKDAY = /\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweekends?\b/i;
/** "How old do you have to be?", "what's the minimum age?": an age is asked, which a passage gives without the word "old". */
const ASKS_AGE =
  /\bhow (old|young) (do|does|must|should|will|would|can|could) \w+ (have to |need to |got to )?be\b|\bhow (old|young) (do|does|must) \w+ need\b|\b(minimum|maximum|lower|upper) age\b|\bage (limits?|restrictions?|requirements?|range)\b|\bwhat age\b/i;
/** The words that ask for an age: the age in the passage stands for them. */
export const AGE_WORD = /^(old|older|young|younger|age|ages|aged|minimum|maximum|limit|limits)$/i;
// A number of hours, people or pounds after "at least" or "over" is no age.
const NOT_AN_AGE_AFTER =
  '(?![.,:]\\d|%|\\s*(-\\s*)?(am|pm|hours?|hrs?|mins?|minutes?|days?|weeks?|months?|miles?|km|metres?|meters?|m|cm|kg|people|persons?|guests?|pounds?|percent|lessons?|sessions?|items?)\\b)';
const AGE = new RegExp(
  `\\b(at least|over|under|aged?|from the age of|age of|older than|younger than)\\s+\\d{1,2}\\b${NOT_AN_AGE_AFTER}|\\b\\d{1,2}\\s*(\\+|-?\\s*years?[- ]old|years of age|(and|or) (over|above|up|older|under|younger))|\\b(over|under)-\\d{1,2}s?\\b`,
  'i',
);
export const COUNT = new RegExp(String.raw`\d|\b(${NUMBER_WORD_PATTERN})\b`, 'i');
/** "£40 per session", "€12.50 each": an amount of money is a price, never a count of things. */
export const withoutAmounts = (text: string) => text.replace(/[£$€]\s?\d[\d,]*(\.\d+)?/g, ' ');

/** "How long does it take?", "how much notice?": asks for a length of time, which a service's price never answers. */
export const asksForLength = (message: string) => answerTypeOf(message) === 'duration';
/** "How many sessions will I need?": a number of things, which a service's price never answers. */
export const asksForCount = (message: string) => answerTypeOf(message) === 'count';

/** "How long does a balayage take?": the sentence of the named service's own description that gives a length of time. */
export function lengthFromService(match: { services: ServiceFact[]; exact: boolean } | null): Answer | null {
  const service = match?.exact ? match.services[0] : null;
  const sentence = sentences(service?.description ?? '').find((candidate) =>
    DURATION.test(candidate.replace(FREQUENCY_PHRASE, ' ')),
  );
  return service && sentence
    ? { text: sentence, sources: [{ kind: 'service', _id: service._id, type: 'service', title: service.name }] }
    : null;
}

export function answerTypeOf(message: string): AnswerType {
  const text = message.toLowerCase();
  // "How much notice / time?" asks for a length of time, not a price.
  if (/\bhow much (notice|time|warning|lead time)\b|\bhow (far|long) (ahead|in advance|before)\b/.test(text))
    return 'duration';
  if (
    /\b(do|will|would) you charge\b|\bis there (a|an|any) (extra |additional |minimum )?(charge|fee|cost)\b|\bcharge (extra|more)\b|\b(extra|additional) (charge|cost|fee)s?\b/.test(
      text,
    )
  )
    return 'price';
  if (
    /\bhow much\b|\bwhat (does|do|would|will) .*\b(cost|charge)\b|\bwhat('s| is| are) (the|your) (costs?|prices?|charges?|fees?|rates?)\b|\bprices? (of|for)\b|\bprices\b|£|\$|€/.test(
      text,
    )
  )
    return 'price';
  if (ASKS_AGE.test(text)) return 'age';
  if (ASKS_LIMIT.test(text)) return 'limit';
  if (/\bhow often\b|\bhow (frequently|regularly)\b/.test(text)) return 'frequency';
  if (ASKS_PRESENCE.test(message)) return 'presence';
  if (/\bhow long\b/.test(text)) return 'duration';
  // "Can you come the same day?" asks how soon as much as "how soon can you come?".
  if (/\bhow (soon|quickly|fast)\b|\bwhen can (you|someone)\b|\bsame[- ]day\b/.test(text)) return 'soon';
  if (/\bwhat time\b|\bwhen (do|does|is|are)\b/.test(text)) return 'time';
  if (ASKS_DAY_CHOICE.test(text)) return 'day';
  if (/\bhow many\b/.test(text)) return 'count';
  if (/\bwhat (should|do|can|must) (i|we) do\b|\bhow (do|can|should) (i|we)\b|\bwhat to do\b/.test(text))
    return 'advice';
  if (/^\W*where\b/.test(text)) return 'place';
  // "What happens if I cancel?": the answer is what it costs or what is lost, not the rule that comes first.
  if (
    /\bwhat happens (if|when)\b|\bwhat if (i|we)\b|\b(will|do|would) (i|we) (lose|forfeit|be charged|have to pay|get (it|my|our|the) [a-z ]*back)\b/.test(
      text,
    )
  )
    return 'consequence';
  return 'other';
}

export function answerTypeHolds(type: AnswerType, text: string): boolean {
  switch (type) {
    case 'price':
      return MONEY.test(text);
    case 'duration':
      return DURATION.test(text.replace(FREQUENCY_PHRASE, ' '));
    case 'frequency':
      return FREQUENCY.test(text);
    case 'presence':
      return PRESENCE.test(text);
    case 'soon':
      return SOON.test(text);
    case 'time':
      return CLOCK.test(text);
    case 'count':
      return COUNT.test(withoutAmounts(text));
    case 'place':
      return PLACE.test(text);
    case 'consequence':
      return CONSEQUENCE.test(text);
    case 'age':
      return AGE.test(text);
    case 'day':
      return WEEKDAY.test(text);
    case 'limit':
      return DEADLINE_SAID.test(text) || CLOCK.test(text);
    default:
      return true;
  }
}

/** Must an answer of this type show it (an amount for "how much")? The others only prefer it. */
export const answerTypeRequired = (type: AnswerType) =>
  type === 'price' ||
  type === 'duration' ||
  type === 'frequency' ||
  type === 'presence' ||
  type === 'soon' ||
  type === 'age' ||
  type === 'day' ||
  type === 'limit';
export const answerTypeScored = (type: AnswerType) => type !== 'other' && type !== 'advice';

/** One or two subject words: all; more: all but one. */

/**
 * "How much are your boxes?" is not answered by "we drop them off free": a "free" with no amount beside it is the price
 * of what it is said of, the asked thing (`subject`, its keys) only when it names it ("boxes are free", "free boxes")
 * or is said of what the sentence is about ("it's free", "are always free").
 */
export function freeOnlyOfAnotherThing(subject: Set<string>, text: string): boolean {
  if (MONEY.test(text.replace(/\bfree\b/gi, ' '))) return false;
  return sentences(text).every((sentence) => {
    const list = words(sentence).map((word) => word.replace(/'/g, ''));
    return list.every((word, index) => {
      if (word !== 'free') return true;
      if (index === 0) return false;
      const near = [...list.slice(Math.max(0, index - 3), index), ...list.slice(index + 1, index + 3)];
      return !near.some((other) => subject.has(termKey(other)) || COPULA.has(other));
    });
  });
}
const COPULA = new Set(['is', 'are', 'be', 'its', 'was', 'were', 'always', 'completely', 'entirely']);
