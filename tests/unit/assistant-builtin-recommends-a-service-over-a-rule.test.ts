import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * "What's best for …?", "what would you recommend for …?" asks which of the business's offers
 * fits: a service that describes the caller's case answers it before a rule that only
 * mentions the same words ("… before their first visit").
 */
const offer = (name: string, price: string, description: string): ApiKnowledgeHit => ({
  source: { kind: 'service', _id: `svc-${name}`, type: 'service', title: name },
  text: `${name}.\n\nPrice: ${price}.\n\n${description}`,
  heading: name,
  rank: 0.5,
});

const DESCRIPTION =
  'A gentle first visit for children from 3 to 5 years old: games in the shallow pool with a teacher in the water. 30 minutes, and a parent is welcome to swim too.';
const SCHOOL = business('Otter Swim School', [service('Little splashers', '£15', DESCRIPTION)]);
const RULE = passage(
  'Before you come',
  'All children must wear a swim cap and have had a shower before their first visit. Please arrive 10 minutes early.',
);

describe('a recommendation is an offer', () => {
  it('answers "what\'s best for his first swim?" with the service for it, not the rule', async () => {
    const kit = tools([RULE, offer('Little splashers', '£15', DESCRIPTION)]);
    const { text } = await run(SCHOOL, "My son is 4, what's best for his first swim?", { kit });
    expect(kit.questions).toHaveLength(0);
    expect(text).toMatch(/little splashers|£15/i);
    expect(text).not.toContain('swim cap');
  });

  it('still answers a question about the rule with the rule', async () => {
    const kit = tools([RULE, offer('Little splashers', '£15', DESCRIPTION)]);
    const { text } = await run(SCHOOL, 'Does my son need a swim cap for his first visit?', { kit });
    expect(text).toContain('swim cap');
  });
});
