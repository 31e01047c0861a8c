import { describe, expect, it } from 'vitest';
import { situationQuestion } from '#api/services/assistant/builtin/situation';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * Callers often say their situation in one sentence and ask in the next ("We're moving in
 * March. Do you move pianos?"). The situation's words are the caller's details, not what the
 * question is about: the question is answered on its own, and only a question that leans on
 * the situation ("Could you do it?", "Do you do a survey first?") carries its subject. Made-up
 * businesses, unlike the evaluation's.
 */
const movers = business('Cartwright Removals', [
  service('Piano removals', 'From £180', 'Upright and grand pianos moved by a two-person team with a piano trolley.'),
  service('House removals', 'From £450', 'Two or three movers and a Luton van, with blankets and straps.'),
]);

describe('the situation, then the question', () => {
  it('the question is answered without the situation’s words', async () => {
    const { text, kit } = await run(movers, "We're moving to Leeds in March. Do you do piano removals?");
    expect(text).toContain('£180');
    expect(kit.questions).toHaveLength(0);
  });

  it('a question of one subject word carries the situation’s subject', async () => {
    const hits = [passage('Surveys', 'Every piano removal starts with a free survey visit to measure the stairs.')];
    const { text, kit } = await run(movers, "We're thinking about a piano removal. Do you do surveys?", {
      hits,
    });
    expect(text).toContain('free survey');
    expect(kit.questions).toHaveLength(0);
  });

  it('an unanswerable question is passed on in the caller’s own words, situation and all', async () => {
    const { text, kit } = await run(movers, "I'm new to the area. Do you store furniture?");
    expect(text).toMatch(/not sure/i);
    expect(kit.questions).toEqual(["I'm new to the area. Do you store furniture?"]);
  });

  it('reads which sentences are the situation', () => {
    expect(situationQuestion("We're moving in March. Do you move pianos?")).toBe('Do you move pianos?');
    expect(situationQuestion('We are moving house in May. How much is a piano removal?')).toBe(
      'How much is a piano removal?',
    );
    // A question of one subject word leans on the situation: its subject, not the caller's doing, is carried.
    expect(situationQuestion('I run a bakery. Do you supply flour?')).toBe('Do you supply flour (bakery)?');
    // A question first, then a detail, or one sentence: nothing to set aside.
    expect(situationQuestion("Do you move pianos? I'm in Leeds.")).toBeNull();
    expect(situationQuestion('Do you move pianos to Leeds?')).toBeNull();
    // A statement that is itself the request stays whole.
    expect(situationQuestion('I need a van on Friday.')).toBeNull();
    // Two questions after the situation stay together (question-parts.ts splits them).
    expect(situationQuestion('We are moving soon. How much is a piano move? Do you take cards?')).toBe(
      'How much is a piano move? Do you take cards?',
    );
  });
});

describe('a question that points back at the situation', () => {
  it('is read whole, places and all: "I\'m in Otley. Do you come out this way?"', () => {
    expect(situationQuestion("I'm in Otley, LS21. Do you come out this way?")).toBeNull();
    expect(situationQuestion('My van is making a clunking noise. Can you look at it today?')).toBeNull();
  });
});
