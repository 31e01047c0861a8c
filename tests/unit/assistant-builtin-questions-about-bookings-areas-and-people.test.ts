import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import type { BusinessContext, HistoryMessage, ProductFact, ServiceFact } from '#api/services/assistant/types';
import { business as builtinBusiness, passage, product, run, service } from '#tests/support/builtin-assistant';

/**
 * Routing: a question about a booking is a question, a product is ordered only when the caller
 * wants it, a booking of a service that shares a word with a product is a booking. Structured
 * facts asked in other words: the address, the areas covered (places and postcode districts
 * read from the business's own passages), and who owns or does what. Made-up businesses: a
 * dog groomer, a roofer, a pottery café.
 */
const business = (name: string, address: string, services: ServiceFact[], products: ProductFact[] = []) =>
  builtinBusiness(name, services, products, { address, assistant: { capture_bookings: true } });

const GROOMER = business(
  'Waggy Tails Grooming',
  '4 Canal Wharf, Stroud GL5 3JH',
  [
    service(
      'Full groom',
      'From £40',
      'Bath, dry, clip and nail trim. Book a puppy intro first for dogs under 6 months.',
    ),
    service('Puppy intro session', '£20', 'A gentle first visit to get used to the table and dryer.'),
  ],
  [product('Oatmeal Puppy Shampoo', '£9.50', 'Gentle shampoo for sensitive skin.'), product('Leather lead', '£18')],
);

const ROOFER = business('Ridgeline Roofing', 'Unit 3, Kingsway Trading Estate, Derby DE22 3FZ', [
  service('Roof repair', 'From £150', 'Slipped tiles, flashing and leaks.'),
]);
const ROOFER_AREAS = [
  passage(
    'Where we work',
    'We cover Derby and the villages around it:\n- **North:** DE21 (Chaddesden), DE22 (Allestree), DE56 (Belper)\n- **South:** DE23, DE24 and DE73 (Melbourne)\nOutside these districts please call us to check.',
  ),
];
const BAKERY_LIKE = business(
  'Kiln & Crumb',
  '9 Market Row, Exeter EX4 3AB',
  [
    service(
      'Pottery painting session',
      '£15 per person',
      'Paint a mug or plate on Sunday mornings, 10am to 12pm; we glaze and fire it for you.',
    ),
  ],
  [product('Painted mug', '£12')],
);
const CAFE_PASSAGES = [
  passage(
    'Delivery',
    'We deliver party platters to addresses in the Exeter postcode districts EX1 to EX6. Delivery costs £5.',
  ),
  passage(
    'Our story',
    'Kiln & Crumb was opened in 2019 by Priya Castell, a potter who wanted a café where people could make things.',
  ),
  passage('Team', 'Marek Novak – kiln technician, runs our glaze workshops.\nSally Ortiz – café manager.'),
];

const ask = (biz: BusinessContext, message: string, hits: ApiKnowledgeHit[] = [], history: HistoryMessage[] = []) =>
  run(biz, message, { hits, history });

describe('a question about a booking is a question', () => {
  it.each([
    'Can I bring my other dog with me to the appointment?',
    'Do I need to bring anything to my appointment?',
    'Should my dog eat before the booking?',
  ])('%s', async (question) => {
    const { text } = await ask(GROOMER, question);
    expect(text).not.toMatch(/your name|best number|when would suit/i);
    expect(text).not.toMatch(/order/i);
  });

  it('"can I book…" still starts a booking', async () => {
    expect((await ask(GROOMER, 'Can I book a full groom for my spaniel?')).text).toMatch(/your name/i);
  });
});

describe('an order starts only when a product is wanted', () => {
  it('a question naming part of a product is not an order', async () => {
    const { text } = await ask(GROOMER, 'Do I need a special shampoo for a puppy before the first groom?');
    expect(text).not.toMatch(/Here's your order|What would you like to order/);
  });

  it('booking places on a service that shares a word with a product is a booking of that service', async () => {
    // The session runs at set times, so no time is asked for.
    const first = "I'd like to book two places on a painting session";
    const asked = await ask(BAKERY_LIKE, first);
    expect(asked.text).toMatch(/your name/i);
    expect(asked.text).not.toMatch(/when would suit/i);
    const { text, kit } = await ask(
      BAKERY_LIKE,
      'Ana Lee, 07700 900123',
      [],
      [
        { role: 'user', content: first },
        { role: 'assistant', content: asked.text },
      ],
    );
    expect(text).not.toMatch(/order/i);
    expect(kit.tasks.join(' ')).toMatch(/painting session/i);
    expect(kit.orders).toBe(0);
  });

  it('a product wanted by its name is still an order', async () => {
    expect((await ask(BAKERY_LIKE, "I'd like 2 painted mugs please")).text).toMatch(/Here's your order/);
  });
});

describe('the address asked in other words', () => {
  it.each([
    'Whereabouts are you?',
    "Where's the workshop?",
    'Where can I find you?',
    "What's your postcode?",
    'How do I get to you?',
  ])('%s', async (question) => {
    expect((await ask(ROOFER, question)).text).toMatch(/Kingsway Trading Estate/);
  });
});

describe('areas and places', () => {
  it('a listed place is covered, said with its district', async () => {
    expect((await ask(ROOFER, 'Can you come out to Belper?', ROOFER_AREAS)).text).toBe('Yes, we cover Belper (DE56).');
    expect((await ask(ROOFER, 'I live in Melbourne, do you work round here?', ROOFER_AREAS)).text).toMatch(
      /^Yes, we cover Melbourne \(DE73\)/,
    );
  });

  it('a postcode district inside a listed range is covered', async () => {
    const { text } = await ask(
      BAKERY_LIKE,
      'Do you bring platters out to Heavitree? My postcode is EX2.',
      CAFE_PASSAGES,
    );
    expect(text).toMatch(/^Yes, we deliver party platters/);
    expect(text).toMatch(/EX1 to EX6/);
  });

  it('a place the data does not list is passed on, never refused and never booked', async () => {
    const { text, kit } = await ask(ROOFER, 'Can you come out to Nottingham?', ROOFER_AREAS);
    expect(text).not.toMatch(/^(Yes|No)\b|your name/i);
    expect(kit.questions).toEqual(['Can you come out to Nottingham?']);
  });

  it('a place listed under a condition is said with its condition, not a bare yes', async () => {
    const conditional = [
      passage('Areas', 'We cover Derby and Belper.\nFor flat roofs we also travel to Matlock and Ashbourne.'),
    ];
    expect((await ask(ROOFER, 'Would you come out to Matlock?', conditional)).text).toBe(
      'For flat roofs we also travel to Matlock and Ashbourne.',
    );
  });

  it('a place said in a lower-case transcript is found by the names the data lists', async () => {
    expect((await ask(ROOFER, 'can you come out to belper', ROOFER_AREAS)).text).toBe('Yes, we cover Belper (DE56).');
  });

  it('when the data limits its coverage to a list, an unlisted place hears the covered areas and is passed on', async () => {
    const limited = [passage('Delivery', 'We only deliver to the Norwich districts NR1 to NR7, on weekdays.')];
    const { text, kit } = await ask(ROOFER, 'Do you deliver to Cromer?', limited);
    expect(text).toMatch(/^We only deliver to the Norwich districts NR1 to NR7, on weekdays\. /);
    expect(kit.questions).toHaveLength(1);
  });

  it('a district outside a range is passed on', async () => {
    const { kit } = await ask(BAKERY_LIKE, 'Do you deliver to EX20?', CAFE_PASSAGES);
    expect(kit.questions).toHaveLength(1);
  });
});

describe('who owns it, who does what', () => {
  it.each([
    ['Who owns the café?', /Priya Castell/],
    ['Who runs this place?', /Priya Castell/],
    ["Who's the manager?", /Sally Ortiz/],
    ['Who does the glaze workshops?', /Marek Novak/],
  ])('%s', async (question, expected) => {
    expect((await ask(BAKERY_LIKE, question, CAFE_PASSAGES)).text).toMatch(expected);
  });
});
