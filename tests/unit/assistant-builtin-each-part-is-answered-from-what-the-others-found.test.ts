import { describe, expect, it } from 'vitest';
import { questionParts } from '#api/services/assistant/builtin/question-parts';
import { business as builtinBusiness, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * A message that asks two things is answered a part at a time; a later part with no subject
 * of its own asks about the first part's thing, never about the unit its price was asked in
 * ("per person", "per hour"). Made-up businesses, unlike the evaluation's.
 */
describe('each part of a two-part question keeps its subject', () => {
  it('"…per head/person" is the price\'s unit, not the subject of "how much notice"', () => {
    const [, second] = questionParts('how much is a picnic hamper per person and how much notice do you need?');
    expect(second).toContain('picnic hamper');
    expect(second).not.toContain('person');
  });
});

/**
 * "Can your team … everything …, and what does that cost?": "your team" is the business, and
 * "everything" names nothing; "that" is the service the first part was answered with, whatever
 * the caller's words for it, and its price is said once.
 */
const CLEANERS = builtinBusiness('Brightside Cleaning', [
  service(
    'End of tenancy clean',
    '£180 per flat',
    'Two cleaners scrub the oven, bathroom and kitchen and wash the windows the day before you hand back the keys.',
  ),
  service('Carpet shampoo', '£25 per room', 'Hot-water extraction for carpets and rugs.'),
]);
const CLEANER_HITS = CLEANERS.services.map((offer) =>
  serviceHit(offer.name, offer.price ?? '', offer.description ?? ''),
);

describe('a part that points back asks about what the first part was answered with', () => {
  it('"can your team scrub everything…, and what does that cost?" is the service found, its price once', async () => {
    const { text, kit } = await run(
      CLEANERS,
      'Can your team scrub everything before we hand back the keys, and what does that cost?',
      { hits: CLEANER_HITS },
    );
    expect(text).toContain('£180');
    expect(text).not.toContain('£25');
    expect(text.match(/£180/g)).toHaveLength(1);
    expect(kit.questions).toEqual([]);
  });
});
