import { describe, expect, it } from 'vitest';
import { business, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * "I think we have rats in the garden, how much to sort it?", "will you take the nest away
 * afterwards?": a caller hedging what they say ("I think", "I reckon", "I suppose") or saying
 * when in the job something happens ("afterwards", "beforehand") adds nothing the answer must
 * name, so the service or the stored question that answers the rest answers. A thing the
 * business does not name is still passed to the team. A made-up chimney sweep, unlike the
 * evaluation's businesses.
 */
const sweep = business('Soot & Flue', [
  service(
    'Chimney sweep',
    '£70',
    'A full sweep of the flue with brushes and a vacuum, with a certificate for your insurer.',
  ),
  service('Bird nest removal', '£90', 'Old nests cleared out of the flue and a bird guard fitted on the pot.'),
]);
const FAQ = passage(
  'FAQ',
  `Q: Do you take the bird nest away?
A: Yes, we bag the old nest and take it with us.

Q: Do I need to move the furniture?
A: Just clear the hearth; we sheet the rest of the room.`,
);

describe('a hedge or a when is no subject word', () => {
  it.each([
    ['i think our chimney needs doing, how much?', '£70'],
    ['i reckon we need a sweep, what do you charge?', '£70'],
    ['i suppose a sweep would be how much?', '£70'],
  ])('"%s" is answered by the service (%s)', async (message, price) => {
    const { text, kit } = await run(sweep, message);
    expect(text).toContain(price);
    expect(kit.questions).toHaveLength(0);
  });

  it.each([
    ['will you take the nest away afterwards?', 'take it with us'],
    ['do I need to move the furniture beforehand?', 'clear the hearth'],
  ])('"%s" is answered by the stored question', async (message, answer) => {
    const kit = tools([FAQ]);
    const { text } = await run(sweep, message, { kit });
    expect(text).toContain(answer);
    expect(kit.questions).toHaveLength(0);
  });

  it('a thing the business does not name is still passed to the team', async () => {
    const { text, kit } = await run(sweep, 'i think we have a wasp nest in the loft, how much?');
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toMatch(/£\d/);
  });
});
