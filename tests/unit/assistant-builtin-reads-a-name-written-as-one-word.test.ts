import { describe, expect, it } from 'vitest';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * "how much is a tuneup?": callers write the business's two-word or hyphenated names as one word
 * ("tuneup" for *Tune-up*, "wheeltruing" for *Wheel truing*). Read as the name, it finds the
 * service; left as it is, it was no word of the business and the question went to the team.
 * Made-up business.
 */
const bikes = business('Spokes & Co', [
  service('Tune-up', '£45', 'Gears and brakes adjusted, chain cleaned.'),
  service('Wheel truing', '£15', 'A buckled wheel trued.'),
]);

describe('a name written as one word', () => {
  it.each([
    ['how much is a tuneup', '£45'],
    ['How much is wheeltruing?', '£15'],
  ])('%s', async (message, price) => {
    const { text, kit } = await run(bikes, message);
    expect(text).toContain(price);
    expect(kit.questions).toHaveLength(0);
  });

  it('the question passed to the team keeps the caller’s spelling', async () => {
    const { kit } = await run(bikes, 'Can you do a tuneup on an e-bike motor?');
    expect(kit.questions.every((question) => question.includes('tuneup'))).toBe(true);
  });
});
