import { describe, expect, it } from 'vitest';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * "How much for my 8 year old?", "my son is 7, how much for his haircut?": the caller gives an
 * age, the prices give age bands ("Children (under 12)", "Under-16s", "ages 5-11"). The band
 * the age falls in answers; an age above every child's band gets the adults' price when one is
 * named so; without age bands no price is picked for the age. A made-up barber, a made-up
 * swimming pool and a made-up climbing wall, unlike the evaluation's businesses.
 */
const barber = business('Clip Joint', [
  service("Men's cut", '£20', 'Wash, cut and style, 30 minutes.'),
  service('Children (under 12)', '£10', 'A cut for children, 20 minutes.'),
  service('Beard trim', '£8', 'Shape and line-up.'),
]);
const pool = business('Splash Lane', [
  service('Adult swim', '£6', 'One session in the main pool.'),
  service('Under-16s swim', '£3.50', 'One session in the main pool.'),
]);
const wall = business('Crux Climbing', [
  service('Junior session', '£9', 'Ages 5-11, with an instructor, one hour.'),
  service('Teen session', '£11', 'Ages 12-17, with an instructor, one hour.'),
  service('Adult day pass', '£14', 'All-day climbing for over-18s.'),
]);
const bakery = business('Crumb', [service('Birthday cake', '£40', 'Two tiers, any flavour.')]);

describe('a price by age is read from the age bands', () => {
  it.each([
    ['how much for my 8 year old?', barber, '£10'],
    ['my son is 7, how much for his haircut?', barber, '£10'],
    ['My son is 7. How much for his hair cut?', barber, '£10'],
    ['how much is it for my 10 year old?', pool, '£3.50'],
    ['what does it cost for my 17 year old?', pool, '£6'],
    ['how much for my 9 yr old?', wall, '£9'],
    ['my daughter is 14. how much would it cost?', wall, '£11'],
    ['how much for my 16 year old son?', barber, null],
  ])('"%s" is answered with the price for the age', async (message, biz, price) => {
    const { text, kit } = await run(biz, message);
    if (price) {
      expect(text).toContain(price);
      expect(text.match(/£\d+(\.\d+)?/g)).toEqual([price]);
      expect(kit.questions).toHaveLength(0);
    } else {
      // No band holds a 16 year old and no price is named for adults: no price is guessed.
      expect(text).not.toContain('£10');
    }
  });

  it('an age with no age bands picks no price', async () => {
    const { text } = await run(bakery, 'how much for my 8 year old?');
    expect(text).not.toMatch(/£\d/);
  });

  it("an animal's age is not a person's", async () => {
    const { text } = await run(barber, 'how much for my 8 year old dog?');
    expect(text).not.toContain('£10');
  });
});
