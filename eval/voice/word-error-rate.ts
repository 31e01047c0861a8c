import { spokenWords } from '#api/services/speech/spoken-words';

/**
 * Word error rate between what was said and what was heard, both normalised to the words a
 * speaker says ("£45" is "forty five pounds", "what's" is "what is", "call-out" is "call out"),
 * so only recognition mistakes count, not spelling conventions.
 */
const CONTRACTIONS: [RegExp, string][] = [
  [/\bwon't\b/g, 'will not'],
  [/\bcan't\b/g, 'can not'],
  [/\bcannot\b/g, 'can not'],
  [/n't\b/g, ' not'],
  [/'re\b/g, ' are'],
  [/'ve\b/g, ' have'],
  [/'ll\b/g, ' will'],
  [/'d\b/g, ' would'],
  [/\bi'm\b/g, 'i am'],
  [/\b(it|that|what|there|where|who|here|he|she)'s\b/g, '$1 is'],
  [/\blet's\b/g, 'let us'],
];

export function normalisedWords(text: string): string[] {
  let lower = text.toLowerCase().replace(/[’‘]/g, "'");
  for (const [pattern, replacement] of CONTRACTIONS) lower = lower.replace(pattern, replacement);
  return spokenWords(lower).map((word) => word.replace(/'s$/, ''));
}

export function editDistance(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[hypothesis.length]!;
}

/** Errors and reference length, so rates can be pooled over many utterances. */
export function wordErrors(said: string, heard: string): { errors: number; words: number } {
  const reference = normalisedWords(said);
  return { errors: editDistance(reference, normalisedWords(heard)), words: reference.length };
}

export const wordErrorRate = (said: string, heard: string) => {
  const { errors, words } = wordErrors(said, heard);
  return words ? errors / words : heard.trim() ? 1 : 0;
};
