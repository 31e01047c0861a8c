import { describe, expect, it } from 'vitest';
import { wrap } from '../../../eval/assistant/pdf';
import { has } from '../../../eval/assistant/run';

/** The evaluation's own tools: how a reply is searched for a fact, and how its PDF is laid out. */
describe('the evaluation judge', () => {
  it('matches an amount only as a whole amount, case-insensitively', () => {
    expect(has('Wedding cakes start from £350 (three tiers).', '£35')).toBe(false);
    expect(has('Set-up at the venue costs £35.', '£35')).toBe(true);
    expect(has('Buns are £2.80 each', '£2')).toBe(false);
    expect(has('We need 15 days', '5 days')).toBe(false);
    expect(has('We need 5 days’ notice', '5 days')).toBe(true);
    expect(has('A full rewire is from £4,200', '£4,200')).toBe(true);
    expect(has('OPEN UNTIL 4PM', '4pm')).toBe(true);
  });
});

describe('the evaluation PDF layout', () => {
  it('hard-wraps at the width and hyphenates a long word that does not fit', () => {
    const lines = wrap(
      'Celebration cakes can be cancelled free of charge up to 72 hours before collection and the deposit is refunded in full.',
      78,
    );
    expect(lines.every((line) => line.length <= 78)).toBe(true);
    expect(lines[0]).toMatch(/colle-$/);
    expect(lines.join('\n').replace(/-\n/g, '').replace(/\n/g, ' ')).toBe(
      'Celebration cakes can be cancelled free of charge up to 72 hours before collection and the deposit is refunded in full.',
    );
  });
});
