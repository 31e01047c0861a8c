import { describe, expect, it } from 'vitest';
import { business, passage, product, run } from '#tests/support/builtin-assistant';

/**
 * "If I order a wetsuit, how long until it comes?" asks about ordering; it orders nothing.
 * Taken as an order it read back an order the caller never placed. Made-up business.
 */
const surfShop = business('Breakline Surf', [], [product('Winter wetsuit', '£189', '5/4mm chest-zip wetsuit.')]);

describe('a question about what happens when one orders starts no order', () => {
  it.each([
    'If I order a winter wetsuit how long until it arrives?',
    'When I order a winter wetsuit, how long does delivery take?',
  ])('%s', async (message) => {
    const hits = [passage('Delivery', 'Orders are posted the next working day and arrive in 2 to 3 days.')];
    const { text, kit } = await run(surfShop, message, { hits });
    expect(text).not.toMatch(/your order/i);
    expect(kit.orders).toBe(0);
  });

  it('an order is still an order', async () => {
    const { text } = await run(surfShop, "I'd like to order a winter wetsuit");
    expect(text).toMatch(/order/i);
    expect(text).toContain('Winter wetsuit');
  });
});
