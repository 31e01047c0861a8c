import { describe, expect, it } from 'vitest';
import { plainVerbs, questionTerms, termKey } from '#api/services/assistant/builtin/text';
import { business, passage, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * Callers' words the owner writes otherwise: "scared", "anxious", "worried" for "nervous"; a
 * "crash course" for an intensive one; and "last month" is when, not monthly payments. Made-up
 * businesses, unlike the evaluation's.
 */
const swim = business('Blue Lane Swim School', [
  service('Intensive swimming course', '£120', 'Five daily 45-minute lessons over one week in the school holidays.'),
]);

describe('the lexicon', () => {
  it('fear words are one group', () => {
    for (const word of ['scared', 'anxious', 'worried', 'afraid', 'frightened'])
      expect(termKey(word)).toBe(termKey('nervous'));
  });

  it('a month is no monthly payment', () => {
    expect(termKey('month')).not.toBe(termKey('instalments'));
    expect(termKey('monthly')).toBe(termKey('instalments'));
    expect(questionTerms('I moved here last month').map((term) => term.key)).not.toContain(termKey('finance'));
  });

  it('a crash course is an intensive course', () => {
    expect(plainVerbs('Do you do crash courses?')).toBe('Do you do intensive courses?');
  });

  it('"I\'m scared of the deep end" finds the passage on nervous swimmers', async () => {
    const hits = [
      passage(
        'Nervous swimmers',
        'Nervous swimmers start in the shallow pool with a teacher in the water beside them.',
      ),
      passage('Parking', 'There is free parking behind the leisure centre.'),
    ];
    const { text, kit } = await run(swim, 'Are your classes ok for scared swimmers?', { hits });
    expect(text).toContain('shallow pool');
    expect(kit.questions).toHaveLength(0);
  });

  it('"do you do crash courses?" is the intensive course', async () => {
    const hits = [
      serviceHit(
        'Intensive swimming course',
        '£120',
        'Five daily 45-minute lessons over one week in the school holidays.',
      ),
    ];
    const { text, kit } = await run(swim, 'Do you do crash courses?', { hits });
    expect(text).toContain('£120');
    expect(kit.questions).toHaveLength(0);
  });
});
