import { describe, expect, it } from 'vitest';
import { namesAThingOf, namesOnlyOtherItems, namingCounts } from '#api/services/assistant/builtin/catalogue-fit';
import { matchServiceByMeaning } from '#api/services/assistant/builtin/service-meaning';
import { questionTerms } from '#api/services/assistant/builtin/text';
import { ask, business, faq, passage, product, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * A passage is an answer only when it holds one of the caller's telling words, not just the
 * business's everyday ones; an item's own passage answers only when it holds a word the caller
 * named the catalogue's things by; a product asked for by its name is not answered by the list
 * of services; and an owner's answer to the very question a booking request asks comes before
 * taking the booking. Made-up business: a swimming school.
 */
const ADULT = ['Adult swimming lesson', '£18 per half hour', 'One-to-one in our heated teaching pool.'] as const;
const CHILD = [
  'Children’s swimming lesson',
  '£9 per child',
  'Groups of six, ages 4 to 10, on Saturday mornings.',
] as const;
const CLINIC = [
  'Stroke clinic',
  '£60',
  'Two hours of video coaching on your front crawl. Some triathlon clubs give a discount for it.',
] as const;
const SCHOOL = business(
  'Otter Swim School',
  [ADULT, CHILD, CLINIC].map(([name, price, description]) => service(name, price, description)),
  [product('Swim log book', '£5 each', 'A book to record each length and badge.')],
);
const SERVICE_HITS = [ADULT, CHILD, CLINIC].map(([name, price, description]) => serviceHit(name, price, description));
const HITS = [
  ...SERVICE_HITS,
  passage('About our lessons', 'Every swimming lesson is taught by a qualified instructor in our heated pool.'),
];

describe('everyday words alone match no service by meaning', () => {
  it.each(['Do you do night swimming lessons?', 'Do you do refresher swimming lessons?'])(
    '%s is no lesson by meaning',
    (message) => {
      expect(matchServiceByMeaning(message, SCHOOL.services, [])).toBeNull();
    },
  );

  it('a passage holding a telling word still answers', async () => {
    expect(await ask(SCHOOL, 'Do you do swimming lessons for children?', { hits: HITS })).toMatch(/£9|Saturday/);
  });
});

describe("an item's passage that holds none of the caller's item words", () => {
  it('is another thing: no triathlon clubs for a discount on ten lessons', async () => {
    const text = await ask(SCHOOL, 'Is there a discount if I book ten lessons?', { hits: HITS });
    expect(text).not.toMatch(/triathlon/);
  });

  it('reads the catalogue names', () => {
    const counts = namingCounts(SCHOOL.services);
    const asked = questionTerms('a discount on ten lessons');
    expect(namesOnlyOtherItems(asked, 'Stroke clinic. Some triathlon clubs give a discount for it.', counts)).toBe(
      true,
    );
    expect(namesOnlyOtherItems(asked, 'Adult swimming lesson. One-to-one.', counts)).toBe(false);
    expect(namesOnlyOtherItems(questionTerms('a discount'), 'Stroke clinic.', counts)).toBe(false);
  });
});

describe('a product named by its word', () => {
  it('is said, not the list of services', async () => {
    const text = await ask(SCHOOL, 'How much is the book?', {
      hits: [
        ...HITS,
        {
          ...passage('Swim log book', 'A book to record each length and badge. £5 each.'),
          source: { kind: 'memory', _id: 'prd', type: 'product', title: 'Swim log book' },
        },
      ],
    });
    expect(text).not.toMatch(/We offer/);
    expect(text).toMatch(/£5/);
  });

  it('"the book" names a thing, "can I book" does not', () => {
    expect(namesAThingOf('How much is the book?', ['Swim log book'])).toBe(true);
    expect(namesAThingOf('What can I book?', ['Swim log book'])).toBe(false);
  });
});

describe("an owner's answer to the booking question", () => {
  const LANES = faq('Can I book a lane?', 'Lanes are not booked: just come along to a public session.');

  it('comes before taking a booking', async () => {
    for (const message of ['Can I book a lane for 2?', 'Can I book a lane for 2 on Sunday morning?']) {
      const text = await ask(SCHOOL, message, { hits: [...HITS, LANES] });
      expect(text).toMatch(/not booked/);
    }
  });

  it('a booking the knowledge does not answer is still taken', async () => {
    const how = faq('How do I book an adult swimming lesson?', 'Ring us or book online.');
    const text = await ask(SCHOOL, 'Can I book an adult swimming lesson for Tuesday?', { hits: [...HITS, LANES, how] });
    expect(text).not.toMatch(/not booked/);
    expect(text).toMatch(/name/i);
  });
});
