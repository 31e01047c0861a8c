/**
 * How alike two texts are in meaning, 0..1: the cosine of their sentence vectors
 * (vectors.ts), negative values as 0. Synchronous: the word table loads lazily on the first
 * call (~20 ms), or at start-up through `loadLanguage()`. A text with no known content
 * word ("hi", a name, a typo) is like nothing: 0.
 */
import { cosine, sentenceVector } from './vectors';

export { loadLanguage } from './vectors';

export function sentenceSimilarity(a: string, b: string): number {
  const first = sentenceVector(a);
  const second = sentenceVector(b);
  if (!first || !second) return 0;
  return Math.max(0, Math.min(1, cosine(first, second)));
}
