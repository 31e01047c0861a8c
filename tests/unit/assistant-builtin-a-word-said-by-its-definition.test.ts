import { describe, expect, it } from 'vitest';
import { business, faq, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * The caller says the owner's word by what it means: "late… can I still come in?" for the
 * owner's "latecomers" (someone who arrives late). A passage word counts for a caller's word
 * when the word is in its dictionary definition and the rest of the definition is the caller's
 * too; a definition that shares one word only ("daughter": a female offspring) says nothing of
 * the caller's subject. Made-up businesses, unlike the evaluation's.
 */
const cinema = business('Lantern Picture House', [
  service('Evening screening', '£9', 'Films from 6pm, with a 15-minute interval for long features.'),
  service('Matinee screening', '£6', 'Afternoon films on weekdays.'),
]);
const lateRule = passage(
  'Arriving',
  'Please be seated before the film begins. Doors close 15 minutes after the start, and latecomers are not admitted after that.',
);

describe('a word said by its definition', () => {
  it('"I\'m running 20 minutes late, can I still come in?" is answered by the rule for latecomers', async () => {
    const { text, kit } = await run(cinema, "I'm running 20 minutes late, can I still come in?", { hits: [lateRule] });
    expect(text).toContain('latecomers are not admitted');
    expect(kit.questions).toHaveLength(0);
  });

  it('a definition that holds one of the caller\'s words only is no answer ("female" is not "daughter")', async () => {
    const about = passage(
      'About us',
      'Ruth Ellis opened the picture house in 1994. Today her daughter Anna runs it with a team of six projectionists.',
    );
    const { kit } = await run(cinema, 'Do you have any female projectionists?', { hits: [about] });
    expect(kit.questions).toHaveLength(1);
  });
});

/**
 * A stored question asked with one of the business's everyday words it lacks ("which class…?"
 * at a school whose services are all classes) is still the caller's: those words are left out
 * of the likeness of the two questions, and so of what must be matched.
 */
const pottery = business('Ashgrove Pottery', [
  service('Wheel throwing class', '£40', 'Two hours on the wheel, clay and firing included.'),
  service('Hand building class', '£35', 'Pinch pots and coil pots, two hours, clay and firing included.'),
  service('Glazing class', '£30', 'Glaze the pieces you made, ninety minutes.'),
]);

describe("a stored question without the business's everyday words", () => {
  it('"never touched clay before, which class should I go to?" is answered by "I have never touched clay. Where do I begin?"', async () => {
    const hits = [
      faq(
        'I have never touched clay. Where do I begin?',
        'Our Saturday taster morning is made for complete novices: you try the wheel and hand building in one session.',
      ),
      passage('Wheel throwing class', 'Two hours on the wheel, clay and firing included. Price: £40.'),
    ];
    const { text, kit } = await run(pottery, 'never touched clay before, which class should I go to?', { hits });
    expect(text).toContain('Saturday taster morning');
    expect(kit.questions).toHaveLength(0);
  });
});
