import { describe, expect, it } from 'vitest';
import { normaliseCallerText } from '#api/services/language/caller-text';

/**
 * A word English lacks is corrected only when one word is surely meant: a letter changed in a
 * short word with several words as near ("vape": vale, vase, vane) is left as written, and a
 * misspelling people commonly make is corrected even when the web repeats it ("seperate").
 * Made-up messages, unlike the evaluation's.
 */
describe('a typo is corrected only to the word surely meant', () => {
  it.each([
    ['can we vape on the balcony?', 'can we vape on the balcony?'],
    ['whats the prise of a trim', "what's the prise of a trim"],
  ])('"%s" is left as written', (said, read) => {
    expect(normaliseCallerText(said)).toBe(read);
  });

  it.each([
    ['is there a seperate entrance?', 'is there a separate entrance?'],
    ['do you have accomodation for groups?', 'do you have accommodation for groups?'],
    ['will i recieve a receipt?', 'will i receive a receipt?'],
    ['my appointmnet is tomorow', 'my appointment is tomorrow'],
    ['the boilr is leaking', 'the boiler is leaking'],
  ])('"%s" is corrected', (said, read) => {
    expect(normaliseCallerText(said)).toBe(read);
  });
});
