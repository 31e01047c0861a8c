import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * "Do you see hamsters?", "when I bring him in", "flea stuff": seeing someone, bringing
 * something in and a vague "stuff" say nothing of what the caller asks about, so a passage
 * need not hold them. Made-up businesses, unlike the evaluation's.
 */
const surgery = business('Hillside Animal Surgery', [
  service('Consultation', '£45', 'A 15-minute appointment with a vet.'),
]);
const productHit = (name: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${name}`, type: 'product', title: name },
  text,
  heading: name,
  rank: 1,
});

describe('seeing, bringing in and stuff are no subject words', () => {
  it('"do you see hamsters?" finds the animals the practice treats', async () => {
    const hits = [faq('Which animals do you treat?', 'Dogs, cats, hamsters and budgies.')];
    const { text, kit } = await run(surgery, 'do you see hamsters?', { hits });
    expect(text).toContain('hamsters');
    expect(kit.questions).toHaveLength(0);
  });

  it('"is there anywhere to park when I bring her in" finds the parking', async () => {
    const hits = [faq('Is there parking?', 'Yes, six free spaces behind the surgery.')];
    const { text, kit } = await run(surgery, 'is there anywhere to park when I bring her in', { hits });
    expect(text).toContain('six free spaces');
    expect(kit.questions).toHaveLength(0);
  });

  it('"how much is the flea stuff for cats" is the flea product', async () => {
    const hits = [productHit('Flea drops for cats', 'One pipette protects your cat for a month. £9 a pipette.')];
    const { text, kit } = await run(surgery, 'how much is the flea stuff for cats', { hits });
    expect(text).toContain('£9');
    expect(kit.questions).toHaveLength(0);
  });
});
