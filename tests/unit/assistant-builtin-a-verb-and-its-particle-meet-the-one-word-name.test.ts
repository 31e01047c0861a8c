import { describe, expect, it } from 'vitest';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "I've locked myself out of the caravan, what do you charge?" where the owner named the
 * service "Lockout callout": the caller says the verb and its particle ("locked ... out"), the
 * owner wrote the one word they make. Read as that word, the named service answers; the verb's
 * first part alone ("lock") must not pick another service named by it ("Lock replacement").
 * A made-up holiday caravan park, unlike the evaluation's businesses.
 */
const LOCKOUT = [
  'Lockout callout',
  '£30',
  'We let you back into your caravan, day or night, when the keys are inside.',
] as const;
const LOCKS = ['Lock replacement', '£90', 'A new caravan door lock fitted, with two keys.'] as const;
const PICKUP = [
  'Station pickup',
  '£12',
  'We collect you and your luggage from Filey station in the park minibus.',
] as const;
const park = business('Gullrock Holiday Park', [service(...LOCKOUT), service(...LOCKS), service(...PICKUP)]);
const hits = [serviceHit(...LOCKOUT), serviceHit(...LOCKS), serviceHit(...PICKUP)];

describe('a verb and its particle meet the one-word name', () => {
  it.each([
    ["i've locked myself out of the caravan, what do you charge?", /£30/, /£90/],
    ['we got locked out last night, how much is it to get back in', /£30/, /£90/],
    ['can we be picked up from the station? how much', /£12/, /£30|£90/],
  ])('"%s" is answered by the named service', async (message, price, other) => {
    const { text, kit } = await run(park, message, { hits });
    expect(text).toMatch(price);
    expect(text).not.toMatch(other);
    expect(kit.questions).toHaveLength(0);
  });

  it('the thing named by the first part is still itself', async () => {
    const { text } = await run(park, 'how much for a new lock on the caravan door?', { hits });
    expect(text).toMatch(/£90/);
  });
});
