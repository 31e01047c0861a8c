import { describe, expect, it } from 'vitest';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * "What paperwork should I show you when I collect the van?" asks the owner's answered "What do I
 * need to show you when I collect the van?": the noun after "what" or "which" names the kind of the
 * answer (documents, papers, things), and a stored question asking "what" with no noun says nothing
 * of it, so the noun is no telling word the stored question lacks. Made-up business, unlike the
 * evaluation's.
 */
const vans = business('Gorsemoor Van Hire', [
  service('Luton van hire', '£85 a day', 'A 3.5 tonne Luton van with a tail lift, drivable on a car licence.'),
]);
const collect = faq(
  'What do I need to show you when I collect the van?',
  'Your driving licence, a DVLA check code from the last 21 days and a utility bill from the last 3 months.',
);
const colours = faq('What colours do you paint the vans?', 'Every van is white with our green logo.');

describe('a stored "what …?" question', () => {
  it('answers the same question asked with the kind of answer named ("what paperwork…", "which documents…")', async () => {
    for (const message of [
      'What paperwork should I show you when I collect the van?',
      'which documents do i need to show you when i collect the van',
    ]) {
      const { text, kit } = await run(vans, message, { hits: [collect, colours] });
      expect(text, message).toContain('DVLA check code');
      expect(kit.questions, message).toHaveLength(0);
    }
  });

  it('never answers a question about another thing named after "what"', async () => {
    const { text, kit } = await run(vans, 'What sizes of van do you hire out?', { hits: [colours] });
    expect(text).not.toContain('white with our green logo');
    expect(kit.questions).toHaveLength(1);
  });
});
