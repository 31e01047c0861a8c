import { describe, expect, it } from 'vitest';
import { readQuestion } from '#api/services/assistant/builtin/knowledge-question';
import { business, faq, passage, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * Short names as callers write them: an abbreviation in capitals ("ID") is a word of the
 * question even where the same letters in lower case are a contraction ("id" = I'd), and
 * a hyphenated name of a verb and its particle said as two words with a plural ("touch ups",
 * "drop ins", "call outs") is the owner's "Touch-up", "Drop-in". Made-up business, unlike the
 * evaluation's.
 */
const wall = business('Crag Hall Climbing', [
  service('Drop-in session', '£12', 'Turn up and climb without booking, any time we are open.'),
  service('Shoe top-up', '£4', 'Fresh chalk and a shoe clean between sessions.'),
]);

describe('a short name said its own way', () => {
  it('reads an abbreviation in capitals as a subject word, and "id" in lower case as I\'d', () => {
    const read = (asked: string) => readQuestion(asked, {})!.judge.map((term) => term.word);
    expect(read('Do I need to bring ID?')).toContain('id');
    expect(read("I'm new, do I need ID?")).toContain('id');
    expect(readQuestion('id like to know about parties', {})!.judge.map((term) => term.word)).not.toContain('id');
  });

  it('"Do I need to bring ID?" is answered by the passage about ID, not by another thing to bring', async () => {
    const hits = [
      faq('Can I bring someone to watch?', 'Yes, one friend can watch for free from the café.'),
      passage(
        'First visit',
        'Under-18s must climb with an adult. On your first visit please bring photo ID so we can register you.',
      ),
    ];
    const { text, kit } = await run(wall, 'Do I need to bring ID?', { hits });
    expect(text).toContain('photo ID');
    expect(kit.questions).toHaveLength(0);
  });

  it('"how much are drop ins?" is the Drop-in session\'s price', async () => {
    const hits = [
      serviceHit('Drop-in session', '£12', 'Turn up and climb without booking, any time we are open.'),
      serviceHit('Shoe top-up', '£4', 'Fresh chalk and a shoe clean between sessions.'),
    ];
    const { text, kit } = await run(wall, 'how much are drop ins?', { hits });
    expect(text).toContain('£12');
    expect(text).not.toContain('£4');
    expect(kit.questions).toHaveLength(0);
  });

  it('"do you charge for top ups" is the top-up\'s price', async () => {
    const hits = [
      serviceHit('Shoe top-up', '£4', 'Fresh chalk and a shoe clean between sessions.'),
      serviceHit('Drop-in session', '£12', 'Turn up and climb without booking, any time we are open.'),
    ];
    const { text, kit } = await run(wall, 'do you charge for top ups', { hits });
    expect(text).toContain('£4');
    expect(kit.questions).toHaveLength(0);
  });
});
