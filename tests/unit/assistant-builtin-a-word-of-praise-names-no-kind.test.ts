import { describe, expect, it } from 'vitest';
import { readQuestion } from '#api/services/assistant/builtin/knowledge-question';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * "A proper bath", "a decent shower": the caller grades the thing, they do not name a kind of it
 * the owner would write ("proper bath" is no compound like "roll-top bath"), so the word is no
 * subject word and never half of a compound. Made-up business, unlike the evaluation's.
 */
const cottages = business('Beckside Barns', [
  service('Hayloft', '£120 per night', 'A two-person barn with a roll-top bath under the beams.'),
]);

describe('a word of praise', () => {
  it('is no subject word and no half of a compound', () => {
    for (const asked of ['Do any of your barns have a proper bath?', 'Is there a decent shower in the hayloft?']) {
      const question = readQuestion(asked, {})!;
      expect(question.judge.map((term) => term.word)).not.toContain('proper');
      expect(question.judge.map((term) => term.word)).not.toContain('decent');
      expect(question.pairs).toEqual([]);
    }
  });

  it('"Do any of your barns have a proper bath?" is answered by the barn with a bath', async () => {
    const hits = [
      passage('Our barns', 'The Hayloft has a roll-top bath under the beams; the other barns have showers.'),
    ];
    const { text, kit } = await run(cottages, 'Do any of your barns have a proper bath?', { hits });
    expect(text).toContain('roll-top bath');
    expect(kit.questions).toHaveLength(0);
  });
});
