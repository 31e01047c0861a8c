import { describe, expect, it } from 'vitest';
import { business, passage, run } from '#tests/support/builtin-assistant';

/**
 * "Is there anywhere to park near the shop?": "the shop" is where the business is, said in the
 * caller's words, not what is asked; required as a subject word it sent the question to the team
 * although the parking passage answers it. A premises word after "near / at / outside / in the"
 * may be missing like the business's everyday words. Made-up business.
 */
const bikes = business('Spokes & Co', []);

describe('the business’s premises named by the caller are no subject', () => {
  it.each([
    ['Is there anywhere to park near the shop?', 'car park'],
    ['Have you got a car park at the workshop?', 'car park'],
  ])('%s', async (message, fact) => {
    const hits = [
      passage('Parking', 'There is a free car park behind the building, with a bike rack by the door.'),
      passage('Repairs', 'Most repairs are done within two working days.'),
    ];
    const { text, kit } = await run(bikes, message, { hits });
    expect(text).toContain(fact);
    expect(kit.questions).toHaveLength(0);
  });

  it('a question about something the data does not hold is still passed on', async () => {
    const hits = [passage('Parking', 'There is a free car park behind the building, with a bike rack by the door.')];
    const { text, kit } = await run(bikes, 'Is there a toilet in the shop?', { hits });
    expect(text).toMatch(/not sure/i);
    expect(kit.questions).toHaveLength(1);
  });
});
