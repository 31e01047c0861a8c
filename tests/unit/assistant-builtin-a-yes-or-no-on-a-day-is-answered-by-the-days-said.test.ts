import { describe, expect, it } from 'vitest';
import { business, passage, run } from '#tests/support/builtin-assistant';
import { dayAskedApart } from '#api/services/assistant/builtin/day-asked';

/**
 * "Do you deliver on Saturdays?" where the knowledge says "We deliver … Monday to Friday": the
 * day is when, not what, so the answer is the days said, with a yes or no for the day asked.
 * An answer naming no days, or days in a negative, answers nothing about the day. Made-up
 * business, unlike the evaluation's.
 */
const FLORIST = business('Fern & Foxglove', []);
const DELIVERY = [passage('Delivery', 'We deliver bouquets from Monday to Friday to addresses across Ashford.')];

describe('a yes-or-no question on a day is answered by the days the knowledge says', () => {
  it('reads the day apart from the question', () => {
    expect(dayAskedApart('Do you deliver on Saturdays?')).toMatchObject({
      rest: 'Do you deliver?',
      days: ['saturday'],
    });
    expect(dayAskedApart('How much is delivery?')).toBeNull();
    expect(dayAskedApart('What do you do on Saturdays?')).toBeNull();
  });

  it('a day outside the days said is a no, with the days', async () => {
    const { text, kit } = await run(FLORIST, 'Do you deliver on Saturdays?', { hits: DELIVERY });
    expect(text).toMatch(/^No, not on Saturdays\./);
    expect(text).toContain('Monday to Friday');
    expect(kit.questions).toEqual([]);
  });

  it('a day within them is a yes', async () => {
    const { text } = await run(FLORIST, 'do you deliver on a Wednesday?', { hits: DELIVERY });
    expect(text).toMatch(/^Yes\./);
    expect(text).toContain('Monday to Friday');
  });

  it('days said in a negative answer nothing about the day', async () => {
    const hits = [passage('Delivery', 'We deliver bouquets across Ashford, except on Mondays.')];
    const { kit } = await run(FLORIST, 'Do you deliver on Tuesdays?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
