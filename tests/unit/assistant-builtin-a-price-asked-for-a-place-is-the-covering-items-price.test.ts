import { describe, expect, it } from 'vitest';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "How much to deliver to LE3?": the place is covered by one of the business's priced items
 * (a delivery zone, a call-out area), so the answer is that the place is covered and what that
 * item costs; the covering sentence alone ("Delivery anywhere in Leicester (LE1 to LE5).")
 * leaves the price asked unsaid. Made-up business, unlike the evaluation's.
 */
const TOWN = 'Hot pizza to your door anywhere in Leicester (postcodes LE1 to LE5), within 45 minutes.';
const VILLAGES = 'Delivery to Oadby, Wigston and Birstall, within an hour.';
const pizzeria = business('Forno Rosso', [
  service('City delivery', '£3', TOWN),
  service('Village delivery', '£5.50', VILLAGES),
]);
const hits = [serviceHit('City delivery', '£3', TOWN), serviceHit('Village delivery', '£5.50', VILLAGES)];

describe('a price asked for a place', () => {
  it('"how much do you charge to deliver to LE3" says the place is covered and the covering delivery\'s price', async () => {
    const { text, kit } = await run(pizzeria, 'how much do you charge to deliver to LE3', { hits });
    expect(text).toContain('£3');
    expect(text).not.toContain('£5.50');
    expect(kit.questions).toHaveLength(0);
  });

  it('"what would delivery out to Wigston cost?" is the village delivery\'s price', async () => {
    const { text, kit } = await run(pizzeria, 'what would delivery out to Wigston cost?', { hits });
    expect(text).toContain('£5.50');
    expect(text).not.toMatch(/£3(?!\d)/);
    expect(kit.questions).toHaveLength(0);
  });

  it('"do you deliver to LE3?" says the covering sentence, no price', async () => {
    const { text, kit } = await run(pizzeria, 'do you deliver to LE3?', { hits });
    expect(text).toContain('LE1 to LE5');
    expect(text).not.toContain('£');
    expect(kit.questions).toHaveLength(0);
  });
});
