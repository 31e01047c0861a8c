import { describe, expect, it } from 'vitest';
import { termKey } from '#api/services/assistant/builtin/text';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * "Somewhere to sit" is the owner's "seats" or "seating": one group of the lexicon. Made-up
 * businesses, unlike the evaluation's.
 */
const parlour = business('Scoops Ice Cream Parlour', [
  service('Ice cream party', '£12 per child', 'Make your own sundae for up to 12 children.'),
]);

describe('sitting is seating', () => {
  it('sit, sitting, seat, seats and seating are one key', () => {
    for (const word of ['sit', 'sitting', 'seats', 'seating', 'seated']) expect(termKey(word)).toBe(termKey('seat'));
  });

  it('"Is there somewhere to sit and have a sundae?" finds the seats', async () => {
    const hits = [faq('Can I eat in?', 'Yes, we have 20 seats in the garden and serve every sundae in a glass dish.')];
    const { text, kit } = await run(parlour, 'Is there somewhere to sit and have a sundae?', { hits });
    expect(text).toContain('20 seats');
    expect(kit.questions).toHaveLength(0);
  });
});
