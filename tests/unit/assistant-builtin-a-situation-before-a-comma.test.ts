import { describe, expect, it } from 'vitest';
import { situationQuestion } from '#api/services/assistant/builtin/situation';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * Callers say their situation and ask in one sentence, joined by a comma ("I've never played
 * before, roughly how many lessons will I need?"): the situation's words are details of their
 * case, as when it is a sentence of its own. Made-up business, unlike the evaluation's.
 */
const piano = business('Keys & Co Piano School', [
  service('Piano lesson', '£30 per hour', 'One-to-one lessons for beginners and advanced players, in the studio.'),
]);

describe('a situation before a comma', () => {
  it('is set aside like a sentence of its own', () => {
    expect(situationQuestion("I've never played before, roughly how many lessons will I need?")).toBe(
      'How many lessons will I need?',
    );
    expect(situationQuestion("We're moving in March, do you move pianos?")).toBe('Do you move pianos?');
    // A question that points back at the situation, a question first, or a statement alone: read whole.
    expect(situationQuestion('My van makes a noise, can you look at it?')).toBeNull();
    expect(situationQuestion('My son is 6, is the beginners class ok for him?')).toBeNull();
    expect(situationQuestion('Do you move pianos, or only furniture?')).toBeNull();
    expect(situationQuestion('I need a van on Friday, thanks.')).toBeNull();
  });

  it('the stored question is answered without the situation’s words', async () => {
    const hits = [
      faq(
        'How many lessons will I need?',
        'Most adult beginners need around 20 lessons to play simple pieces with both hands.',
      ),
    ];
    const { text, kit } = await run(piano, "I've never played before, roughly how many lessons will I need?", {
      hits,
    });
    expect(text).toContain('20 lessons');
    expect(kit.questions).toHaveLength(0);
  });
});
