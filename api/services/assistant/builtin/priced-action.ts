import { isMostlyVerb } from '#api/services/language/part-of-speech';
import { lemmas } from '#api/services/language/lemma';
import { wordSimilarity } from '#api/services/language/vectors';
import { MONEY } from './knowledge-answer-type';
import { sentences, synonymsOf, termKey, termKeys, words } from './text';

/**
 * "What would it cost to keep our furniture somewhere?" asks the price of an action: keeping
 * it. A sentence that prices another action done to the same thing ("Building new flat-pack
 * furniture costs £30", "Furniture assembled from new: £30 per item") holds the caller's words
 * but gives the price of something else; it answers only when it names the asked action too.
 */

/** Verbs that say nothing of what is done ("how much to get…", "to have it…"): no action to hold a sentence to. */
const LIGHT_VERBS = new Set(['be', 'get', 'have', 'do', 'make', 'go', 'come', 'take', 'give', 'put', 'let', 'see']);

/** A price sentence's own wording: how prices are said and who pays, never the priced action. */
const PRICE_WORDS = new Set(
  ['cost', 'charge', 'price', 'pay', 'include', 'start', 'add', 'quote', 'book', 'base', 'require', 'need'].map(
    termKey,
  ),
);

const ASKED_ACTION =
  /\b(?:cost|costs|charge|charges|pay|price|much|fee|fees)\b(?:\s+[a-z']+){0,3}?\s+(?:to\s+([a-z]+)|for\s+([a-z]+ing))\b/i;

/** The base form of a verb form ("building" → build, "built" → build), or null when the word is no form of a verb. */
function verbBase(word: string): string | null {
  const lower = word.toLowerCase();
  // "tuned" is mostly a verb though "tune" is mostly a noun; "building" mostly a noun though "build" is a verb.
  const base = lemmas(lower).find((form) => form !== lower && (isMostlyVerb(form) || isMostlyVerb(lower)));
  return base ?? null;
}

/** The action a price question asks about ("cost to keep" → keep), or null when it names none or only a light verb. */
export function pricedActionAsked(message: string): string | null {
  const found = ASKED_ACTION.exec(message);
  const word = (found?.[1] ?? found?.[2])?.toLowerCase();
  if (!word) return null;
  const base = found?.[2] ? verbBase(word) : isMostlyVerb(word) ? word : null;
  // "How much do I have to pay…" names how, not what: no action of its own.
  return base && !LIGHT_VERBS.has(base) && !PRICE_WORDS.has(termKey(base)) ? base : null;
}

/** The same action: one word's forms, a synonym ("fix" ~ "repair") or a near meaning. */
function sameAction(asked: string, base: string): boolean {
  if (termKey(asked) === termKey(base)) return true;
  if (synonymsOf(asked).some((other) => termKey(other) === termKey(base))) return true;
  return wordSimilarity(asked, base) >= 0.75;
}

/** "removal" → remove, "delivery" → deliver, "installation" → install: a noun naming the doing of a verb. */
const ACTION_NOUN = /^(.{3,}?)(al|ery|ment|ation|ion|ance|ence)s?$/;
function actionNounBase(word: string): string | null {
  const found = ACTION_NOUN.exec(word);
  if (!found) return null;
  const stem = found[1];
  return [stem, `${stem}e`].find((candidate) => isMostlyVerb(candidate)) ?? null;
}

/**
 * The actions a price sentence prices: a verb form opening it ("Building new … costs £30"), a
 * participle after what it is done to ("Furniture assembled from new: £30"), or a noun naming
 * an action ("A house removal starts at £495").
 */
function actionsPriced(sentence: string): string[] {
  const list = words(sentence);
  const actions: string[] = [];
  list.forEach((word, index) => {
    const verbForm = index === 0 ? word.endsWith('ing') : !word.endsWith('ing') && isMostlyVerb(word);
    const base = actionNounBase(word) ?? (verbForm ? verbBase(word) : null);
    if (!base || LIGHT_VERBS.has(base) || PRICE_WORDS.has(termKey(base))) return;
    actions.push(base);
  });
  return actions;
}

/** A price sentence of `said` prices another action than the one asked, and none names the asked one. */
export function pricesAnotherAction(message: string, said: string): boolean {
  const asked = pricedActionAsked(message);
  if (!asked) return false;
  const priced = sentences(said).filter((sentence) => MONEY.test(sentence));
  const namesAsked = (sentence: string) =>
    termKeys(sentence).has(termKey(asked)) || actionsPriced(sentence).some((base) => sameAction(asked, base));
  return (
    !priced.some(namesAsked) &&
    priced.some((sentence) => actionsPriced(sentence).some((base) => !sameAction(asked, base)))
  );
}
