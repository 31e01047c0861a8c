import { describe, expect, it } from 'vitest';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * "Can you fit a new garage door?" at a locksmith whose *Lock change* is "a new cylinder fitted
 * to your front or back door": "new" says how the caller's thing is, never what it is, so it is
 * no word of the service's that the caller said. Without it, only "door" (where the cylinder
 * goes) is shared, and the question is the team's, not "Yes, we fit lock changes". Made-up
 * businesses: a locksmith and a bike shop.
 */
const locksmith = business('Keyhole Locks', [
  service('Lock change', 'From £75', 'A new anti-snap cylinder fitted to your front or back door, with three keys.'),
  service('Key cutting', 'From £4', 'House keys cut while you wait.'),
]);
const bikes = business('Spokes & Chains', [
  service('Puncture repair', '£12', 'A new inner tube fitted to your wheel while you wait.'),
  service('Full service', '£65', 'Gears and brakes adjusted, chain cleaned.'),
]);
const motors = business('Axle Motors', [
  service('Clutch replacement', 'From £450', 'Clutch plate replaced; we fit a new release bearing at the same time.'),
  service('MOT', '£54.85', 'The annual test, while you wait.'),
]);

describe('a word grading the caller’s thing names no service', () => {
  it.each([
    ['can you fit a new up and over garage door?', locksmith],
    ['can you fit a new front door?', locksmith],
    ['could you put a brand new wheel on my bike?', bikes],
  ])('"%s" is not answered with a service that only shares "new" and where its part goes', async (message, biz) => {
    const { text } = await run(biz, message);
    expect(text).not.toMatch(/Yes, we/);
    expect(text).not.toMatch(/£\d/);
  });

  it.each([
    ['can you fit a new lock on my back door?', locksmith, '£75'],
    ['how much to fit a new inner tube?', bikes, '£12'],
    // "new" said with the service's own word still names it.
    ['can you do a new clutch?', motors, '£450'],
  ])('"%s" still names the service by its own words', async (message, biz, price) => {
    const { text } = await run(biz, message);
    expect(text).toContain(price);
  });
});
