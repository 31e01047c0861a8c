import { describe, expect, it } from 'vitest';
import { readQuestion } from '#api/services/assistant/builtin/knowledge-question';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "We've", "they're", "couldn't": a contraction written without its apostrophe is a stop
 * word like the words it stands for, never a subject word the passage must hold. Made-up
 * businesses, unlike the evaluation's.
 */
const florist = business('Fern & Twine Florist', [
  service(
    'Event flowers',
    'From £250',
    'Table arrangements and entrance displays for weddings, parties and office events.',
  ),
]);

describe('contractions', () => {
  it('are no subject words', () => {
    for (const asked of [
      "We've got an office party coming up, could you do the flowers?",
      "They're having a party, couldn't you do the flowers?",
      "You've done flowers for parties before, haven't you?",
    ]) {
      const said = readQuestion(asked, {})!.judge.map((term) => term.word);
      for (const word of ['weve', 'theyre', 'couldnt', 'youve', 'havent']) expect(said).not.toContain(word);
    }
  });

  it('"We\'ve got an office party coming up, could you do the flowers?" finds the event flowers', async () => {
    const hits = [
      serviceHit(
        'Event flowers',
        'From £250',
        'Table arrangements and entrance displays for weddings, parties and office events.',
      ),
    ];
    const { text, kit } = await run(florist, "We've got an office party coming up, could you do the flowers?", {
      hits,
    });
    expect(text).toContain('£250');
    expect(kit.questions).toHaveLength(0);
  });
});
