/**
 * Lemmas from wink-lemmatizer (WordNet's exception lists and detachment rules), so
 * "buns" meets "bun", "brought" meets "bring" and "children" meets "child". Without a
 * part-of-speech tagger a word gets every reading: the noun's first (most caller words
 * that matter are things), then the verb's, then the adjective's.
 */
import { createRequire } from 'node:module';
import type Lemmatizer from 'wink-lemmatizer';

// Its exception lists hold ~50 MB once loaded: required (a CommonJS module, synchronously)
// at the first word, not when the server starts, since most servers never need it.
let lemmatizer: typeof Lemmatizer | undefined;
const load = () => (lemmatizer ??= createRequire(import.meta.url)('wink-lemmatizer') as typeof Lemmatizer);
const noun = (word: string) => load().noun(word);
const verb = (word: string) => load().verb(word);
const adjective = (word: string) => load().adjective(word);

/** The main base form of a word: its noun reading if that changes it, else its verb's, else its adjective's. */
export function lemma(word: string): string {
  const lower = word.toLowerCase();
  const asNoun = noun(lower);
  if (asNoun !== lower) return asNoun;
  const asVerb = verb(lower);
  if (asVerb !== lower) return asVerb;
  return adjective(lower);
}

const known = new Map<string, string[]>();
/** Bounded: callers' words are many but repeat. */
const KNOWN_MAX = 50_000;

/** Every distinct base form of a word ("left" → left, leave), the main one first. */
export function lemmas(word: string): string[] {
  const lower = word.toLowerCase();
  let forms = known.get(lower);
  if (!forms) {
    forms = [...new Set([lemma(lower), noun(lower), verb(lower), adjective(lower)])];
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(lower, forms);
  }
  return forms;
}
