import { describe, expect, it } from 'vitest';
import { business, faq, passage, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "What would it cost to keep our piano somewhere for a couple of months between homes?" asks
 * the price of an action (keeping it). A sentence that prices another action on the same thing
 * ("Tuning a piano in its new home costs £60", "Pianos tuned in their new home: £60 each", a
 * piano removal from £180) is no answer, however many of the question's words it holds: the
 * caller is passed to the team. A
 * sentence pricing the asked action still answers. Made-up businesses, unlike the evaluation's.
 */
const pianoMovers = business('Ivory Keys', [
  service('Upright piano move', '£180', 'Two specialists and a piano trolley, ground floor to ground floor.'),
]);
const QUESTION = 'what would it cost to keep our piano somewhere for a couple of months between homes';

describe('the action a price is asked for', () => {
  it('a sentence pricing another action on the thing is no answer', async () => {
    const hits = [
      faq('Do you tune pianos too?', 'Yes. Tuning a piano in its new home costs £60.'),
      passage('Charges', 'Pianos tuned in their new home: £60 each.'),
    ];
    const { text, kit } = await run(pianoMovers, QUESTION, { hits });
    expect(text).not.toContain('£60');
    expect(kit.questions).toHaveLength(1);
  });

  it("a service doing another action to the thing is no answer: its price is that action's", async () => {
    const hits = [
      serviceHit('Piano removal', 'from £180', 'Two specialists move your piano to its new home, wrapped in blankets.'),
    ];
    const { text, kit } = await run(pianoMovers, QUESTION, { hits });
    expect(text).not.toContain('£180');
    expect(kit.questions).toHaveLength(1);
  });

  it('a sentence pricing the asked action answers', async () => {
    const hits = [passage('Storage', 'Keeping a piano in our warehouse between homes costs £20 a week.')];
    const { text, kit } = await run(pianoMovers, QUESTION, { hits });
    expect(text).toContain('£20 a week');
    expect(kit.questions).toHaveLength(0);
  });
});
