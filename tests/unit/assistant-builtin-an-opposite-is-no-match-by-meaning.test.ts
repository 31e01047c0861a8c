import { describe, expect, it } from 'vitest';
import { areOpposites } from '#api/services/language/definitions';
import { business, passage, run, service, serviceHit, tools } from '#tests/support/builtin-assistant';

/**
 * Class of wrong answers (issue 19: nothing invented): word vectors put opposites close, since
 * they are used alike ("leave" ~ "stay", "arrive" ~ "leave"), so a caller's verb met "by meaning"
 * could be met by its opposite: "is there somewhere to leave the car?" answered by the one pitch
 * where dogs may stay. WordNet's antonyms (and the words sharing a sense with one) say which
 * alike words are opposites; an opposite never stands in for the caller's word.
 */
const RIVERSIDE = 'A grass pitch by the river, a short walk from the car park; the only pitch where dogs may stay.';
const CAMPSITE = business('Heron Ford Campsite', [
  service('Riverside pitch', '£28 per night', RIVERSIDE),
  service('Bell tent', '£65 per night', 'A furnished bell tent for four, beds made up.'),
]);

describe('an opposite is no match by meaning', () => {
  it('knows verbs that are opposites from those that are alike', () => {
    expect(areOpposites('leave', 'stay')).toBe(true);
    expect(areOpposites('leaving', 'stayed')).toBe(true);
    expect(areOpposites('arrive', 'leave')).toBe(true);
    expect(areOpposites('bring', 'take')).toBe(false);
    expect(areOpposites('start', 'begin')).toBe(false);
    expect(areOpposites('stay', 'remain')).toBe(false);
  });

  it('never answers where to leave something with what may stay there', async () => {
    const kit = tools([
      serviceHit('Riverside pitch', '£28 per night', RIVERSIDE),
      passage('About the site', 'Check-in is from 2pm. Quiet hours are 10pm to 7am.'),
    ]);
    const { text } = await run(CAMPSITE, 'is there somewhere to leave the car', { kit });
    expect(text).not.toMatch(/dogs may stay|£28/);
  });

  it("still meets a caller's verb by a verb alike in meaning", async () => {
    const kit = tools([passage('Getting here', 'We can bring your bags down from the car park on a quad bike.')]);
    const { text } = await run(CAMPSITE, 'can you carry our bags from the car park?', { kit });
    expect(text).toMatch(/quad bike/);
  });
});
