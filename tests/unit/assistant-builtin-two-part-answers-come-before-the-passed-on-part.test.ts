import { describe, expect, it } from 'vitest';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * "When's the family swim on and how much is it?": when one part of a two-part question is
 * answered and the other passed to the team, the caller hears the answer first and then that the
 * rest was passed on — never "I'm not sure about that" followed by an answer, which reads as if
 * the answer were a guess. Made-up business.
 */
const pool = business('Riverside Pool', [
  service('Family swim', '£9 per family', 'Lanes and inflatables for families.'),
]);

describe('the answered part comes first', () => {
  it('an unknown first part and a known second part', async () => {
    const { text, kit } = await run(pool, 'Is there a lifeguard on duty and how much is the family swim?');
    expect(text).toContain('£9');
    expect(text.indexOf('£9')).toBeLessThan(text.search(/not sure/i));
    expect(kit.questions).toHaveLength(1);
  });
});
