/**
 * How alike two texts are in meaning, 0..1: the cosine of their sentence vectors
 * (vectors.ts), negative values as 0. Synchronous: the word table loads lazily on the first
 * call (~20 ms), or at start-up through `loadLanguage()`. A text with no known content
 * word ("hi", a name, a typo) is like nothing: 0. `ignore`: lower-case words to leave out
 * of both (a business's everyday words: "boiler" at a heating firm would make every two
 * of its questions look alike).
 */
import { cosine, sentenceVector } from './vectors';

export { loadLanguage } from './vectors';

export function sentenceSimilarity(a: string, b: string, ignore?: ReadonlySet<string>): number {
  const first = sentenceVector(a, ignore);
  const second = sentenceVector(b, ignore);
  if (!first || !second) return 0;
  return Math.max(0, Math.min(1, cosine(first, second)));
}
