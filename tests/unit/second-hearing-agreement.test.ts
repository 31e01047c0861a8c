import { describe, expect, it } from 'vitest';
import { hearingsAgree } from '#api/services/assistant/second-hearing';

/** Two hearings are one question when they keep its subject; a recogniser's garbles rarely share theirs. */
describe('hearingsAgree', () => {
  it('a caller putting the same question another way agrees', () => {
    expect(hearingsAgree('Do you cover Otley?', 'Do you come out to Otley?')).toBe(true);
    expect(
      hearingsAgree('Do you sell wedding cakes on the moon?', 'Can I get a wedding cake delivered to the moon?'),
    ).toBe(true);
  });

  it('two different garbles of one question do not', () => {
    expect(hearingsAgree('when are you based', 'when are you like to')).toBe(false);
    expect(hearingsAgree('ha giang where the unique', 'the ah are you open are you so you do')).toBe(false);
  });

  it('a hearing with no content words agrees with nothing', () => {
    expect(hearingsAgree('are you the', 'are you the')).toBe(false);
  });
});
