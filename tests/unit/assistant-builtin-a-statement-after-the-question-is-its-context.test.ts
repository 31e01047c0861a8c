import { describe, expect, it } from 'vitest';
import { business, faq, run } from '#tests/support/builtin-assistant';

/**
 * "Do you do evening appointments? I work till 6": a statement after the question says the
 * caller's circumstances. It is the question's context, neither a second question nor words the
 * answer must hold: the answer is to the question. A trailing request ("…? Please call me back")
 * is still a request. Made-up business, unlike the evaluation's.
 */
const NAILS = business('Copper Kettle Nail Studio', []);
const NAILS_HITS = [
  faq('Do you do evening appointments?', 'Yes, we are open until 8pm on Tuesdays and Thursdays.'),
  faq('Can I bring my dog?', 'Well-behaved dogs on a lead are welcome in the studio.'),
  faq('Can you remove gel polish without acetone?', 'Yes, we can file gel off by hand instead, for the same price.'),
];

describe('a statement after the question is its context', () => {
  it.each([
    ['do you do evening appointments? I work till 6', '8pm'],
    ["Can I bring my dog? He's very quiet.", 'on a lead'],
    ['can you remove gel polish without acetone? my skin reacts badly to it', 'file gel off'],
    ['Hi, do you do evening appointments? My shifts finish at half five.', '8pm'],
  ])('%s', async (message, fact) => {
    const { text, kit } = await run(NAILS, message, { hits: NAILS_HITS });
    expect(text).toContain(fact);
    expect(kit.questions).toEqual([]);
  });

  it('the statement is no second question: one answer, nothing passed to the team', async () => {
    const { text, kit } = await run(NAILS, 'do you do evening appointments? I work till 6', { hits: NAILS_HITS });
    expect(text).not.toMatch(/not sure|passed/i);
    expect(kit.questions).toEqual([]);
  });

  it("a question nothing answers is still passed on, in the caller's own words with the context", async () => {
    const message = 'do you do pedicures for diabetics? my mum has diabetes';
    const { text, kit } = await run(NAILS, message, { hits: NAILS_HITS });
    expect(text).toMatch(/not sure/i);
    expect(kit.questions).toEqual([message]);
  });

  it('a request after the question is still a request', async () => {
    const { kit } = await run(NAILS, 'do you do evening appointments? Please call me back on 07700 900123', {
      hits: NAILS_HITS,
    });
    expect(kit.questions).toEqual([]);
  });
});
