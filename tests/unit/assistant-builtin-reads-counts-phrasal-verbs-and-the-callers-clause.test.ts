import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * Classes of needless escalations found on the evaluation's tune parts, checked on made-up
 * businesses unlike the evaluation's: a count in words ("four more") taken for the subject, a
 * verb of two words ("pick her up", "get my deposit back") read word by word, and a rule whose
 * other clause fits the caller's case ("up to 14 days before …; with less than 14 days' notice …")
 * thrown out whole.
 */
const headed = (heading: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${heading}`, type: 'pdf', title: 'Policies' },
  text,
  heading,
  rank: 1,
});

const florist = business('Petal & Stem', [service('Bridal bouquets', 'From £90', 'Hand-tied bouquets for the bride.')]);
const kennels = business('Hillside Kennels', [service('Overnight boarding', '£28 a night', 'A heated kennel.')]);
const tours = business('Coastline Tours', [service('Harbour walk', '£12', 'A guided walk round the harbour.')]);

describe('a count said in words is a detail of the caller’s case', () => {
  it('"four more rose buttonholes for the church" is answered by the buttonholes’ price', async () => {
    const hits = [headed('Wedding flowers', 'Rose buttonholes are £8 each, pinned and ready to wear.')];
    const { text, kit } = await run(
      florist,
      'I need four more rose buttonholes for the church, how much would that be?',
      {
        hits,
      },
    );
    expect(text).toContain('£8 each');
    expect(kit.questions).toHaveLength(0);
  });

  it('a count does not make an unrelated passage an answer', async () => {
    const hits = [headed('Wedding flowers', 'Rose buttonholes are £8 each, pinned and ready to wear.')];
    const { kit } = await run(florist, 'I need four more table centrepieces, how much would that be?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('a verb of two words is read as the one word it means', () => {
  it('"picking him up" late is a late collection', async () => {
    const hits = [headed('Late collection', 'Collections after 6pm are charged at £15 for each half hour.')];
    const { text, kit } = await run(kennels, 'I might be late picking him up, is there a charge for that?', { hits });
    expect(text).toContain('£15');
    expect(kit.questions).toHaveLength(0);
  });

  it('"get my deposit back" asks about a refund of the deposit', async () => {
    const hits = [headed('Cancellations', 'If you cancel a stay, the deposit is refunded in full.')];
    const { text, kit } = await run(kennels, 'If I cancel the stay, can I get my deposit back?', { hits });
    expect(text).toContain('refunded in full');
    expect(kit.questions).toHaveLength(0);
  });

  it('"get my dog back" is not a refund', async () => {
    const hits = [headed('Cancellations', 'If you cancel a stay, the deposit is refunded in full.')];
    const { kit } = await run(kennels, 'If I cancel the stay, can I get my dog back early?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});

describe('a thing and what is done to it are no compound', () => {
  it('"my coat shortened" is answered by "we shorten … any coat"', async () => {
    const tailor = business('Stitch in Time', [service('Dry cleaning', 'From £6', 'Suits, coats and dresses.')]);
    const hits = [headed('Alterations', 'We shorten the sleeves or hem of any coat for £12.')];
    const { text, kit } = await run(tailor, 'How much to get my coat shortened?', { hits });
    expect(text).toContain('£12');
    expect(kit.questions).toHaveLength(0);
  });
});

describe('a heading naming two subjects', () => {
  it('leads only sentences on the subject asked: late collection is not answered by the cancellation line', async () => {
    const hits = [
      headed(
        'Cancellations and late collection',
        "Cancelled with 48 hours' notice or more: charge Free.\nCancelled with less than 48 hours' notice: charge half the stay.\nCollected more than an hour late: charge £10 an hour.",
      ),
    ];
    const { text, kit } = await run(kennels, 'I might be late picking him up, is there a charge for that?', { hits });
    expect(text).toContain('£10 an hour');
    expect(text).not.toContain('Free');
    expect(kit.questions).toHaveLength(0);
  });
});

describe('a rule is judged by the clause that fits the caller’s case', () => {
  const hits = [
    headed(
      'Cancellations',
      "Tour bookings can be cancelled with a full refund of the deposit up to 14 days before the tour; with less than 14 days' notice the deposit is non-refundable but can be moved to another date.",
    ),
  ];

  it('cancelling five days before is answered by the sentence whose second clause is for them', async () => {
    const { text, kit } = await run(tours, 'If I cancel my tour booking five days before, is my deposit refunded?', {
      hits,
    });
    expect(text).toContain('non-refundable');
    expect(kit.questions).toHaveLength(0);
  });

  it('a sentence whose only rule is for another lead time is still not said', async () => {
    const only = [
      headed('Cancellations', 'Tour bookings can be cancelled with a full refund of the deposit up to 14 days before.'),
    ];
    const { kit } = await run(tours, 'If I cancel my tour booking five days before, is my deposit refunded?', {
      hits: only,
    });
    expect(kit.questions).toHaveLength(1);
  });
});
