import { describe, expect, it } from 'vitest';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * "We've got mice in the kitchen, what do you charge?", "rats in the garden, how much?": the
 * caller says where their thing is, a place of theirs after a preposition ("in the
 * conservatory", "under my bed", "up in our loft"). That place is a detail of their case, not
 * what is asked: the service that names the thing answers, although its text never mentions
 * the room. A thing the business does not name is still passed to the team, wherever it is.
 * A made-up carpet and upholstery cleaner, unlike the evaluation's businesses.
 */
const cleaner = business('Fresh Pile Cleaning', [
  service('Sofa cleaning', '£60', 'A three-seater sofa deep-cleaned with hot water extraction.'),
  service('Mattress cleaning', '£45', 'Steam-cleaned and deodorised, dry in four hours.'),
  service('Stair carpet cleaning', '£40', 'Up to 14 stairs and the landing.'),
]);

describe('where the caller’s thing is, is not what is asked', () => {
  it.each([
    ['there’s a sofa in the conservatory that needs a clean, how much?', '£60'],
    ['how much to clean the sofa in our back bedroom', '£60'],
    ['We’ve got a sofa in the conservatory, what do you charge?', '£60'],
    ['there is an old mattress up in our loft, price for cleaning it?', '£45'],
    ['two sofas, one in the lounge and one up in the attic, how much each?', '£60'],
  ])('"%s" is answered by the service that names the thing (%s)', async (message, price) => {
    const { text, kit } = await run(cleaner, message);
    expect(text).toContain(price);
    expect(kit.questions).toHaveLength(0);
  });

  it.each([
    'do you clean rugs in the hallway?',
    'We’ve got a piano in the conservatory, what do you charge?',
    'how much to clean the curtains in my lounge',
  ])('"%s" names nothing the business does: passed to the team', async (message) => {
    const { text, kit } = await run(cleaner, message);
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toMatch(/£\d/);
  });
});
