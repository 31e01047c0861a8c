import { sentenceSimilarity } from '#api/services/language/similarity';
import { questionTerms } from './builtin/text';

/**
 * Whether a caller's question asks what a question already waiting for the owner asks, in
 * other words ("Do you sell loyalty cards?" / "Hi, can I get a loyalty card for my
 * husband?"), so it joins that one instead of making another question and task.
 *
 * Word vectors alone cannot decide this: "credit cards" and "loyalty cards", "dogs" and
 * "children", "cake" and "pie" sit as close together as true paraphrases do. So the subject
 * words decide (lemmas, stems and the synonym groups of text.ts): every subject word of the
 * shorter question must be in the longer one, which may add a little (who it is for, "buy").
 * When the longer one adds words, the sentence similarity must show they do not change its
 * sense; it also ranks the candidates.
 */

/** Below this the two are about different things even when their subject words overlap. */
const MIN_SIMILARITY = 0.5;

/** Names a shop uses for the same thing; the first is the one compared. */
const SAME_THING: [RegExp, string][] = [[/\bgift ?(cards?|certificates?|tokens?)\b/gi, 'gift voucher']];

/** Words that say how a caller asks or whom it is for, not what: never part of the subject. */
const ASKING_WORDS = [
  'buy',
  'purchase',
  'mum',
  'mom',
  'dad',
  'wife',
  'husband',
  'son',
  'daughter',
  'friend',
  'partner',
  'mother',
  'father',
  'sister',
  'brother',
];

function subject(text: string): Set<string> {
  const canonical = SAME_THING.reduce((current, [pattern, name]) => current.replace(pattern, name), text);
  return new Set(
    questionTerms(canonical, ASKING_WORDS)
      .filter((term) => term.specific)
      .map((term) => term.key),
  );
}

/** How well `asked` paraphrases `waiting`: 0 when it does not, else its similarity (higher is closer). */
export function paraphraseScore(asked: string, waiting: string): number {
  const first = subject(asked);
  const second = subject(waiting);
  if (!first.size || !second.size) return 0;
  const [shorter, longer] = first.size <= second.size ? [first, second] : [second, first];
  for (const key of shorter) if (!longer.has(key)) return 0;
  // A longer question may add a little to the same subject ("for a wedding"), not a second subject.
  if (longer.size - shorter.size > Math.max(1, shorter.size)) return 0;
  const similarity = sentenceSimilarity(asked, waiting);
  // The very same subject words: the same question, however it is put ("Is there parking?" / "Where can I park?").
  if (shorter.size === longer.size) return Math.max(similarity, MIN_SIMILARITY);
  return similarity >= MIN_SIMILARITY ? similarity : 0;
}

/** The waiting question `asked` paraphrases best, or null. */
export function closestWaitingQuestion<T extends { content: string }>(asked: string, waiting: T[]): T | null {
  let best: { row: T; score: number } | null = null;
  for (const row of waiting) {
    const score = paraphraseScore(asked, row.content);
    if (score > 0 && (!best || score > best.score)) best = { row, score };
  }
  return best?.row ?? null;
}
