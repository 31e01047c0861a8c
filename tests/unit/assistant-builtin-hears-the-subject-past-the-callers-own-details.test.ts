import { describe, expect, it } from 'vitest';
import { termKey } from '#api/services/assistant/builtin/text';
import { business, faq, passage, product, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * Classes of needless escalations found by the evaluation (never one question): the caller's
 * own details taken for the subject (a year, a number), a describing word in -ly taken for
 * half of a compound ("hourly labour"), a question in the owner's text that names what the
 * next sentence answers ("Damp patches? We…"), and everyday words for the same thing
 * ("change" a part, "air con", "instalments"). Checked on made-up businesses unlike the
 * evaluation's.
 */

const roofer = business('Skyline Roofing', [
  service('Gutter clearing', '£60', 'Gutters cleared and flushed, downpipes checked.'),
]);

describe('the caller’s own details are not what the question is about', () => {
  it('a year the caller mentions ("built in 2009") need not be in the answer', async () => {
    const hits = [passage('Conservatories', 'We clean conservatory roofs, glass or polycarbonate, from £80.')];
    const { text, kit } = await run(roofer, 'Can you clean my conservatory roof? It was built in 2009.', { hits });
    expect(text).toContain('£80');
    expect(kit.questions).toHaveLength(0);
  });

  it('a describing word in -ly is no half of a compound: "hourly labour" is answered by "labour … per hour"', async () => {
    const hits = [passage('Charges', 'Labour on small repairs is charged at £45 per hour, with a one-hour minimum.')];
    const { text, kit } = await run(roofer, "What's your hourly labour charge?", { hits });
    expect(text).toContain('£45 per hour');
    expect(kit.questions).toHaveLength(0);
  });

  it('a question the passage asks itself names the subject of the sentence after it, and is never said', async () => {
    const hits = [
      serviceHit(
        'Damp survey',
        '£120',
        'Damp patches on the ceiling? We trace where the water gets in and give you a written report.',
      ),
    ];
    const { text, kit } = await run(roofer, "There's a damp patch on my ceiling, can you find out why?", { hits });
    expect(text).toContain('We trace where the water gets in');
    expect(text).not.toContain('?');
    expect(kit.questions).toHaveLength(0);
  });

  it('an unrelated question is still passed on: the lead question only names a topic, it adds no facts', async () => {
    const hits = [
      serviceHit(
        'Damp survey',
        '£120',
        'Damp patches on the ceiling? We trace where the water gets in and give you a written report.',
      ),
    ];
    const { kit } = await run(roofer, 'Do you put up solar panels?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('everyday words for the same thing', () => {
  it('"change" a part is replacing it', async () => {
    const hits = [passage('Repairs', 'We replace slipped or cracked roof tiles from £35 a tile.')];
    const { text, kit } = await run(roofer, 'Do you change roof tiles?', { hits });
    expect(text).toContain('£35');
    expect(kit.questions).toHaveLength(0);
  });

  it('"air con" is air conditioning, and "instalments" is paying monthly', async () => {
    expect(termKey('con')).toBe(termKey('conditioning'));
    expect(termKey('instalments')).toBe(termKey('monthly'));
    expect(termKey('installments')).not.toBe(termKey('install'));
    const cooling = business('Cool Breeze Ltd', [
      service('Air conditioning service', '£90', 'Filters cleaned, gas pressure checked, drains cleared.'),
    ]);
    const { text } = await run(cooling, 'How much is an air con service?');
    expect(text).toContain('£90');
    const hits = [faq('How can I pay?', 'Card or bank transfer. Jobs over £500 can be paid monthly over a year.')];
    const paid = await run(roofer, 'Can I pay in instalments?', { hits });
    expect(paid.text).toContain('paid monthly');
    expect(paid.kit.questions).toHaveLength(0);
  });
});

describe('a call back asked for with an order in mind', () => {
  it('"I\'d like to order a cake, can someone call me?" is a call back when no product is named in full', async () => {
    const shop = business(
      'Crumb & Co',
      [service('Celebration cakes', 'From £40', 'Made to order.')],
      [product('Sourdough loaf', '£4.50', 'A loaf.')],
    );
    const first = await run(shop, "I'd like to order a birthday cake for my son's party, can someone call me?");
    expect(first.text).toMatch(/your name/);
    expect(first.kit.orders).toBe(0);
    const history = [
      { role: 'user' as const, content: "I'd like to order a birthday cake for my son's party, can someone call me?" },
      { role: 'assistant' as const, content: first.text },
    ];
    const second = await run(shop, 'Amira Khan, 07700 900444', { history });
    expect(second.kit.tasks).toHaveLength(1);
    expect(second.text).toContain('Amira Khan');
  });
});

describe('an order word ("first") is no half of a compound, and a service sentence is said with its name', () => {
  it('"what is best for her first clean?" is answered by the service for a first visit, named and priced', async () => {
    const cleaners = business('Sparkle Homes', [
      service(
        'Deep clean',
        '£180',
        'A top-to-bottom clean for a first visit or a move-out: ovens, skirting boards and inside cupboards.',
      ),
    ]);
    const hits = [
      serviceHit(
        'Deep clean',
        '£180',
        'A top-to-bottom clean for a first visit or a move-out: ovens, skirting boards and inside cupboards.',
      ),
    ];
    const { text, kit } = await run(cleaners, "What's best for our first clean?", { hits });
    expect(text).toMatch(/^A deep clean costs £180\. A top-to-bottom clean for a first visit/);
    expect(kit.questions).toHaveLength(0);
  });
});
