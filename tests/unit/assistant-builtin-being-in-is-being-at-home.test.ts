import { describe, expect, it } from 'vitest';
import { business, faq, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * "Will you need me to be in when you come?" is the owner's "Does someone have to be at home?": every
 * word of it is a stop word, so read as it is it asks nothing. Whether someone must be at home is
 * answered only by a text that says so, never by one on the business coming to the caller's home.
 * Made-up businesses, unlike the evaluation's.
 */
const sweep = business('Hearthside Sweeps', [
  service('Chimney sweep', '£70', 'One flue swept, with a smoke test and a certificate for your insurer.'),
]);
const home = faq(
  'Does someone have to be at home while you sweep?',
  'Yes: an adult needs to be at home to let us in and to see the smoke test at the end.',
);
const howLong = faq('How long does a sweep take?', 'About an hour for one flue.');

const groomer = business('Suds on Wheels', [
  service('Full groom', '£45', 'Bath, dry, clip and nails in our van outside your home.'),
]);
const van = passage(
  'How it works',
  'We come to your home in our van, which has its own water and power, so we never need to come inside your house.',
);

describe('being in', () => {
  it('is being at home ("will you need me to be in when you come?", "does someone need to be in while you do it?")', async () => {
    for (const message of ['will you need me to be in when you come?', 'does someone need to be in while you do it?']) {
      const { text, kit } = await run(sweep, message, { hits: [home, howLong] });
      expect(text, message).toContain('an adult needs to be at home');
      expect(kit.questions, message).toHaveLength(0);
    }
  });

  it("is not answered by the business coming to the caller's home", async () => {
    for (const message of ['will you need me to be in when you come?', 'do I need to be home?']) {
      const { text, kit } = await run(groomer, message, { hits: [van] });
      expect(text, message).not.toContain('We come to your home');
      expect(kit.questions, message).toHaveLength(1);
    }
  });

  it('is not "be in stock" nor "be in the room"', async () => {
    for (const message of ['will it be in stock soon?', 'can my husband be in the room?']) {
      const { text } = await run(sweep, message, { hits: [home, howLong] });
      expect(text, message).not.toContain('an adult needs to be at home');
    }
  });
});
