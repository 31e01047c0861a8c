import { describe, expect, it } from 'vitest';
import { business, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * Class of wrong answers (issue 19: nothing invented): an FAQ page is "Q: … A: …" pairs, and a
 * window of two sentences (or a sentence with the one before it) can run from the end of one
 * answer into the next answer, across the stored question between them. The subject can then
 * come from one answer and the price from the other: the price of a tip run said as what a
 * house clearance costs.
 */
const CLEARANCE = business('Brightside Clearances', [
  service('Garden clearance', '£90', 'Green waste, sheds and garden furniture taken away.'),
]);

const FAQ = `Q: Do you take old furniture?
A: Yes. We take sofas, beds and wardrobes in any state. A single tip run costs £45 a load.

Q: How long does a house clearance take?
A: Most two- and three-bedroom houses are cleared in one day by a team of three.

Q: Do you recycle?
A: Everything that can be reused goes to the Hope Street charity shop first.`;

describe('one FAQ answer never finishes another', () => {
  it("never gives one answer's price for the subject of the next answer", async () => {
    const kit = tools([passage('FAQ', FAQ)]);
    const { text } = await run(CLEARANCE, 'how much to clear a 2 bedroom house?', { kit });
    expect(text).not.toContain('£45');
    expect(kit.questions).toHaveLength(1);
  });

  it('never leans a sentence starting "That…" on the previous question\'s answer', async () => {
    const kit = tools([
      passage(
        'Questions',
        `How long does a house clearance take?
Most two- and three-bedroom houses are cleared in one day by a team of three.

Do you clear garden sheds?
That costs £45 a shed on top of the house.`,
      ),
    ]);
    const { text } = await run(CLEARANCE, 'how much to clear a 2 bedroom house?', { kit });
    expect(text).not.toContain('£45');
  });

  it("still answers from one answer's own sentences", async () => {
    const kit = tools([passage('FAQ', FAQ)]);
    const { text: price } = await run(CLEARANCE, 'how much is a tip run?', { kit });
    expect(price).toContain('£45');
    const { text: time } = await run(CLEARANCE, 'how long does it take to clear a three bedroom house?', { kit });
    expect(time).toContain('one day');
  });
});
