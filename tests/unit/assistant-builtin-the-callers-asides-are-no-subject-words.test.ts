import { describe, expect, it } from 'vitest';
import { readQuestion } from '#api/services/assistant/builtin/knowledge-question';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * What the caller says around the question is no subject: a reflexive pronoun ("do you do it
 * yourselves?") and what the caller does on the occasion they ask about ("is there anywhere to
 * park when I drop him off?"). Made-up business, unlike the evaluation's.
 */
const kennels = business('Hollybank Boarding Kennels', [
  service('Dog boarding', '£28 per night', 'A heated kennel with a run, two walks a day.'),
]);

describe("the caller's asides", () => {
  it('a reflexive pronoun is no subject word', () => {
    for (const asked of [
      'Do you fill in the forms yourselves?',
      'Can I do the paperwork myself or do you do it yourself?',
      'Do the owners walk the dogs themselves?',
    ]) {
      const said = readQuestion(asked, {})!.judge.map((term) => term.word);
      for (const word of ['yourselves', 'yourself', 'themselves']) expect(said).not.toContain(word);
    }
  });

  it('"Do you do the forms yourselves?" is answered by the stored question on the forms', async () => {
    const hits = [
      faq(
        'Who fills in the vaccination forms?',
        'We fill in the vaccination forms for you at drop-off, free of charge.',
      ),
    ];
    const { text, kit } = await run(kennels, 'Do you do the forms yourselves?', { hits });
    expect(text).toContain('free of charge');
    expect(kit.questions).toHaveLength(0);
  });

  it('what the caller does on the occasion asked about may be left out, what it is done to may not', () => {
    const occasion = (asked: string) => [...readQuestion(asked, {})!.occasion];
    expect(occasion('is there anywhere to park when I drop him off')).toEqual(['drop']);
    expect(occasion("can we pay by card once we're collecting the puppy?")).toEqual(['collect']);
    expect(occasion('can we pay by card when collecting the puppy?')).toEqual([]);
  });
  it('"is there anywhere to park when I drop him off" is answered by the stored question on parking', async () => {
    const hits = [faq('Is there parking?', 'Yes, six free spaces behind the kennels.')];
    const { text, kit } = await run(kennels, 'is there anywhere to park when I drop him off', { hits });
    expect(text).toContain('six free spaces');
    expect(kit.questions).toHaveLength(0);
  });
});
