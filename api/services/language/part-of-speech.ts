/**
 * The likeliest part of speech of common words (wink-lexicon's tags, likeliest first).
 * Word vectors put siblings close together ("coffee" ~ "tea", "York" ~ "Leeds"), so a
 * word may stand in for another by meaning only when it says what is done or how
 * ("bring" ~ "deliver", "eat" ~ "food", "sit" ~ "seats"), never when it names a thing.
 */
import { createRequire } from 'node:module';
import type Lexicon from 'wink-lexicon/src/lexicon.js';
import { lemmas } from './lemma';

// Loaded at the first word rather than at start-up (a large CommonJS table).
let loaded: typeof Lexicon | undefined;

function tagsOf(word: string): string[] | undefined {
  const lexicon = (loaded ??= createRequire(import.meta.url)('wink-lexicon/src/lexicon.js') as typeof Lexicon);
  const lower = word.toLowerCase();
  const own = Object.hasOwn(lexicon, lower) ? lexicon[lower] : undefined;
  if (own) return own;
  for (const base of lemmas(lower)) if (Object.hasOwn(lexicon, base) && lexicon[base]) return lexicon[base];
  return undefined;
}

/** Is the word most often a verb, an adjective or an adverb? Unknown words (names, rare nouns) are not. */
export function describesAnAction(word: string): boolean {
  const first = tagsOf(word)?.[0];
  return Boolean(first && /^(VB|JJ|RB)/.test(first));
}

/** Is the word most often an adjective ("safe", "fresh")? Unknown words (names, rare nouns) are not. */
export function isMostlyAdjective(word: string): boolean {
  return Boolean(tagsOf(word)?.[0]?.startsWith('JJ'));
}

/** Is the word most often a verb ("bought", "ordered")? Unknown words are not. */
export function isMostlyVerb(word: string): boolean {
  return Boolean(tagsOf(word)?.[0]?.startsWith('VB'));
}

/** Is the word most often a noun ("park", "classes")? Unknown words (names such as "Pilates", rare nouns) are taken as nouns. */
export function isMostlyNoun(word: string): boolean {
  const first = tagsOf(word)?.[0];
  return !first || first.startsWith('NN');
}

/** Is the word a common English word ("house", "royal")? A name ("Worcester", "Bosch") is not in the lexicon. */
export function isCommonWord(word: string): boolean {
  return tagsOf(word) !== undefined;
}
