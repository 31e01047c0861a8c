import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * A general rule for the caller's instance, from the business's own prices: "for jobs over
 * £2,000 we take a 20% deposit" is the rule for a service that costs more than that, and says
 * nothing of one that costs less.
 */
const headed = (heading: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${heading}`, type: 'pdf', title: 'Policies' },
  text,
  heading,
  rank: 1,
});

const roofer = business('Slate & Ridge', [
  service('Repointing', 'From £2,400', 'Old mortar raked out and the brickwork repointed.'),
  service('Gutter realignment', '£180', 'Sagging gutters realigned and resealed.'),
]);
const hits = [
  headed(
    'Paying',
    'Card and bank transfer, paid when the job is finished. For jobs over £2,000 we take a 20% deposit when you book.',
  ),
];

describe('a rule by amount applies to the services it covers by their price', () => {
  it('a deposit for repointing (from £2,400) is the deposit for jobs over £2,000', async () => {
    const { text, kit } = await run(roofer, 'Will I have to pay a deposit for the repointing?', { hits });
    expect(text).toContain('20% deposit');
    expect(kit.questions).toHaveLength(0);
  });

  it('covers the service, not the other things asked: instalments are not the deposit rule', async () => {
    const { kit } = await run(roofer, 'Can I pay for the repointing in monthly instalments?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('says nothing of a service that costs less than the rule’s amount', async () => {
    const { kit } = await run(roofer, 'Will I have to pay a deposit for gutter realignment?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
