import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * Classes of needless escalations, checked on made-up businesses unlike the evaluation's: a
 * clipped word the caller says for the owner's full one ("regs" for regulations, "meds" for
 * medication), "deal with" (handling) taken for a subject word, and an adjective said of a
 * noun ("is your nut free granola safe…?") taken for half of a compound with it.
 */
const headed = (heading: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${heading}`, type: 'pdf', title: 'Policies' },
  text,
  heading,
  rank: 1,
});

const roofer = business('Slate & Beam Roofing', [
  service('Flat roof replacement', 'From £2,400', 'EPDM rubber roofs.'),
]);
const kennels = business('Hillside Kennels', [service('Overnight boarding', '£28 a night', 'A heated kennel.')]);
const granola = business('Morning Oats Kitchen', [service('Breakfast catering', 'From £8 a head', 'Granola bars.')]);

describe('a clipped word is the owner’s full word', () => {
  it('"planning regs" is answered by the planning regulations passage', async () => {
    const hits = [
      headed(
        'Permissions',
        'We check every dormer against the Planning Regulations and apply to the council for you when consent is needed.',
      ),
    ];
    const { text, kit } = await run(roofer, 'Do you sort out the planning regs for a dormer?', { hits });
    expect(text).toContain('apply to the council');
    expect(kit.questions).toHaveLength(0);
  });

  it('"meds" is medication', async () => {
    const hits = [headed('Health', 'We give your dog its medication at the times you write on the booking form.')];
    const { text, kit } = await run(kennels, 'Can you give my dog his meds while he stays?', { hits });
    expect(text).toContain('medication');
    expect(kit.questions).toHaveLength(0);
  });

  it('a clipping is not read into a longer word of another subject', async () => {
    const hits = [headed('Health', 'We give your dog its medication at the times you write on the booking form.')];
    const { kit } = await run(kennels, 'Can you give my dog his vax while he stays?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('"deal with" asks whether the business does it, like "do"', () => {
  it('"will you deal with the skip permit for the drive?" is answered by the permit passage', async () => {
    const hits = [headed('Skips', 'We apply to the council for the skip permit before work starts.')];
    const { text, kit } = await run(roofer, 'Will you deal with the skip permit for the drive?', { hits });
    expect(text).toContain('skip permit');
    expect(kit.questions).toHaveLength(0);
  });
});

describe('an adjective said of a noun is no compound with it', () => {
  const hits = [
    headed(
      'Allergens',
      'Our nut-free granola is made in a kitchen that also handles peanuts, so we cannot guarantee it is free from traces and it is not suitable for severe nut allergies.',
    ),
  ];

  it('"is your nut free granola safe for her?" is answered by the allergen passage', async () => {
    const { text, kit } = await run(granola, 'My son has a nut allergy, is your nut free granola safe for him?', {
      hits,
    });
    expect(text).toContain('cannot guarantee');
    expect(kit.questions).toHaveLength(0);
  });

  it('"are your candles cruelty-free?" still asks for cruelty-free, not for something free', async () => {
    const shop = business('Wick & Wax', [service('Candle making class', '£35', 'Pour your own candle.')]);
    const hits = [
      headed('Visiting', 'Our candles are hand-poured in the shop. There is free parking behind the shop.'),
    ];
    for (const message of ['Are your candles cruelty-free?', 'Are your candles cruelty free?']) {
      const { kit } = await run(shop, message, { hits });
      expect(kit.questions).toHaveLength(1);
    }
  });

  it('a noun and an adjective that name one thing still need each other', async () => {
    const { kit } = await run(granola, 'Is your nut free porridge safe for him?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('the caller’s own thing, told first and asked about with "it" or "them", may be named by its kind', () => {
  const bikes = business('Spoke & Chain Cycles', [service('Full bike service', '£65', 'Gears, brakes and bearings.')]);
  const ownParts = headed(
    'Parts you supply',
    'We are happy to fit parts you have bought elsewhere, charged at our labour rate of £20 a half hour.',
  );

  it('"I’ve bought my own handlebar grips online, can you fit them?" is answered by the rule for parts bought elsewhere', async () => {
    const { text, kit } = await run(bikes, "I've bought my own handlebar grips online, can you fit them?", {
      hits: [ownParts],
    });
    expect(text).toContain('parts you have bought elsewhere');
    expect(kit.questions).toHaveLength(0);
  });

  it('"the tulips I bought yesterday are wilting, can I bring them back?" is answered by the returns rule', async () => {
    const florist = business('Petal & Stem', [service('Bridal bouquets', 'From £90', 'Hand-tied bouquets.')]);
    const hits = [
      headed(
        'Returns',
        'If flowers bought in the shop are not right, bring them back within three days with your receipt.',
      ),
    ];
    const { text, kit } = await run(florist, 'The tulips I bought yesterday are wilting, can I bring them back?', {
      hits,
    });
    expect(text).toContain('within three days');
    expect(kit.questions).toHaveLength(0);
  });

  it('without something the caller did (bought, ordered) the kind is not theirs: "my grips are worn, can you fit them?"', async () => {
    const { kit } = await run(bikes, 'My handlebar grips are worn out, can you fit them?', { hits: [ownParts] });
    expect(kit.questions).toHaveLength(1);
  });

  it('the question’s own verb must be in the passage: "I’ve bought my own grips, can you recycle them?"', async () => {
    const { kit } = await run(bikes, "I've bought my own handlebar grips online, can you recycle the old ones?", {
      hits: [ownParts],
    });
    expect(kit.questions).toHaveLength(1);
  });
});
