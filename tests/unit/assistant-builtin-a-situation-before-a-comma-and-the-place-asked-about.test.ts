import { describe, expect, it } from 'vitest';
import { situationQuestion } from '#api/services/assistant/builtin/situation';
import { business, faq, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * Callers say their situation and ask in one sentence, joined by a comma ("I've never played
 * before, roughly how many lessons will I need?"): the situation's words are details of their
 * case, as when it is a sentence of its own. And the place they ask about is the business's own
 * premises in their words ("is the gym wheelchair accessible?"), never a subject a passage must
 * name. Made-up businesses, unlike the evaluation's.
 */
const piano = business('Keys & Co Piano School', [
  service('Piano lesson', '£30 per hour', 'One-to-one lessons for beginners and advanced players, in the studio.'),
]);
const gym = business('Ironside Gym', []);

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

describe('the premises asked about', () => {
  it('"is the gym wheelchair accessible?" is answered by the accessibility passage', async () => {
    const hits = [
      passage('Access', 'The ground floor has a step-free entrance and an accessible changing room.'),
      passage('Membership', 'Membership is £25 a month with no joining fee.'),
    ];
    const { text, kit } = await run(gym, 'Is the gym wheelchair accessible?', { hits });
    expect(text).toContain('step-free');
    expect(kit.questions).toHaveLength(0);
  });

  it('a question about something the data does not hold is still passed on', async () => {
    const hits = [passage('Access', 'The ground floor has a step-free entrance and an accessible changing room.')];
    const { text, kit } = await run(gym, 'Does the gym have a sauna?', { hits });
    expect(text).toMatch(/not sure/i);
    expect(kit.questions).toHaveLength(1);
  });
});
