import { describe, expect, it } from 'vitest';
import { business, faq, run, service } from '#tests/support/builtin-assistant';

/**
 * A caller who asks the owner's answered question with most of its words and one in other words ("a
 * fine" for "a penalty") asks that question: its answer is the owner's answer to them, though the
 * answer repeats none of the question's words ("Send us a photo of the notice…"). A word of the
 * caller's that names another thing still keeps the stored answer from them. Made-up business,
 * unlike the evaluation's.
 */
const appeals = business('Kerbside Appeals', [
  service('Parking appeal', '£35', 'We write and send your appeal against a parking notice.'),
]);
const pavement = faq(
  "I've had a penalty from the council for parking on the pavement. Can you help?",
  'Yes. Send us a photo of the notice and we will tell you within a day whether an appeal is worth making.',
);

describe('a stored question asked in other words', () => {
  it('"I got a fine from the council for parking on the pavement" is the stored "a penalty … for parking on the pavement"', async () => {
    const { text, kit } = await run(
      appeals,
      'I got a fine from the council for parking on the pavement, can you help?',
      { hits: [pavement] },
    );
    expect(text).toContain('Send us a photo of the notice');
    expect(kit.questions).toHaveLength(0);
  });

  it('is not the answer when the caller names another thing ("for my business rates")', async () => {
    const { text, kit } = await run(
      appeals,
      'I got a fine from the council for my business rates being late, can you help?',
      { hits: [pavement] },
    );
    expect(text).not.toContain('Send us a photo of the notice');
    expect(kit.questions).toHaveLength(1);
  });
});
