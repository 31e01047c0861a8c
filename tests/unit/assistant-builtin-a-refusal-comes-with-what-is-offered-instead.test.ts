import { describe, expect, it } from 'vitest';
import { business, faq, run } from '#tests/support/builtin-assistant';

/**
 * "Can I pay in cash?" where the owner answered "Which payment methods do you accept?" with
 * "Cheque or bank transfer. We don't take cash.": the sentence that says no is the one that
 * meets the caller's words, but alone it leaves them without what they can do instead. A short
 * stored answer whose best sentence refuses is said whole. A made-up firewood merchant, unlike
 * the evaluation's businesses.
 */
const logs = business('Hollins Wood Firewood', []);
const hits = [
  faq('Which payment methods do you accept?', "Cheque or bank transfer before delivery. We don't take cash."),
  faq('Can I collect from the yard?', 'No, we only deliver: a free drop within 15 miles of Hollins Wood.'),
];

describe('a refusal comes with what is offered instead', () => {
  it('"can I pay in cash?" hears the no and the ways to pay', async () => {
    const { text, kit } = await run(logs, 'can i pay the driver in cash?', { hits });
    expect(text).toMatch(/don't take cash/i);
    expect(text).toMatch(/bank transfer/i);
    expect(kit.questions).toHaveLength(0);
  });

  it('a sentence that already says both is said as it is', async () => {
    const { text } = await run(logs, 'can i pay by bank transfer?', { hits });
    expect(text).toMatch(/bank transfer/i);
  });
});
