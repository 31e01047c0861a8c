import { describe, expect, it } from 'vitest';
import { questionParts } from '#api/services/assistant/builtin/question-parts';

/**
 * A message that asks two things is answered a part at a time; a later part with no subject
 * of its own asks about the first part's thing, never about the unit its price was asked in
 * ("per person", "per hour"). Made-up businesses, unlike the evaluation's.
 */
describe('each part of a two-part question keeps its subject', () => {
  it('"…per head/person" is the price\'s unit, not the subject of "how much notice"', () => {
    const [, second] = questionParts('how much is a picnic hamper per person and how much notice do you need?');
    expect(second).toContain('picnic hamper');
    expect(second).not.toContain('person');
  });
});
