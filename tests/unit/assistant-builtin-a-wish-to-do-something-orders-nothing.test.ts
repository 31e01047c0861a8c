import { describe, expect, it } from 'vitest';
import { business, product, run, service } from '#tests/support/builtin-assistant';

/**
 * A product that shares a word with what the caller talks about is no order: "what happens
 * if I need to move a class?" at a studio that sells a class pass card wants to move a class,
 * and a want in a condition ("if I need…") wants nothing yet. Made-up business: a climbing wall.
 */
const WALL = business(
  'Overhang Climbing',
  [service('Taster session', '£22', 'An hour on the wall with an instructor, kit included.')],
  [product('Class pass card', '£90 for ten visits'), product('Chalk bag', '£8 each')],
);

describe('a wish to do something is not an order', () => {
  it.each([
    'What happens if I need to move a class?',
    'I need to cancel my class on Saturday, what do I do?',
    "We'd like to change the class we booked",
    'If I want a chalk bag later can I get one at the desk?',
  ])('%s', async (message) => {
    const { text, kit } = await run(WALL, message);
    expect(text).not.toMatch(/your order|What would you like to order|for the order/i);
    expect(kit.orders).toBe(0);
  });

  it('a want for a thing still starts an order', async () => {
    const { text } = await run(WALL, "I'd like to buy a chalk bag please");
    expect(text).toMatch(/chalk bag/i);
    expect(text).toMatch(/order/i);
  });
});
