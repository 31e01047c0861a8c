import { describe, expect, it } from 'vitest';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "We're in Heworth, is travel extra?" where the travel item says travel is free in the city,
 * Heworth included, and charged beyond it: "we're in" names the caller's place as "I'm in"
 * does, and a place the free sentence names gets that sentence, never the charge for the
 * places beyond. A made-up mobile piano tuner in York, unlike the evaluation's businesses.
 */
const TRAVEL = [
  'Travel beyond York',
  '£15',
  'Travel is free within the city of York, including Acomb, Heworth and Fulford. Up to 20 miles away (Selby, Malton and Tadcaster) there is a £15 travel charge.',
] as const;
const TUNING = ['Piano tuning', '£70', 'A standard tuning of an upright or grand piano, about an hour.'] as const;
const tuner = business('Middlegate Piano Tuning', [service(...TUNING), service(...TRAVEL)]);
const hits = [serviceHit(...TRAVEL), serviceHit(...TUNING)];

describe('a place in the free area pays no travel', () => {
  it.each([["we're in Heworth, is travel extra?"], ['we live in Acomb, do you charge for travel?']])(
    '"%s" hears that travel is free',
    async (message) => {
      const { text, kit } = await run(tuner, message, { hits });
      expect(text).toMatch(/free/i);
      expect(text).not.toMatch(/£15/);
      expect(kit.questions).toHaveLength(0);
    },
  );

  it('a place beyond it hears the charge', async () => {
    const { text } = await run(tuner, "we're in Malton, is travel extra?", { hits });
    expect(text).toMatch(/£15/);
  });
});
