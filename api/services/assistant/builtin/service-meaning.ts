import { NUMBER_WORDS_FROM_TWO } from '#api/lib/number-words';
import type { ServiceFact } from '../types';
import { isMostlyAdjective } from '#api/services/language/part-of-speech';
import { contentWords, wordImportance, wordSimilarity, wordVector } from '#api/services/language/vectors';
import type { ServiceMatch } from './facts';
import { countsAgree, lengthsAgree, namesAnotherItem, namingCounts } from './catalogue-fit';
import { STOP_WORDS } from '#api/services/language/stop-words';
import { callersPlaceKeys, servicePlaceKeys } from './callers-place';
import { GRADING_WORDS, questionTerms, termKey } from './text';

/**
 * A service asked for in other words than its name ("a car charger put in at home" → EV
 * charger installation): the second pass, after facts.ts's word match gives up. The
 * question must be about that kind of thing, and say nothing the service is not:
 * - anchored: one of the question's telling words is a word of the service's name, or
 *   means the same (word vectors: ANCHOR), or two are words of its description;
 * - covered: each other telling word is like some word of the name or description
 *   (COVERED); one stray word is allowed when three others are anchored or said in the
 *   description ("a landlord electrical safety certificate for a 3 bed house": bed is the
 *   stray). With two, "do you service gas fires?" would be *Boiler service*;
 * - clear: the service scores MARGIN above the next one that qualifies.
 * Otherwise null, and the question goes on to the knowledge base or the team.
 * Calibrated on the evaluation's tune questions (plumber, bakery, salon, electrician): no
 * question it must escalate is matched.
 */

/** A word this alike to a name word names the service: in practice the same word or its close form (kitchen ~ bathroom, 0.79, and oil ~ gas, 0.76, must not). */
const ANCHOR = 0.85;
/** A question word this alike to a word of the service's text is about the service. */
const COVERED = 0.55;
/** The same word (a shared base form) in the service's text. */
const SAME = 0.99;
/** The chosen service's score must beat the next qualifying one's by this much. */
const MARGIN = 0.1;

/** How callers ask, not what about. */
const ASKING = new Set([
  ...`price prices cost costs costing charge charges charging much fee fees pay quote would could like need needs want get put fit fitted fitting
  install installed installing do does doing done have has offer offering provide supply sell make much many how what whats also
  currently please roughly approximately about around ballpark typical typically usually normally
  work works job jobs couple more extra another`.split(/\s+/),
  ...NUMBER_WORDS_FROM_TWO.keys(),
]);

type Scored = { service: ServiceFact; score: number };

/** The words that say what is asked: not how it is asked, not the trade's everyday words, not where the caller's thing is. */
function telling(message: string, extraGeneric: string[]): string[] {
  const generic = new Set(extraGeneric.map((word) => word.toLowerCase()));
  const places = callersPlaceKeys(message);
  return [...new Set(contentWords(message))].filter(
    (word) =>
      !ASKING.has(word) &&
      !GRADING_WORDS.has(word) &&
      !generic.has(word) &&
      word.length > 2 &&
      !places.has(termKey(word)),
  );
}

/**
 * The best likeness of a word to any of the words; a word run together from two ("haircut")
 * counts as its parts' best, leaving out a part that is a stop word: "underfloor" is its
 * "floor", never its "under" (which is like "current"). A part stands for the word only when
 * the other part is a stop word or belongs to the business's trade (like a word of any of its
 * services: "hair" ~ "beard" at a barber's), so "hydrotherapy" is not "therapy" at a clinic
 * whose services say nothing of water.
 */
function likeness(word: string, among: string[], trade: string[]): number {
  const whole = Math.max(0, ...among.map((other) => wordSimilarity(word, other)));
  const parts = partsOf(word);
  const inTrade = (part: string) =>
    STOP_WORDS.has(part) || trade.some((other) => wordSimilarity(part, other) >= COVERED);
  const standing = parts.filter((part, index) => !STOP_WORDS.has(part) && inTrade(parts[1 - index]));
  return Math.max(whole, ...standing.map((part) => Math.max(0, ...among.map((other) => wordSimilarity(part, other)))));
}

/** "haircut" → hair, cut: the first split into two known words of three letters or more. */
function partsOf(word: string): string[] {
  for (let split = 3; split <= word.length - 3; split += 1) {
    const head = word.slice(0, split);
    const tail = word.slice(split);
    if (wordVector(head) && wordVector(tail)) return [head, tail];
  }
  return [];
}

function scoreService(words: string[], service: ServiceFact, trade: string[], everyday: string[]): Scored | null {
  const nameWords = [...new Set(contentWords(service.name))];
  const allWords = [...new Set(contentWords(`${service.name} ${service.description ?? ''}`))];
  // Where the service's thing goes ("fitted to your front door") is not the thing: said by the caller, it holds nothing.
  const places = servicePlaceKeys(service.description ?? '');
  let anchors = 0;
  let held = 0;
  let strays = 0;
  let total = 0;
  let weightSum = 0;
  let tellingHeld = 0;
  let tellingWords = 0;
  for (const word of words) {
    const weight = wordImportance(word);
    const toName = likeness(word, nameWords, trade);
    const toAll = Math.max(toName, places.has(termKey(word)) ? 0 : likeness(word, allWords, trade));
    weightSum += weight;
    if (toName >= ANCHOR) anchors += 1;
    if (toName >= ANCHOR || toAll >= SAME) held += 1;
    if (!everyday.some((other) => wordSimilarity(word, other) >= SAME)) {
      tellingWords += 1;
      if (toName >= ANCHOR || toAll >= SAME) tellingHeld += 1;
    }
    if (toAll >= COVERED) total += weight * toAll;
    else strays += 1;
  }
  if ((!anchors && held < 2) || strays > (held >= 3 ? 1 : 0)) return null;
  // Held only by the words several services share ("lesson"), a word of the caller's own ("night", "refresher") merely alike is no match.
  if (tellingWords && !tellingHeld) return null;
  return { service, score: weightSum ? total / weightSum : 0 };
}

/**
 * "A yoga teacher training course" is no *Pregnancy yoga course*: two of the caller's telling
 * words side by side, the first a noun, name a kind of the second ("training course"), and a service whose name
 * holds the second but whose text lacks the first is another kind of it.
 */
function anotherKind(words: string[], message: string, service: ServiceFact): boolean {
  // Side by side in what was said: "2 adults and 2 kids" puts no two words together.
  const said = message.toLowerCase().match(/[a-z0-9'’]+/g) ?? [];
  const nameWords = contentWords(service.name);
  const allWords = contentWords(`${service.name} ${service.description ?? ''}`);
  const holds = (among: string[], word: string) => among.some((other) => wordSimilarity(word, other) >= SAME);
  return said.some(
    (word, at) =>
      at > 0 &&
      words.includes(word) &&
      words.includes(said[at - 1]) &&
      // "my little puppy" describes the puppy: only a thing's name ("training", "instructor") makes a kind of it.
      !isMostlyAdjective(said[at - 1]) &&
      holds(nameWords, word) &&
      !holds(allWords, said[at - 1]),
  );
}

/** The words two or more services' names hold: the trade's own ("lesson" at a driving school). */
function sharedNameWords(services: ServiceFact[]): string[] {
  const counts = new Map<string, number>();
  for (const service of services)
    for (const word of new Set(contentWords(service.name))) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts].filter(([, count]) => count >= 2).map(([word]) => word);
}

export function matchServiceByMeaning(
  message: string,
  services: ServiceFact[],
  extraGeneric: string[],
): ServiceMatch | null {
  const words = telling(message, extraGeneric);
  if (!words.length) return null;
  const trade = [
    ...new Set(services.flatMap((service) => contentWords(`${service.name} ${service.description ?? ''}`))),
  ];
  const everyday = sharedNameWords(services);
  // Said in other words, it is still not a service whose length the caller's is not, nor one while naming another's word.
  const asked = questionTerms(message, extraGeneric);
  const named = namingCounts(services, extraGeneric);
  const scored = services
    .filter((service) => {
      const text = `${service.name} ${service.description ?? ''}`;
      return (
        !namesAnotherItem(asked, text, named) &&
        lengthsAgree(message, `${text} ${service.price ?? ''}`) &&
        countsAgree(message, service.name) &&
        !anotherKind(words, message, service)
      );
    })
    .flatMap((service) => scoreService(words, service, trade, everyday) ?? [])
    .sort((a, b) => b.score - a.score);
  if (!scored.length) return null;
  if (scored.length > 1 && scored[0].score - scored[1].score < MARGIN) return null;
  return { services: [scored[0].service], exact: true };
}
