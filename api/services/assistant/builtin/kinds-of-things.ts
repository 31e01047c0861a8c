import { kindsOf } from '#api/services/language/kinds';
import { describesAnAction } from '#api/services/language/part-of-speech';
import { questionTerms, termKey, type Term } from './text';

/**
 * "Do you treat corn snakes?" is answered by "we do not treat reptiles", "can I bring my springer
 * spaniel?" by "dogs are welcome": a thing the caller names is in a passage that names a near
 * general kind of it (WordNet, language/kinds.ts). Only this way round: the general statement
 * covers the specific case, never a specific passage the caller's general word ("do you see
 * pets?" is not answered by "rabbits need their vaccinations").
 */

/** A thing the caller names: the keys of its subject words, its words as said, and its kinds (each as the term keys of its words). */
export type Thing = { keys: string[]; phrase: string; kinds: string[][] };

function thing(keys: string[], phrase: string, domain: Set<string>): Thing | null {
  const kinds = kindsOf(phrase)
    .map((kind) => ({ words: kind.split(' '), terms: questionTerms(kind) }))
    // A kind made of generic or stop words says nothing; one word that is mostly a verb or an adjective
    // ("minor", "potable") is rarely the thing in a passage.
    .filter(({ words, terms }) => terms.length === words.length && terms.every((term) => term.specific))
    .filter(({ words }) => words.length > 1 || !describesAnAction(words[0]))
    .map(({ terms }) => terms.map((term) => term.key))
    .filter((kind) => !kind.some((key) => keys.includes(key)))
    // The business's everyday words ("dog" at a dog groomer) are in most of its passages: no sign of the caller's thing.
    .filter((kind) => !kind.every((key) => domain.has(key)));
  return kinds.length ? { keys, phrase, kinds } : null;
}

/**
 * The caller's things that have kinds: each compound ("corn snake" → reptile) and each other noun
 * (the head of a compound too: "snake" → reptile; never its first word, the "corn" of a corn
 * snake is no grain). A word that is mostly a verb or an adjective ("fix", "treat") names no thing.
 */
export function callersThings(judge: Term[], pairs: [string, string][], domain: Set<string>): Thing[] {
  const nouns = judge.filter((term) => !describesAnAction(term.word));
  const modifiers = new Set(pairs.map(([first]) => first));
  const compounds = pairs.flatMap(([a, b]) => {
    const first = nouns.find((term) => term.key === a);
    const second = nouns.find((term) => term.key === b);
    return first && second ? [thing([a, b], `${first.word} ${second.word}`, domain)] : [];
  });
  const single = nouns.filter((term) => !modifiers.has(term.key)).map((term) => thing([term.key], term.word, domain));
  return [...compounds, ...single].filter((found): found is Thing => found !== null);
}

/** A text's words and the punctuation between them, with the words' keys: read once per text (judging reads a passage many times). */
type Tokens = { tokens: string[]; keys: string[] };
const tokenMemo = new Map<string, Tokens>();
const TOKEN_MEMO_MAX = 5_000;
function tokensOf(text: string): Tokens {
  let found = tokenMemo.get(text);
  if (!found) {
    const tokens =
      text
        .toLowerCase()
        .replace(/[’‘]/g, "'")
        // A line (a heading, a stored question) ends like a sentence.
        .replace(/\n+/g, ' . ')
        .match(/[a-z0-9]+(?:'[a-z]+)?|[^\sa-z0-9]/g) ?? [];
    found = { tokens, keys: tokens.map((token) => (/^[a-z]/.test(token) ? termKey(token.replace(/'/g, '')) : token)) };
    if (tokenMemo.size >= TOKEN_MEMO_MAX) tokenMemo.clear();
    tokenMemo.set(text, found);
  }
  return found;
}

const WHOLE = /^(all|any|every)$/;
const NEGATION = /^(not|no|never|nor|don't|doesn't|won't|can't|cannot)$/;
const SENTENCE_END = /^[.!?:]$/;
const CLAUSE_END = /^[.;!?:]$/;

/**
 * The text speaks of the whole kind, as a rule for every one of it: "all bicycles", "any kind of
 * lizard", a kind starting a sentence or a heading ("Dogs are welcome…"), or a kind in a clause
 * that says no ("we do not treat horses, birds or reptiles"). Said otherwise it may be some of
 * the kind ("we serve coffee" is not every coffee the caller may want, "bring your dog's bed" is
 * about a bed).
 */
function wholeKind(tokens: string[], start: number): boolean {
  const before = tokens.slice(Math.max(0, start - 3), start);
  const previous = before.at(-1);
  if (previous === undefined || SENTENCE_END.test(previous) || WHOLE.test(previous)) return true;
  if (previous === 'of' && before.slice(0, -1).some((token) => WHOLE.test(token))) return true;
  for (let index = start - 1; index >= 0 && !CLAUSE_END.test(tokens[index]); index -= 1)
    if (NEGATION.test(tokens[index])) return true;
  return false;
}

/** Where a kind is named as a whole (wholeKind): the index of its first word among the text's tokens, or -1. */
function namedAt(kind: string[], text: string): number {
  const { tokens, keys } = tokensOf(text);
  return keys.findIndex(
    (_, start) => kind.every((key, offset) => keys[start + offset] === key) && wholeKind(tokens, start),
  );
}

/**
 * The caller's subject words whose thing a text names by a general kind of it, of those it does
 * not name: a compound only when neither of its words is there ("buns are ready from 8am" names
 * buns, not the caller's cinnamon buns, which the compound rule leaves unanswered).
 */
export function coveredByKind(things: Thing[], missing: Set<string>, text: string): Set<string> {
  const covered = new Set<string>();
  for (const found of things)
    if (found.keys.every((key) => missing.has(key)) && found.kinds.some((kind) => namedAt(kind, text) >= 0))
      for (const key of found.keys) covered.add(key);
  return covered;
}

/** The keys naming the kinds of the things a text named by a kind (coveredByKind): each kind's head, "dog" of "gun dog". */
export const kindHeads = (things: Thing[], covered: Set<string>) =>
  things
    .filter((found) => found.keys.every((key) => covered.has(key)))
    .flatMap((found) => found.kinds.map((kind) => kind[kind.length - 1]));
