import { describe, expect, it } from 'vitest';
import { business, product, productHit, run } from '#tests/support/builtin-assistant';
import { stem } from '#api/services/assistant/builtin/text';

/**
 * "How much are your brushes?" at a shop selling a paste brush and a smoothing brush: the
 * caller's word names both items alike, so the reply says both prices; picking one would be a
 * guess at which they mean (a wrong price for the other). A plural in -es ("brushes",
 * "boxes", "benches") is its noun. Made-up business, unlike the evaluation's.
 */
const decorator = business(
  'Plum Wallpapers',
  [],
  [
    product('Paste brush', '£6 each', 'A wide brush for pasting wallpaper.'),
    product('Smoothing brush', '£9 each', 'A soft brush that presses the paper flat.'),
    product('Seam roller', '£4 each', 'Rolls the seams down.'),
  ],
);
const hits = [
  productHit('Paste brush', 'A wide brush for pasting wallpaper. £6 each.'),
  productHit('Smoothing brush', 'A soft brush that presses the paper flat. £9 each.'),
  productHit('Seam roller', 'Rolls the seams down. £4 each.'),
];

describe('a noun two items share names both', () => {
  it('a plural in -es is its noun', () => {
    expect(stem('brushes')).toBe(stem('brush'));
    expect(stem('benches')).toBe(stem('bench'));
    expect(stem('boxes')).toBe(stem('box'));
    expect(stem('aches')).toBe(stem('ache'));
  });

  it('"how much r ur brushes" says both brushes, not one of them', async () => {
    const { text } = await run(decorator, 'how much r ur brushes', { hits });
    expect(text).toContain('£6');
    expect(text).toContain('£9');
    expect(text).not.toContain('£4');
  });

  it('a whole name said is the one item', async () => {
    const { text } = await run(decorator, 'how much is a smoothing brush?', { hits });
    expect(text).toContain('£9');
    expect(text).not.toContain('£6');
  });
});
