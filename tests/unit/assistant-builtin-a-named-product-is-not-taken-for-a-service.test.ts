import { describe, expect, it } from 'vitest';
import { business, product, productHit, run, service } from '#tests/support/builtin-assistant';

/**
 * A caller who names a product ("what's a sourdough loaf cost?") is asking about it, not about
 * a service that shares one of its words and mentions another in its description (a sourdough
 * class "you take home your own loaf"). The service's price there is a wrong answer. Made-up
 * businesses, unlike the evaluation's.
 */
const cheesemonger = business(
  'The Curd Shop',
  [
    service(
      'Cheddar tasting evening',
      '£30 per person',
      'Six farmhouse cheddars with wine; you take home a wedge of your favourite.',
    ),
  ],
  [product('Cheddar wedge', '£6.50 each', 'Two-year-old farmhouse cheddar, 250g.')],
);

describe('a named product is not taken for a service that shares a word', () => {
  it('"how much is a cheddar wedge?" is not the tasting evening’s price', async () => {
    const hits = [productHit('Cheddar wedge', 'Two-year-old farmhouse cheddar, 250g. £6.50 each.')];
    const { text } = await run(cheesemonger, "what's a cheddar wedge cost", { hits });
    expect(text).not.toContain('£30');
    expect(text).toContain('£6.50');
  });

  it('the service is still found by its own name', async () => {
    const { text } = await run(cheesemonger, 'How much is the cheddar tasting evening?');
    expect(text).toContain('£30');
  });
});
