import { describe, expect, it } from 'vitest';
import { business, passage, product, productHit, run, service } from '#tests/support/builtin-assistant';

/**
 * "Do you charge extra for oat milk?": an extra's charge is often said inside another item's
 * text ("Flat white … £3.40. Oat or soya milk at no extra charge."). The sentence that names
 * the extra and gives its amount answers, though the text's first amount is the item's own;
 * a text whose only amount is another item's still does not ("Wedding cakes are delivered for
 * £35" is no answer to what delivery costs). Made-up businesses, unlike the evaluation's.
 */
const juiceBar = business(
  'Press & Pulp',
  [service('Party platters', '£40', 'Fruit platters for parties of ten or more.')],
  [
    product('Green smoothie', '£4.80', 'Kale, apple and banana. Protein powder added at no extra charge.'),
    product('Cold-pressed juice', '£3.90', 'Carrot, orange and ginger.'),
  ],
);

describe("an extra's charge said in another item's text", () => {
  it('"do you charge extra for protein powder?" is answered by the sentence giving its charge', async () => {
    const hits = [
      productHit('Green smoothie', 'Kale, apple and banana. £4.80. Protein powder added at no extra charge.'),
    ];
    const { text, kit } = await run(juiceBar, 'do you charge extra for protein powder', { hits });
    expect(text).toContain('no extra charge');
    expect(kit.questions).toHaveLength(0);
  });

  it("a text whose only amount is another item's is still no answer", async () => {
    const hits = [passage('Platters', 'Party platters are delivered with ginger shots for £40.')];
    const { kit } = await run(juiceBar, 'How much are ginger shots?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
