import { describe, expect, it } from 'vitest';
import { classify } from '#api/services/assistant/builtin/intents';
import { business, run } from '#tests/support/builtin-assistant';

/**
 * "Are you working on Christmas Eve?", "can I drop my old prints in on Saturday?": whether
 * the business is open then, asked as whether its people are working, or as bringing a thing
 * in (its name between the verb and the particle). Answered from the hours and the special
 * dates, never passed to the team. A made-up picture framer (open 9am to 5pm Monday to
 * Saturday; Christmas Eve until 1pm), unlike the evaluation's businesses; "now" is Thursday
 * 10 December 2026.
 */
const framer = business('Gilt Edge Framing', [], [], {
  settings: {
    overwrites: [
      {
        _id: 'ow-xmas-eve',
        all_day: false,
        date: '2026-12-24',
        start: '09:00',
        end: '13:00',
        status: 'open',
        note: 'Christmas Eve',
      },
    ],
  },
});

describe('working on a day, or dropping something in on it, asks the hours', () => {
  it.each([
    ['are you working on christmas eve?', /\b1 ?pm\b|13:00/i],
    ['r u working this saturday', /\b5 ?pm\b|17:00/i],
    ['are you guys working tomorrow?', /\b5 ?pm\b|17:00/i],
    ['can I drop my old prints in on saturday?', /\b5 ?pm\b|17:00/i],
    ['could we bring the big mirror round tomorrow morning?', /\b9 ?am\b|09:00/i],
  ])('"%s" is answered from the hours', async (message, hours) => {
    const { text, kit } = await run(framer, message);
    expect(text).toMatch(hours);
    expect(kit.questions).toHaveLength(0);
  });

  it('working on a thing, or bringing a thing into a place, is no hours question', async () => {
    const { text } = await run(framer, 'are you working on any big framing jobs at the moment?');
    expect(text).not.toMatch(/\b5 ?pm\b|17:00/i);
    expect(classify('can I bring my dog in the shop on saturday?').hours).toBe(false);
    expect(classify('could we come in the morning on saturday?').hours).toBe(true);
  });
});
