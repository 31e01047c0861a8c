import { describe, expect, it } from 'vitest';
import { questionTerms } from '#api/services/assistant/builtin/text';
import { business, faq, run } from '#tests/support/builtin-assistant';

/**
 * "without using acetone", "are you making…", "is anyone coming out…": how a thing is asked
 * ("use", "make", "come") says nothing of what it is about, said with -ing as much as without.
 * The light stemmer leaves short -ing forms whole ("using", "mak"), so they were subject words
 * the answer had to hold. A thing named by an -ing word ("a used car", "a drawing", "a timing
 * belt") is not touched. Made-up business, unlike the evaluation's.
 */
const specificWords = (text: string) =>
  questionTerms(text)
    .filter((term) => term.specific)
    .map((term) => term.word);

describe('an -ing form of an ask-word is no subject word', () => {
  it.each([
    ['can you remove gel without using acetone?', 'using'],
    ['are you making wedding nails this year?', 'making'],
    ['is anyone coming to the fair?', 'coming'],
    ['are you taking new clients?', 'taking'],
  ])('%s: not "%s"', (question, word) => {
    expect(specificWords(question)).not.toContain(word);
  });

  it.each([
    ['do you sell used nail kits?', 'used'],
    ['do you teach drawing?', 'drawing'],
    ['do you do nail painting?', 'painting'],
    ['do you change timing belts?', 'timing'],
  ])('%s: still "%s"', (question, word) => {
    expect(specificWords(question)).toContain(word);
  });
});

const NAILS = business('Copper Kettle Nail Studio', []);
const NAILS_HITS = [
  faq('Can you remove gel polish without acetone?', 'Yes, we can file gel off by hand instead, for the same price.'),
];

describe("the owner's answer to the question is found", () => {
  it('"can you remove gel polish without using acetone?"', async () => {
    const { text, kit } = await run(NAILS, 'can you remove gel polish without using acetone?', { hits: NAILS_HITS });
    expect(text).toContain('file gel off');
    expect(kit.questions).toEqual([]);
  });
});
