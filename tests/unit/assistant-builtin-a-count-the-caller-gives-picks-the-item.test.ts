import { describe, expect, it } from 'vitest';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';
import { countsAgree } from '#api/services/assistant/builtin/catalogue-fit';

/**
 * "How much to clean a 2 bed flat?": the count the caller gives ("2 bed", estate agents'
 * English for two bedrooms) picks the item whose name allows it, never one whose name counts
 * other numbers ("Three- and four-bedroom…"). Made-up business, unlike the evaluation's.
 */
const services = [
  service(
    'One- and two-bedroom flat clean',
    'From £90',
    'Two cleaners for a smaller flat, kitchen and bathroom deep-cleaned.',
  ),
  service('Three- and four-bedroom house clean', 'From £160', 'Three cleaners for a larger house, ovens included.'),
];
const CLEANERS = business('Sparkle Crew', services, [], { address: '12 Mill Lane, Ashford TN23 1AA' });
const hits = services.map((offer) => serviceHit(offer.name, offer.price ?? '', offer.description ?? ''));

describe('a count the caller gives picks the item whose name allows it', () => {
  it('reads the counts an item name allows', () => {
    expect(countsAgree('a 2 bedroom flat', 'One- and two-bedroom flat clean')).toBe(true);
    expect(countsAgree('a 2 bedroom flat', 'Three- and four-bedroom house clean')).toBe(false);
    expect(countsAgree('a flat', 'Three- and four-bedroom house clean')).toBe(true);
  });

  it('"how much to clean a 2 bed flat?" is the one- and two-bedroom price', async () => {
    const { text } = await run(CLEANERS, 'how much to clean a 2 bed flat?', { hits });
    expect(text).toContain('£90');
    expect(text).not.toContain('£160');
  });

  it('"a 4 bed house" is the larger clean', async () => {
    const { text } = await run(CLEANERS, 'how much to clean a 4 bed house?', { hits });
    expect(text).toContain('£160');
    expect(text).not.toContain('£90');
  });
});
