import { COUNTING_WORD_PATTERN, COUNTING_WORDS, NUMBER_WORDS_FROM_TWO } from '#api/lib/number-words';
import { questionTerms, termKey, termKeys, words, type Term } from './text';

/**
 * Whether a catalogue item (a service or a product) is the one a caller means, beyond sharing
 * words with its name: a word only another item's name has names that one, and a length the
 * caller gives must be one the item can be.
 */

/** How many of the items' names hold each specific word ("lesson": every lesson's). */
export function namingCounts(items: { name: string }[], extraGeneric: Iterable<string> = []): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items)
    for (const term of questionTerms(item.name, extraGeneric))
      if (term.specific) counts.set(term.key, (counts.get(term.key) ?? 0) + 1);
  return counts;
}

/** A word of the caller's only one other item's name holds ("a block of automatic lessons" to *Automatic lesson*). */
export function namesAnotherItem(asked: Term[], itemText: string, counts: Map<string, number>): boolean {
  const own = termKeys(itemText);
  return asked.some((term) => term.specific && counts.get(term.key) === 1 && !own.has(term.key));
}

/**
 * The caller names the catalogue's things by words of their names ("if I book ten lessons") and
 * this item's own text holds none of them: its passage is about something else (Pass Plus's
 * insurers' discount is no discount on lessons).
 */
export function namesOnlyOtherItems(asked: Term[], itemText: string, counts: Map<string, number>): boolean {
  const naming = asked.filter((term) => term.specific && counts.has(term.key));
  if (!naming.length) return false;
  const own = termKeys(itemText);
  return !naming.some((term) => own.has(term.key));
}

/**
 * A thing the caller names with a word of an item's name ("how much is the book?" to a *Lesson
 * record book*): a word right after an article or a possessive, even one too common to be a
 * subject word on its own ("book", "set"), names a thing, never asks to book.
 */
export function namesAThingOf(message: string, names: string[]): boolean {
  const nameWords = new Set(names.flatMap((name) => words(name)));
  const list = words(message);
  return list.some((word, index) => index > 0 && THING_LEAD.test(list[index - 1]) && nameWords.has(word));
}
const THING_LEAD = /^(the|a|an|your|this|that|these|those|my|our)$/;

/**
 * Lengths of time a caller names ("a two hour lesson", "half an hour", "90 minutes") and
 * whether a catalogue item can be that: an item whose own text gives its length ("Block of 10
 * hours", "Lessons are 1 or 2 hours long", "Minimum 2 hours") and never the caller's is another
 * thing, however many of its name's words the caller said. An item that gives no length agrees
 * with any; a rate ("£38 per hour", "£20/hr", "£40 an hour") is a price, not a length.
 */

const NUMBER = `(?:\\d+(?:\\.\\d+)?|${COUNTING_WORD_PATTERN})`;
const UNIT = '(hours?|hrs?|minutes?|mins?)';
/** "1 or 2 hours", "1-2 hours", "1 to 2 hours", "2-hour", "minimum 2 hours", "half an hour", "an hour and a half". */
const LENGTH = new RegExp(
  `(minimum( of)?|at least|min\\.?|up to|max(imum)?( of)?|half)?\\s*\\b(${NUMBER})((?:\\s*(?:or|to|-|–)\\s*${NUMBER})*)\\s*-?\\s*${UNIT}\\b(\\s+and\\s+a\\s+half)?`,
  'gi',
);

/** A span of minutes: [from, to]; an open end is Infinity. */
type Span = [number, number];

const value = (token: string) => COUNTING_WORDS.get(token.toLowerCase()) ?? Number(token);

export function lengthsIn(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(LENGTH)) {
    const before = text.slice(Math.max(0, match.index - 12), match.index).toLowerCase();
    const qualifier = (match[1] ?? '').toLowerCase();
    const first = match[5];
    // "£38 per hour", "£20/hr", "£40 an hour": a rate.
    if (/(per|\/)\s*$/.test(before) || (/^an?$/i.test(first) && /[£$€]\s?[\d.,]+\s*$/.test(before))) continue;
    const minutes = /^h/i.test(match[7]) ? 60 : 1;
    const numbers = [first, ...(match[6].match(new RegExp(NUMBER, 'gi')) ?? [])].map(value);
    const half = qualifier === 'half' ? 0.5 : 1;
    const extra = match[8] ? 0.5 : 0;
    const [low, high] = [Math.min(...numbers), Math.max(...numbers)].map((n) => (n * half + extra) * minutes);
    if (/^(minimum|at least|min)/.test(qualifier)) spans.push([low, Infinity]);
    else if (/^(up to|max)/.test(qualifier)) spans.push([0, high]);
    // "1 or 2 hours" is either; "1-2 hours", "1 to 2 hours" anything between.
    else if (/\bor\b/i.test(match[6])) for (const n of numbers) spans.push([n * minutes, n * minutes]);
    else spans.push([low, high]);
  }
  return spans;
}

const ASKS_RATE = /\b(per|an?)\s+(hour|hr)\b|\/\s*(hour|hr)\b|\bhourly\b/i;
const STATES_RATE = /[£$€]\s?[\d.,]+\s*(per|an?|\/)\s*(hour|hr)\b/i;

/**
 * Whether an item's text allows every length the caller named (true when either names none);
 * a caller asking what an hour costs is not asking for an item that lasts hours without an hourly price.
 */
export function lengthsAgree(question: string, itemText: string): boolean {
  const asked = lengthsIn(question);
  if (ASKS_RATE.test(question) && !STATES_RATE.test(itemText) && lengthsIn(itemText).some(([from]) => from >= 60))
    return false;
  if (!asked.length) return true;
  const offered = lengthsIn(itemText);
  if (!offered.length) return true;
  return asked.every(([low, high]) => offered.some(([from, to]) => low >= from && high <= to));
}

/** "2 bedroom", "three- and four-bedroom": each number said before a thing it counts, by the thing's key. */
function countsBefore(text: string): Map<string, Set<number>> {
  const said = words(text);
  const counts = new Map<string, Set<number>>();
  for (const [index, word] of said.entries()) {
    const count = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS_FROM_TWO.get(word);
    if (count === undefined) continue;
    // Past the other numbers of a list ("three- and four-bedroom") to the thing they count.
    let next = index + 1;
    while (next < said.length && (NUMBER_WORDS_FROM_TWO.has(said[next]) || /^\d+$|^(and|or)$/.test(said[next])))
      next += 1;
    const thing = said[next];
    if (!thing || next - index > 4) continue;
    const key = termKey(thing);
    counts.set(key, (counts.get(key) ?? new Set()).add(count));
  }
  return counts;
}

/** Whether an item's name allows the count the caller gives of a thing it counts too ("a 2 bed house" is no *Three- and four-bedroom house removal*). */
export function countsAgree(question: string, itemName: string): boolean {
  const offered = countsBefore(itemName);
  if (!offered.size) return true;
  return [...countsBefore(question)].every(([thing, asked]) => {
    const counts = offered.get(thing);
    return !counts || [...asked].every((count) => counts.has(count));
  });
}
