import { describe, expect, it } from 'vitest';
import { business, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * "Companies House", "Royal Mail", "Citizens Advice": a name made of common words is not those
 * words. A caller asking "can you come to my house?" is not answered by "we file your return at
 * Companies House"; a caller writing the name ("a letter from Royal Mail") is not answered by a
 * sentence about mail. The whole name, said either way, still matches. A made-up bookkeeper and
 * a made-up print shop, unlike the evaluation's businesses.
 */
const bookkeeper = business('Tally & Quill', [
  service('Annual accounts', '£400', 'Year-end accounts for small firms, filed on time.'),
]);
const FILING = passage(
  'What we do',
  `We file your confirmation statement at Companies House every year.

Free debt help is available from Citizens Advice.`,
);
const printer = business('Inkwell Print', [service('Flyer printing', '£45', '500 flyers on 150gsm gloss.')]);
const POSTING = passage(
  'Delivery',
  `Proofs are sent by email within a day.

Orders over £100 are posted with Royal Mail Tracked 48.`,
);

describe('a name made of common words is matched only whole', () => {
  it.each([
    ['can you come to my house?', bookkeeper, FILING],
    ['do you work from your house?', bookkeeper, FILING],
    ['what advice can you give a new company?', bookkeeper, FILING],
    ['do you take mail orders?', printer, POSTING],
  ])(
    'a common word of a name in the passage is not the caller\'s word: "%s" is passed to the team',
    async (message, biz, hit) => {
      const kit = tools([hit]);
      const { text } = await run(biz, message, { kit });
      expect(kit.questions).toHaveLength(1);
      expect(text).not.toMatch(/Companies House|Citizens Advice|Royal Mail/);
    },
  );

  it('a name the caller writes is not its common words in the passage', async () => {
    const kit = tools([passage('Visits', 'We can come to your house if you cannot get to the office.')]);
    const { text } = await run(bookkeeper, 'do you go to Companies House for me?', { kit });
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toContain('your house');
  });

  it.each([
    ['do you file things at companies house for me?', bookkeeper, FILING, 'confirmation statement'],
    ['where can I get free debt help?', bookkeeper, FILING, 'Citizens Advice'],
    ['do you post with royal mail?', printer, POSTING, 'Royal Mail Tracked'],
  ])('the name said, or the passage\'s other words, still answer: "%s"', async (message, biz, hit, answer) => {
    const kit = tools([hit]);
    const { text } = await run(biz, message, { kit });
    expect(text).toContain(answer);
    expect(kit.questions).toHaveLength(0);
  });
});
