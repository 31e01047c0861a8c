import { createRequire } from 'node:module';

/**
 * Whether a word broken at a line end ("deli-" / "very") was hyphenated by the typesetter
 * (join it: "delivery") or is a real compound ("gluten-" / "free": keep "gluten-free").
 * The document itself is the best witness (the same word written whole, or with its hyphen,
 * elsewhere); failing that, WordNet's list of English words (shipped inside wink-lexicon,
 * which the lemmatizer depends on) says whether the joined word exists. Unknown: keep the hyphen,
 * which never invents a word.
 */
let wordNet: Record<string, number> | null | undefined;

/** WordNet's base forms, loaded on first need (≈0.2 s, so never for a text without a broken word). */
function englishWords(): Record<string, number> | null {
  if (wordNet === undefined) {
    try {
      wordNet = createRequire(import.meta.url)('wink-lexicon/src/wn-words.js') as Record<string, number>;
    } catch {
      wordNet = null;
    }
  }
  return wordNet;
}

/** Endings that turn a base form into the word seen in running text ("deliveries" → "delivery"). */
const INFLECTIONS: [RegExp, string][] = [
  [/ies$/, 'y'],
  [/es$/, ''],
  [/s$/, ''],
  [/ied$/, 'y'],
  [/ed$/, ''],
  [/ed$/, 'e'],
  [/ing$/, ''],
  [/ing$/, 'e'],
  [/ly$/, ''],
  [/er$/, ''],
  [/est$/, ''],
];

/** Closed-class words WordNet (nouns, verbs, adjectives, adverbs) does not list. */
const FUNCTION_WORDS = new Set(
  'something anything everything nothing someone anyone everyone somebody anybody everybody nobody myself yourself yourselves ourselves themselves himself herself itself within without whenever wherever whatever whichever whoever although because between whether another towards upon into onto unless until during against across beyond whereas whereby'.split(
    ' ',
  ),
);
/** Endings a typesetter may carry to the next line after a known word ("refund-" / "able"). */
const SUFFIX =
  /^(?:able|ible|ably|ibly|ness|ment|ments|ful|fully|less|ity|ities|ation|ations|ance|ence|ive|ous|ously)$/;

/** Whether WordNet knows the word, as written or as an inflection of a base form. */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (FUNCTION_WORDS.has(lower)) return true;
  const words = englishWords();
  if (!words) return false;
  if (Object.hasOwn(words, lower)) return true;
  return INFLECTIONS.some(([ending, base]) => {
    if (!ending.test(lower)) return false;
    const stem = lower.replace(ending, base);
    if (stem.length < 3) return false;
    if (Object.hasOwn(words, stem)) return true;
    // A doubled final consonant before -ed/-ing ("shipped" → "ship").
    return /(.)\1$/.test(stem) && Object.hasOwn(words, stem.slice(0, -1));
  });
}

/** The words of a text, lower-cased, whole and hyphenated forms alike: the document's own vocabulary. */
export function vocabularyOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/\p{L}+(?:-\p{L}+)*/gu) ?? []);
}

/**
 * How to join `before` (a line's last word, ending in a hyphen) to `after` (the next line's
 * first word): true to drop the hyphen, false to keep it.
 */
export function dropsHyphen(before: string, after: string, vocabulary: Set<string>): boolean {
  const head = /(\p{L}+)[-\u2010]$/u.exec(before)?.[1];
  const tail = /^\p{L}+/u.exec(after)?.[0];
  // Only a lower-case word broken in two: "Jean-Paul", "BS1-BS9" and "co-" + "Op" keep theirs.
  if (!head || !tail || !/\p{Ll}$/u.test(head) || !/^\p{Ll}/u.test(tail)) return false;
  const joined = `${head}${tail}`.toLowerCase();
  const hyphenated = `${head}-${tail}`.toLowerCase();
  if (vocabulary.has(joined)) return true;
  if (vocabulary.has(hyphenated)) return false;
  return isEnglishWord(joined) || (SUFFIX.test(tail) && (isEnglishWord(head) || isEnglishWord(`${head}e`)));
}
