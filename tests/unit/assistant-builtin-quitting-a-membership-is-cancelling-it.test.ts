import { describe, expect, it } from 'vitest';
import { business, run, service, serviceHit, tools } from '#tests/support/builtin-assistant';

/**
 * Class of misses (issue 19: callers who do not use the owner's words): a caller "quits" a
 * membership, a plan or a contract where the owner writes "cancel" — at a gym, a club, a
 * subscription box alike.
 */
const PLAN =
  'Unlimited swims and two classes a week. Paid monthly; a minimum of 6 months, then cancel with two weeks notice.';
const POOL = business('Moorside Pool', [service('Monthly swim plan', '£32 a month', PLAN)]);

describe('quitting a membership is cancelling it', () => {
  it('answers whether a plan can be quit with how it is cancelled', async () => {
    const kit = tools([serviceHit('Monthly swim plan', '£32 a month', PLAN)]);
    const { text } = await run(POOL, 'if I take the monthly swim plan can I quit whenever I like?', { kit });
    expect(text).toMatch(/6 months|two weeks/);
    expect(kit.questions).toHaveLength(0);
  });
});
