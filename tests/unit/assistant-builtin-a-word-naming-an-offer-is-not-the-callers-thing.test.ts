import { describe, expect, it } from 'vitest';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * "Do I need my own rope?" is about a rope. "Top Rope Climbing on Tuesdays" and "unlimited rope
 * classes" are the wall's classes, named by the word: a passage holding the caller's word only
 * as the first half of an offer's name is no answer about it, and the sentence about ropes
 * themselves ("Ropes and harnesses are all provided") is said. A compound whose head is no offer
 * of the business stays about its first word ("a locked bike shed" is where bikes go). Made-up
 * businesses, unlike the evaluation's.
 */
const climbingWall = business('Granite Wall', [
  service('Climbing class', '£12', 'Two hours on the high walls with an instructor belaying.'),
  service('Skills course', '£60', 'Four weekly evenings of knots, belaying and falling safely.'),
]);

describe("a word naming one of the business's offers", () => {
  it('"do I need my own rope?" is answered by the sentence about ropes, not by a session named with the word', async () => {
    const hits = [
      passage(
        'FAQ',
        'Top Rope Climbing on Tuesdays at 7pm and Intro Rope Skills on Saturdays at 10am are made for newcomers.\n\nJust wear clothes you can stretch in. Ropes, harnesses and helmets are all provided.',
      ),
      passage('Passes', 'Members get unlimited rope classes on weekdays.'),
    ];
    const { text, kit } = await run(climbingWall, 'do i need my own rope', { hits });
    expect(text).toContain('provided');
    expect(text).not.toContain('Tuesdays');
    expect(kit.questions).toHaveLength(0);
  });

  it('only such names: "do I need my own rope?" is passed on rather than answered by them', async () => {
    const hits = [passage('Timetable', 'Top Rope Climbing on Tuesdays at 7pm is made for newcomers.')];
    const { kit } = await run(climbingWall, 'do i need my own rope', { hits });
    expect(kit.questions).toHaveLength(1);
  });

  it('a compound whose head is no offer stays about its first word', async () => {
    const hits = [passage('Getting here', 'There is a locked bike shed beside the entrance.')];
    const { text } = await run(climbingWall, 'where can I put my bike?', { hits });
    expect(text).toContain('bike shed');
  });
});
