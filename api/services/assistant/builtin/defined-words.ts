import { definingWords } from '#api/services/language/definitions';
import { lemma } from '#api/services/language/lemma';
import { contentWords, wordSimilarity } from '#api/services/language/vectors';
import type { Question } from './knowledge-question';
import { termKey } from './text';

/**
 * The caller says a word of the passage by its definition: "latecomers" (someone who arrives
 * late) is "I might be late… can I still come in?". A passage word counts for a caller's word when
 * the word is in its dictionary definition and every other word of the definition is the caller's
 * too, or alike (a definition holding only one of them, "daughter": a female human offspring,
 * says nothing of "female engineers"). The caller and the owner name one thing by a word and by
 * its definition, which share no stem and are seldom near as word vectors.
 */

/** Words a definition names its kind of thing by, which no caller says: "someone who…", "the act of…". */
const DEFINING_ONLY = new Set(
  'someone something person people thing act state especially usually often typically characterized quality manner'.split(
    ' ',
  ),
);
/** A definition word this alike to one of the caller's is theirs ("arrives" ~ "come"). */
const SAID_ALIKE = 0.6;

const MEMO_MAX = 2_000;
const memo = new Map<string, { word: string; keys: string[] }[]>();

/** Each content word of the text with the keys of the words defining it. */
function definitionsIn(text: string): { word: string; keys: string[] }[] {
  let found = memo.get(text);
  if (!found) {
    found = [...new Set(contentWords(text))]
      .map((word) => ({ word, keys: definingWords(word).filter((entry) => !DEFINING_ONLY.has(entry)) }))
      .filter((entry) => entry.keys.length);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(text, found);
  }
  return found;
}

/**
 * Those of the caller's subject words missing from the text (keys) that a word of the text is defined by, in words the
 * caller said: one at most, and never the only subject word (what the caller does on the occasion is never met so).
 */
export function saidByDefinition(question: Question, missing: readonly string[], text: string): Set<string> {
  if (question.judge.length < 2) return new Set();
  const found = definedInText(
    missing.filter((key) => !question.occasion.has(key)),
    question.text,
    text,
  );
  return new Set([...found].slice(0, 1));
}

function definedInText(missing: readonly string[], callerText: string, text: string): Set<string> {
  if (!missing.length) return new Set();
  const callerWords = contentWords(callerText);
  const callerKeys = new Set(callerWords.map((word) => termKey(word)));
  const callerBases = callerWords.map((word) => lemma(word));
  // Base forms: the vectors put "arrives" far from "come" (0.45), "arrive" near it (0.65).
  const said = (word: string) =>
    callerKeys.has(termKey(word)) || callerBases.some((caller) => wordSimilarity(lemma(word), caller) >= SAID_ALIKE);
  const defined = new Set<string>();
  for (const { keys } of definitionsIn(text)) {
    const covered = missing.filter((key) => keys.some((word) => termKey(word) === key));
    if (covered.length && keys.every(said)) for (const key of covered) defined.add(key);
  }
  return defined;
}
