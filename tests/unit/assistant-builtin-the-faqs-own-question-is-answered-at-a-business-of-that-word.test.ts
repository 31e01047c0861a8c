import { describe, expect, it } from 'vitest';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * "How many lessons will I need?" asked word for word as the owner's FAQ asks it, at a business
 * where "lesson" is an everyday word (in its name and services): a question made only of
 * everyday words needs a heading on it, and the FAQ's own question is one. Any other question
 * made of the same everyday word ("can I book lessons?") still is not answered by it. Made-up
 * business, unlike the evaluation's.
 */
const riding = business('Hilltop Riding Lessons', [
  service('Private riding lesson', '£45', 'A 45-minute lesson on your own with an instructor.'),
  service('Group riding lesson', '£30', 'A 1-hour lesson in a group of up to four riders.'),
]);
const FAQ = passage(
  'Questions',
  'Q: How many lessons will I need?\nA: Most new riders need about 10 lessons before they can trot on their own.\n\nQ: Do I need my own hat?\nA: No, we lend hats and boots free of charge.',
);

describe('the FAQ’s own question at a business of that word', () => {
  it.each([
    'How many lessons will I need?',
    "I've never ridden before, roughly how many lessons will I need?",
    'how many lessons do I need',
  ])('%s', async (message) => {
    const { text, kit } = await run(riding, message, { hits: [FAQ] });
    expect(text).toContain('10 lessons');
    expect(kit.questions).toHaveLength(0);
  });

  it('another question of the same everyday word is not answered by it', async () => {
    const { text } = await run(riding, 'How long are the lessons?', { hits: [FAQ] });
    expect(text).not.toContain('10 lessons');
  });
});
