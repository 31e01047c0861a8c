import { CALLER_TEMPLATES, CLOCK_TIMES, COUNTS, DATES, DAYS, RELATIVE_TIMES } from './caller-phrasing';
import { spokenWords } from './spoken-words';

/**
 * The sentences a business's callers are likely to say: the generic caller templates filled
 * with the business's own entities, plus its own questions and knowledge lines. Bounded, so
 * building its language model stays fast however much the business knows.
 */
export type SpeechKnowledge = {
  businessName: string;
  assistantName?: string | null;
  /** Services and products (their names). */
  things: string[];
  /** Towns, areas and postcodes the business mentions (its address, its pages). */
  places: string[];
  /** Names of people the business mentions (staff, the owner). */
  people: string[];
  /** Questions callers asked before and the owner answered: the best examples of caller phrasing. */
  questions: string[];
  /** Titles, headings and sentences of the business's knowledge. */
  lines: string[];
};

export const CORPUS_LIMITS = { entitiesPerSlot: 60, knowledgeSentences: 1500, wordsPerSentence: 30, phoneNumbers: 6 };

const SLOT = /\{(\w+)\}/g;

function clean(values: string[], limit: number): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    const words = spokenWords(value).join(' ');
    if (words) seen.add(words);
    if (seen.size >= limit) break;
  }
  return [...seen];
}

/** Fills each template slot with every value of its kind (templates with two slots pair values off, so growth stays linear). */
function fill(template: string, values: Record<string, string[]>): string[] {
  const slots = [...template.matchAll(SLOT)].map((match) => match[1]!);
  if (!slots.length) return [template];
  const lists = slots.map((slot) => values[slot] ?? []);
  if (lists.some((list) => !list.length)) return [];
  const rounds = Math.max(...lists.map((list) => list.length));
  const sentences: string[] = [];
  for (let round = 0; round < rounds; round++) {
    let index = 0;
    // A second slot of the same kind takes the next value, so "a {thing} and a {thing}" compares two things.
    sentences.push(
      template.replace(SLOT, () => {
        const list = lists[index]!;
        const value = list[(round + index) % list.length]!;
        index += 1;
        return value;
      }),
    );
  }
  return sentences;
}

/** Sentences of a knowledge text: split at sentence ends and line breaks, headings and list items kept as their own lines. */
export function knowledgeSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+|\s+\|\s+/)
    .map((line) => line.replace(/^[#>*\-\d.)\s]+/, '').trim())
    .filter((line) => /[a-z]/i.test(line));
}

const randomDigits = (seed: number) => {
  let state = seed;
  return Array.from({ length: 11 }, (_, index) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return index === 0 ? 0 : Math.floor((state / 2147483648) * 10);
  }).join('');
};

export function businessSentences(knowledge: SpeechKnowledge): string[][] {
  const limit = CORPUS_LIMITS.entitiesPerSlot;
  const business = clean(
    [knowledge.businessName, knowledge.businessName.replace(/\b(ltd|limited|llc|inc)\b\.?/gi, '')],
    2,
  );
  const values: Record<string, string[]> = {
    business,
    assistant: clean([knowledge.assistantName ?? ''], 1),
    thing: clean(knowledge.things, limit),
    place: clean(knowledge.places, limit),
    person: clean(knowledge.people, limit),
    day: DAYS,
    when: RELATIVE_TIMES,
    time: CLOCK_TIMES,
    date: DATES,
    number: [
      ...COUNTS,
      ...Array.from({ length: CORPUS_LIMITS.phoneNumbers }, (_, index) =>
        spokenWords(randomDigits(index + 1)).join(' '),
      ),
    ],
  };
  const sentences: string[][] = [];
  for (const template of CALLER_TEMPLATES)
    for (const sentence of fill(template, values)) sentences.push(sentence.split(' '));
  // The entities on their own: a caller often answers with just a name, a day or a place.
  for (const list of [values.thing!, values.place!, values.person!, business, DAYS])
    for (const value of list) sentences.push(value.split(' '));

  let budget = CORPUS_LIMITS.knowledgeSentences;
  for (const line of [...knowledge.questions, ...knowledge.lines]) {
    for (const sentence of knowledgeSentences(line)) {
      if (budget <= 0) break;
      const words = spokenWords(sentence).slice(0, CORPUS_LIMITS.wordsPerSentence);
      if (words.length < 2) continue;
      sentences.push(words);
      budget -= 1;
    }
  }
  return sentences;
}
