import { describe, expect, it } from 'vitest';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * "The wedding photography" at a photographer: the business's everyday word after the kind
 * of it ("wedding") names nothing the kind does not, so the owner's "Wedding bookings can be
 * paid…" is on it though it never says "photography". The everyday word first ("photography
 * prints") still names its own thing. Made-up business, unlike the evaluation's.
 */
const studio = business('Lumen Photography', [
  service('Wedding photography', 'From £900', 'The whole day, from the preparations to the first dance.'),
  service('Portrait photography', '£150', 'An hour in the studio or outdoors, with ten edited photos.'),
]);

describe("the trade's own word after a kind", () => {
  it('"can I pay for the wedding photography in instalments" is answered by the rule for wedding bookings', async () => {
    const hits = [
      faq(
        'Which payment methods do you accept?',
        'Card or bank transfer. Wedding bookings can also be paid in three instalments.',
      ),
    ];
    const { text, kit } = await run(studio, 'can I pay for the wedding photography in instalments', { hits });
    expect(text).toContain('three instalments');
    expect(kit.questions).toHaveLength(0);
  });

  it('"do you sell photography prints?" is not answered by a passage about other prints', async () => {
    const hits = [faq('Do you print invitations?', 'No, but we can recommend a printer for invitations.')];
    const { kit } = await run(studio, 'do you sell photography prints?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
