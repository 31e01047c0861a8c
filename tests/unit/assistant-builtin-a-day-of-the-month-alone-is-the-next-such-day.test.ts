import { describe, expect, it } from 'vitest';
import { parseDayReference } from '#api/services/assistant/hours';
import { business, NOW, run } from '#tests/support/builtin-assistant';

/**
 * "Are you open on the 28th?": a day of the month said without its month is the next such
 * day, this month's if it has not passed, else next month's. Answered from that day's hours and
 * special dates, never with today's hours. A made-up bicycle repair shop (open 9am to 5pm
 * Monday to Saturday; closed for stocktaking on 28 December), unlike the evaluation's
 * businesses; "now" is Thursday 10 December 2026.
 */
const bikes = business('Spokes & Chains Cycle Repairs', [], [], {
  settings: {
    overwrites: [
      {
        _id: 'ow-stocktake',
        all_day: true,
        date: '2026-12-28',
        start: '09:00',
        end: '17:00',
        status: 'closed',
        note: 'Stocktaking',
      },
    ],
  },
});
const day = (text: string) => parseDayReference(text, NOW, 'Europe/London');

describe('a day of the month said alone is the next such day', () => {
  it('reads "the 28th" as this month and "the 5th" as next month', () => {
    expect(day('are you open on the 28th?')).toBe('2026-12-28');
    expect(day('what about the 5th')).toBe('2027-01-05');
    expect(day('r u open the 31st')).toBe('2026-12-31');
  });

  it('an ordinal naming a thing is no day', () => {
    expect(day('is the 2nd visit free?')).toBeNull();
    expect(day("we're on the 3rd floor")).toBeNull();
  });

  it('"are you open on the 28th?" is answered from that day, not from today', async () => {
    const { text, kit } = await run(bikes, 'r u open on the 28th');
    expect(text).toMatch(/closed/i);
    expect(text).not.toMatch(/open now/i);
    expect(kit.questions).toHaveLength(0);
  });
});
