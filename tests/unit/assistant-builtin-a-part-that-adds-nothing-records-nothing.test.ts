import { describe, expect, it } from 'vitest';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * A message that asks two things is answered part by part, and a sentence an earlier part
 * already said is not said again. A later part whose whole reply is such a repeat adds
 * nothing for the caller, so it must not add anything for the owner either: no second
 * question in the owner's list (and its task) for what the reply passed on once.
 * Made-up business: a pottery studio.
 */
const STUDIO = business('Kiln Corner Pottery', [
  service('Wheel throwing class', '£32 per person', 'Two hours on the wheel for beginners, on Friday evenings.'),
  service('Paint your own pot', '£12 plus the pot', 'Drop in and paint a mug, plate or bowl; we glaze and fire it.'),
]);
const HITS = [passage('About the studio', 'We are a small studio with six wheels and two kilns, open to drop-ins.')];

describe('a later part that only repeats an earlier reply records nothing for the owner', () => {
  it.each([
    'Do you run raku firing workshops? How much are they?',
    'Do you do glaze workshops? Are they suitable for children?',
    'do you sell clay to take home? is it expensive?',
  ])('%s: passed to the team once', async (message) => {
    const { text, kit } = await run(STUDIO, message, { hits: HITS });
    expect(text).toMatch(/passed your question to the team/);
    expect(text.match(/passed your question to the team/g)).toHaveLength(1);
    expect(kit.questions, text).toHaveLength(1);
  });

  it('a later part that says something new still records its own question', async () => {
    const { text, kit } = await run(
      business('Kiln Corner Pottery', [service('Private lesson', null, 'One-to-one time on the wheel.')]),
      'Do you do private lessons? How much are they?',
      { hits: HITS },
    );
    expect(text).toMatch(/one-to-one/i);
    expect(text).toMatch(/don't have a price/);
    expect(kit.questions, text).toHaveLength(1);
  });
});
