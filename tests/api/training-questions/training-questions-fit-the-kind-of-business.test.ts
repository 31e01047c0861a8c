import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMemory } from '#contract/envelope';
import { createHarness, type Harness } from '#tests/support/api-harness';
import { createMemory } from '#tests/support/memories';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Owner = Awaited<ReturnType<Harness['signUpWithBusiness']>>;

async function business(address = '4 Mill Lane, Harrogate') {
  const owner = await h.signUpWithBusiness({ business: { address } });
  return { owner, b: owner.business._id as string };
}

async function service(owner: Owner, b: string, name: string, price?: string) {
  const result = await h.call(
    `businesses/services/${b}/create`,
    { name, status: 'active', frequency: 0, ...(price ? { price } : {}) },
    owner.token,
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

async function proposed(owner: Owner, b: string): Promise<ApiMemory[]> {
  const result = await h.call(`businesses/memories/${b}/propose-questions`, undefined, owner.token);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.questions;
}

const texts = (questions: ApiMemory[]) => questions.map((question) => question.content);
const keys = (questions: ApiMemory[]) => questions.map((question) => String(question.meta.training_key));

/** What a trade that comes out to people is asked, and nobody else is. */
const TRADE_ONLY = /emergenc|call-?out|come out|quote|estimate|guarantee your work/i;
/** What only a business that sells goods is asked. */
const GOODS_ONLY = /deliver|order ahead|in advance to order|return or exchange|allerg|dietary/i;
/** What only a business that sees people by appointment is asked. */
const APPOINTMENT_ONLY = /walk-?ins?|how long does|appointment/i;

describe('step 5 proposes the questions callers of this kind of business ask', () => {
  it('a shop that sells baked goods is asked about delivery, ordering ahead and dietary needs, and never about call-outs or quotes', async () => {
    const { owner, b } = await business();
    await createMemory(h, b, owner.token, {
      type: 'product',
      title: 'Seeded rye loaf',
      content: 'Seeded rye loaf, £3.90 a loaf',
    });
    await createMemory(h, b, owner.token, {
      type: 'product',
      title: 'Almond croissant',
      content: 'Almond croissant, £2.60 each',
    });
    await createMemory(h, b, owner.token, {
      type: 'product',
      title: 'Birthday cake',
      content: 'Birthday cake, sponge with buttercream',
    });
    await createMemory(h, b, owner.token, {
      type: 'web_page',
      title: 'About us',
      content: 'A family shop baking bread, pastries and cakes every morning since 1998.',
    });

    const questions = await proposed(owner, b);
    const asked = texts(questions).join('\n');
    expect(asked).toMatch(/deliver/i);
    expect(asked).toMatch(/how far ahead|in advance|notice/i);
    expect(asked).toMatch(/allerg|dietary|gluten|vegan/i);
    // The product without a price gets its own price question; priced ones do not.
    expect(asked).toMatch(/How much is (a|the) birthday cake\?/i);
    expect(asked).not.toMatch(/rye loaf\?|croissant\?/i);
    expect(asked).not.toMatch(TRADE_ONLY);
    expect(keys(questions)).not.toContain('emergency');
    // Generic ones every business gets.
    for (const key of ['opening_hours', 'payment_methods']) expect(keys(questions)).toContain(key);
  });

  it('a salon seen by appointment is asked about booking, walk-ins, cancellations and its unpriced services, and never about delivery or emergencies', async () => {
    const { owner, b } = await business();
    await service(owner, b, 'Cut and blow dry', '£42');
    await service(owner, b, 'Full head colour');
    await service(owner, b, 'Gel manicure', '£25');
    await createMemory(h, b, owner.token, {
      type: 'web_page',
      title: 'Our salon',
      content: 'Our stylists offer cuts, colour and nail treatments in a relaxed salon. Book your appointment with us.',
    });

    const questions = await proposed(owner, b);
    const asked = texts(questions).join('\n');
    expect(asked).toMatch(/walk-?in/i);
    expect(asked).toMatch(/cancel/i);
    expect(asked).toMatch(/How much is (a|the) full head colour\?/i);
    expect(asked).toMatch(/How long does (a|the) (full head colour|cut and blow dry|gel manicure) take\?/i);
    expect(asked).not.toMatch(/cut and blow dry cost|How much is (a|the) (cut and blow dry|gel manicure)/i);
    expect(asked).not.toMatch(GOODS_ONLY);
    expect(asked).not.toMatch(TRADE_ONLY);
  });

  it('an electrician who comes out to people is asked about emergencies, areas and its prices, not about walk-ins or delivery; what its knowledge answers is not asked', async () => {
    const { owner, b } = await business('');
    await service(owner, b, 'Fuse box replacement');
    await service(owner, b, 'EV charger installation');
    await service(owner, b, 'Full rewire');
    await createMemory(h, b, owner.token, {
      type: 'web_page',
      title: 'Home',
      content:
        'Qualified electricians for homes and landlords. We give free quotes for every job, and all work comes with a 12 month guarantee.',
    });

    const questions = await proposed(owner, b);
    const asked = texts(questions).join('\n');
    expect(keys(questions)).toEqual(expect.arrayContaining(['emergency', 'area_served']));
    expect(asked).toMatch(/How much is (a|the) fuse box replacement\?/i);
    expect(asked).not.toMatch(GOODS_ONLY);
    expect(asked).not.toMatch(APPOINTMENT_ONLY);
    // Its website already says it gives free quotes and guarantees its work.
    expect(keys(questions)).not.toContain('quotes');
    expect(keys(questions)).not.toContain('guarantee');
  });

  it('asks about a service of its own once: a second call proposes nothing new', async () => {
    const { owner, b } = await business();
    await service(owner, b, 'Deep tissue massage');
    const first = await proposed(owner, b);
    expect(texts(first).join('\n')).toMatch(/deep tissue massage/i);
    const again = await h.call(`businesses/memories/${b}/propose-questions`, undefined, owner.token);
    expect(again.body.data.created).toBe(0);
  });
});
