import { describe, expect, it } from 'vitest';
import type { ApiKnowledgeHit } from '#contract/envelope';
import { business, run, service } from '#tests/support/builtin-assistant';

/**
 * A general rule for the caller's instance: the business's offers say which kinds they cover
 * ("Event flowers: wedding, funeral and christening arrangements"), and its rules name the offer
 * ("Event flower orders need a 30% deposit"). A caller naming the kind ("funeral flowers") is
 * answered by the offer's rule; a kind the offer does not list, or another offer's rule, is not.
 */
const headed = (heading: string, text: string): ApiKnowledgeHit => ({
  source: { kind: 'memory', _id: `mem-${heading}`, type: 'pdf', title: 'Policies' },
  text,
  heading,
  rank: 1,
});

const florist = business('Bloom Street', [
  service('Event flowers', 'From £120', 'Wedding, funeral and christening arrangements, made to order.'),
  service('House plants', 'From £15', 'Potted plants for the home and office.'),
]);

describe('a kind of offer named by the caller is met by the offer’s name', () => {
  it('"a deposit for funeral flowers" is answered by the event flowers’ deposit rule', async () => {
    const hits = [headed('Deposits', 'Event flower orders need a 30% deposit when you order.')];
    const { text, kit } = await run(florist, 'Do I have to pay a deposit for funeral flowers?', { hits });
    expect(text).toContain('30% deposit');
    expect(kit.questions).toHaveLength(0);
  });

  it('a kind the offer does not list is not met by it', async () => {
    const hits = [headed('Deposits', 'Event flower orders need a 30% deposit when you order.')];
    const { kit } = await run(florist, 'Do I have to pay a deposit for birthday flowers?', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('another offer’s rule does not answer for the kind', async () => {
    const hits = [headed('Deposits', 'House plant orders over £100 need a 30% deposit when you order.')];
    const { kit } = await run(florist, 'Do I have to pay a deposit for funeral flowers?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
