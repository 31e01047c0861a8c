import { describe, expect, it } from 'vitest';
import { business, passage, run, tools } from '#tests/support/builtin-assistant';

/**
 * A caller names one make, brand or model ("Worcester", "Dyson", "a Tesla"); the business
 * wrote that it works on all of them ("all makes of boiler", "any brand of vacuum"). The
 * general passage answers the specific question. A passage naming other makes, or one not
 * saying "all"/"any", does not.
 */
const TRADER = business('Northgate Repairs', []);

describe('a named make answered by "all makes"', () => {
  it('answers "do you fix Worcester boilers?" from "we repair all makes of boiler"', async () => {
    const kit = tools([
      passage('Boilers', 'We service and repair all makes of gas boiler, with a 12-month guarantee.'),
    ]);
    const { text } = await run(TRADER, 'Do you fix Worcester boilers?', { kit });
    expect(kit.questions).toHaveLength(0);
    expect(text).toContain('all makes of gas boiler');
  });

  it('answers a brand of another kind of thing: "any brand of washing machine"', async () => {
    const kit = tools([passage('Appliances', 'Our engineers repair any brand of washing machine or dryer.')]);
    const { text } = await run(TRADER, 'Can you repair a Bosch washing machine?', { kit });
    expect(kit.questions).toHaveLength(0);
    expect(text).toContain('any brand of washing machine');
  });

  it('passes it on when the passage names other makes, or does not say all', async () => {
    const other = tools([passage('Boilers', 'We service Vaillant and Baxi boilers.')]);
    await run(TRADER, 'Do you fix Worcester boilers?', { kit: other });
    expect(other.questions).toHaveLength(1);
    const kind = tools([passage('Boilers', 'We service and repair all makes of gas boiler.')]);
    await run(TRADER, 'Do you fix oil boilers?', { kit: kind });
    expect(kind.questions).toHaveLength(1);
    const thing = tools([passage('Boilers', 'We service and repair all makes of gas boiler.')]);
    await run(TRADER, 'Do you fix Worcester cookers?', { kit: thing });
    expect(thing.questions).toHaveLength(1);
  });
});
