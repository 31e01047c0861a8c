import { describe, expect, it } from 'vitest';
import {
  business,
  faq,
  passage,
  product,
  productHit,
  run,
  service,
  serviceHit,
  tools,
} from '#tests/support/builtin-assistant';

/**
 * Classes of wrong answers (issue 19: nothing invented), each on a made-up business: an
 * adjective taken for its opposite ("late" ~ "early"), a "no" said without the way round it,
 * a "free" said of another thing taken for the asked thing's price, a product on sale taken
 * for whether the caller needs their own, and the second part of a two-part question losing
 * the first part's subject (its telling verb, or its only noun).
 */
const CLIMBING = business(
  'Granite Wall Climbing',
  [
    service('Private session', '£55', 'One-to-one coaching on the bouldering wall with an instructor, 60 minutes.'),
    service('Kids club', '£9', 'Climbing games for children aged 6 to 12, Saturday mornings.'),
  ],
  [product('Chalk bag', '£12')],
);

/** The same wall as the search finds it, its services and products known only from the knowledge. */
const WALL = business('Granite Wall Climbing', []);

describe('a passage on something else is no answer', () => {
  it('never hears "late" in a sentence that says "early"', async () => {
    const kit = tools([passage('FAQ', 'Please arrive 15 minutes early for your induction to sign the waiver form.')]);
    const { text } = await run(CLIMBING, 'I could be 20 mins late after work, is that ok?', { kit });
    expect(text).not.toContain('early');
    expect(kit.questions).toHaveLength(1);
  });

  it('says the way round a "no" with it', async () => {
    const kit = tools([
      faq(
        'Is there a car park?',
        'The centre has no car park. There is free car parking on Quarry Lane, two minutes away. The bus stops outside.',
      ),
    ]);
    const { text } = await run(CLIMBING, 'is there anywhere to park near the centre', { kit });
    expect(text).toContain('Quarry Lane');
    expect(text).not.toContain('bus');
  });

  it('never gives "free" said of another thing as the asked thing\'s price', async () => {
    const kit = tools([
      faq(
        'Do you sell chalk?',
        'Yes, chalk balls, liquid chalk and chalk bags. Collect them at the desk or we post them free with a membership.',
      ),
    ]);
    const { text } = await run(CLIMBING, 'how much r ur chalk balls', { kit });
    expect(text).not.toContain('free');
    expect(kit.questions).toHaveLength(1);
    const priced = tools([faq('Do you charge for a taster?', 'No, a taster session is free.')]);
    const { text: free } = await run(CLIMBING, 'How much is a taster session?', { kit: priced });
    expect(free).toContain('free');
  });

  it('never answers whether the caller needs their own thing with a product on sale', async () => {
    const kit = tools([productHit('Climbing harness', 'A padded sit harness with two gear loops. £45.')]);
    const { text } = await run(WALL, 'do i need my own harness?', { kit });
    expect(text).not.toContain('£45');
  });

  it('carries the telling verb of the first part into "what\'s the cost?"', async () => {
    const kit = tools([
      serviceHit('Shoe hire', '£5', 'Climbing shoes to borrow for your session, in every size from child 10.'),
    ]);
    const { text } = await run(WALL, 'Can you resole my climbing shoes? whats the cost', { kit });
    expect(text).not.toContain('£5');
  });

  it('carries the first part\'s only noun into "how much are they?" instead of listing every price', async () => {
    const kit = tools([
      serviceHit(
        'Private session',
        '£55',
        'One-to-one coaching on the bouldering wall with an instructor, 60 minutes.',
      ),
    ]);
    const { text } = await run(CLIMBING, 'do you do 1-2-1 sessions, how much are they', { kit });
    expect(text).toContain('£55');
    expect(text).not.toContain('£9');
  });

  it('never counts what the business has from what one job of a service takes', async () => {
    const kit = tools([
      serviceHit('Group course', '£80', 'Two instructors for a group of up to eight climbers, over four evenings.'),
    ]);
    const { text } = await run(WALL, 'how many instructors have you got', { kit });
    expect(text).not.toContain('Two instructors');
    expect(kit.questions).toHaveLength(1);
  });
});
