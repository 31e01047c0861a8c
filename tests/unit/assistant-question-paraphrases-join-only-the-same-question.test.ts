import { describe, expect, it } from 'vitest';
import { closestWaitingQuestion, paraphraseScore } from '#api/services/assistant/question-paraphrases';

/** Pairs are checked both ways round: which one was asked first must not matter. */
const both = (a: string, b: string) => [paraphraseScore(a, b), paraphraseScore(b, a)];

describe('a paraphrase of a waiting question', () => {
  it.each([
    ['Do you do gift vouchers?', 'Hi, can I buy a gift voucher for my mum?'],
    ['Do you do gift vouchers?', 'Do you sell gift cards?'],
    ['Do you sell loyalty cards?', 'Have you got a loyalty card scheme?'],
    ['Do you repair vintage watches?', 'can you fix an old vintage watch for me'],
    ['Is there parking nearby?', 'Where can I park?'],
    ['Do you cater for nut allergies?', 'my daughter has a nut allergy, can you cater for that?'],
  ])('joins %j and %j', (a, b) => {
    for (const score of both(a, b)) expect(score).toBeGreaterThan(0);
  });

  it.each([
    ['Do you do gift vouchers?', 'What are your opening hours?'],
    ['Do you do gift vouchers?', 'Do you do gift wrapping?'],
    ['Do you sell loyalty cards?', 'Do you take credit cards?'],
    ['Can I bring my dog inside?', 'Can I bring my children inside?'],
    ['Do you deliver to BS8?', 'Do you deliver on Sundays?'],
    ['Do you make vegan cakes?', 'Do you make gluten free cakes?'],
    ['Do you do wedding cakes?', 'Do you do wedding flowers?'],
    ['Do you service oil boilers?', 'Do you service oil tanks, boilers, cookers and fires?'],
  ])('keeps %j and %j apart', (a, b) => {
    expect(both(a, b)).toEqual([0, 0]);
  });

  it('picks the closest of several waiting questions, or none', () => {
    const waiting = [
      { content: 'Do you take credit cards?' },
      { content: 'Do you sell loyalty cards?' },
      { content: 'Is there parking?' },
    ];
    expect(closestWaitingQuestion('can I get a loyalty card', waiting)).toBe(waiting[1]);
    expect(closestWaitingQuestion('Do you open on bank holidays?', waiting)).toBeNull();
    expect(closestWaitingQuestion('', waiting)).toBeNull();
  });
});
