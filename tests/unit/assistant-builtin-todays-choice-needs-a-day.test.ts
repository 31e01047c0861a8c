import { describe, expect, it } from 'vitest';
import { business, passage, product, productHit, run } from '#tests/support/builtin-assistant';

/**
 * "What's the soup today?", "which cakes have you got this week?": the caller asks what the
 * day's choice is. The owner's data is written once, so it can say that only by the day of
 * the week ("leek and potato on Mondays"); a description of the thing, or "ask at the counter
 * for today's quiche", does not answer it and the question goes to the team. Made-up
 * businesses, unlike the evaluation's.
 */
const deli = business(
  'Marlow Street Deli',
  [],
  [product('Quiche of the day', '£5.20', 'Homemade quiche with a side salad. Ask at the counter for today’s filling.')],
);
const quiche = productHit(
  'Quiche of the day',
  'Homemade quiche with a side salad. £5.20. Ask at the counter for today’s filling.',
);

describe("today's choice is answered only by a day of the week", () => {
  it('"what\'s the quiche today?" is passed on, not answered with the quiche\'s description', async () => {
    const { text, kit } = await run(deli, "What's the quiche today?", { hits: [quiche] });
    expect(text).not.toContain('£5.20');
    expect(kit.questions).toHaveLength(1);
  });

  it('"which cakes have you got this week?" is passed on when no passage names a day', async () => {
    const hits = [passage('Cakes', 'Our cakes are baked every morning: lemon drizzle, carrot cake and brownies.')];
    const { kit } = await run(deli, 'Which cakes have you got this week?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('a passage that gives the choice by the day of the week answers it', async () => {
    const hits = [passage('Specials', 'Our specials change daily: fish pie on Thursdays, lasagne on Fridays.')];
    const { text, kit } = await run(deli, "What's the special today?", { hits });
    expect(text).toContain('Thursdays');
    expect(kit.questions).toHaveLength(0);
  });

  it('the same thing asked without a day is still answered from its description', async () => {
    const { text, kit } = await run(deli, 'How much is the quiche?', { hits: [quiche] });
    expect(text).toContain('£5.20');
    expect(kit.questions).toHaveLength(0);
  });
});
