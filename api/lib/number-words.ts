/** The words for 0–19, by value: what both the assistant's replies and the speech dictionary spell numbers with. */
export const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;

/** The words for the tens, by tens digit (20 → TENS[2]); 0 and 1 have none. */
export const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'] as const;

/**
 * What a customer counts with in words, by value: one to nineteen, the tens, a hundred and a dozen
 * ("two loaves", "twelve hours"). Zero is left out: no one orders or waits zero of a thing.
 */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...ONES.slice(1).map((word, index) => [word, index + 1] as const),
  ...TENS.slice(2).map((word, index) => [word, (index + 2) * 10] as const),
  ['hundred', 100],
  ['dozen', 12],
]);

/** The number words from two up: "one" is as often a pronoun ("the one with the red door") as a count. */
export const NUMBER_WORDS_FROM_TWO: ReadonlyMap<string, number> = new Map(
  [...NUMBER_WORDS].filter(([, value]) => value >= 2),
);

/** The number words as a regular-expression alternation, longest first so "seventeen" is not read as "seven". */
export const NUMBER_WORD_PATTERN = alternation(NUMBER_WORDS.keys());

/** The number words and the articles that count one ("an hour", "a day"). */
export const COUNTING_WORDS: ReadonlyMap<string, number> = new Map([...NUMBER_WORDS, ['a', 1], ['an', 1]]);

/** The counting words as a regular-expression alternation, longest first ("an" before "a"). */
export const COUNTING_WORD_PATTERN = alternation(COUNTING_WORDS.keys());

function alternation(words: Iterable<string>): string {
  return [...words].sort((a, b) => b.length - a.length).join('|');
}
