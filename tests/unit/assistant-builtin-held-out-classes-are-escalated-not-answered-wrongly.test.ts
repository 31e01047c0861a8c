import { describe, expect, it } from 'vitest';
import { classify } from '#api/services/assistant/builtin/intents';
import { termKey } from '#api/services/assistant/builtin/text';
import { normaliseCallerText } from '#api/services/language/caller-text';
import { business, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * Classes of wrong answers found on businesses nobody tuned on, each checked on a made-up
 * business: a question about whether a person is in, "how often", "how long" against a
 * service's frequency, the hours read into "do you work on …" and "before you open", a
 * derived word taken for a typo, and a synonym reached through a stem ("months" ~ "monthly").
 */
const GARAGE = business('Kestrel Motors', [
  service(
    'Full service',
    '£199',
    'Every 10,000 miles or once a year: oil, filters and a 50-point check. About 3 hours.',
  ),
  service('Engine diagnostic check', '£55', 'Warning light on? We read the fault codes and find the cause.'),
]);

describe('held-out classes: escalate rather than answer wrongly', () => {
  it('passes "is <person> in today?" to the team: a staff list says who works there, not who is in', async () => {
    const kit = tools([passage('About us', 'Mo Patel – owner and master technician.\nLiz Carr – service advisor.')]);
    const { text } = await run(GARAGE, 'Is Mo in today?', { kit });
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toMatch(/owner|technician/);
    const working = tools([passage('About us', 'Liz Carr – service advisor.')]);
    await run(GARAGE, 'Is Liz working tomorrow?', { kit: working });
    expect(working.questions).toHaveLength(1);
  });

  it('answers "is <person> in today?" from working days the data states', async () => {
    const kit = tools([passage('Team', 'Mo Patel works Monday to Wednesday.')]);
    const { text } = await run(GARAGE, 'Is Mo in today?', { kit });
    expect(kit.questions).toHaveLength(0);
    expect(text).toContain('Monday to Wednesday');
  });

  it('answers "how often?" only with a frequency', async () => {
    const priced = tools([passage('Prices', 'A full groom costs £50 for dogs of 10 to 25kg such as a cockapoo.')]);
    await run(GARAGE, 'How often should I get my cockapoo groomed?', { kit: priced });
    expect(priced.questions).toHaveLength(1);
    const often = tools([passage('Grooming', 'Have your cockapoo groomed every 6 to 8 weeks.')]);
    const { text } = await run(GARAGE, 'How often should I get my cockapoo groomed?', { kit: often });
    expect(text).toContain('every 6 to 8 weeks');
  });

  it('answers "how long does it take?" with the length, never with how often it is due', async () => {
    const { text } = await run(GARAGE, 'How long does a full service take?');
    expect(text).toContain('3 hours');
    expect(text).not.toContain('once a year');
  });

  it('reads "do you work on electric cars?" and "before you open" as questions about other things than the hours', () => {
    expect(classify('Do you work on electric cars?').hours).toBe(false);
    expect(classify('Can I leave the car before you open and drop the keys off?').hours).toBe(false);
    expect(classify('do you work saturdays').hours).toBe(true);
    expect(classify('Do you work on the weekend?').hours).toBe(true);
    expect(classify('are you open now?').hours).toBe(true);
  });

  it('keeps a common word behind an everyday prefix ("remaps") instead of correcting it to a business word', async () => {
    expect(
      normaliseCallerText('Do you do engine remaps?', {
        vocabulary: ['Engine', 'read', 'reads', 'fault'],
        correctSpelling: true,
      }),
    ).toBe('Do you do engine remaps?');
    const kit = tools();
    const { text } = await run(GARAGE, 'Do you do engine remaps?', { kit });
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toContain('£55');
  });

  // Known open: one key per word cannot keep "monthly" with "instalments" (an FAQ's "paid monthly"),
  // with "month" ("£30 a month") and away from "months"; that needs a word to carry two keys.
  it.skip('never hears "monthly" (paying in instalments) in "months" (a length of time)', async () => {
    expect(termKey('months')).not.toBe(termKey('instalments'));
    expect(termKey('monthly')).toBe(termKey('months'));
    const implant = business('Quay Dental', [
      service(
        'Dental implant',
        'From £2,400',
        'A titanium implant with its crown. The whole treatment takes three to six months.',
      ),
    ]);
    const kit = tools([
      {
        ...passage(
          'Dental implant',
          'The whole treatment takes three to six months. A dental implant starts at £2,400.',
        ),
        source: { kind: 'service', _id: 'svc-Dental implant', type: 'service', title: 'Dental implant' },
      },
    ]);
    const { text } = await run(implant, 'Can I pay for my implant in instalments?', { kit });
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toContain('six months');
  });

  it('never answers what the caller does ("if I can\'t collect my car") with what the business does ("we collect your car")', async () => {
    const faq = passage(
      'FAQ',
      'Q: Can you collect my car?\nA: Yes – we collect your car from home or work and bring it back, for £15 return.',
    );
    const kit = tools([faq]);
    const { text } = await run(GARAGE, "If I can't collect my car straight away, do you charge?", { kit });
    expect(kit.questions).toHaveLength(1);
    expect(text).not.toContain('£15');
    const asked = tools([faq]);
    expect((await run(GARAGE, 'Can you collect my car from work?', { kit: asked })).text).toContain('£15');
  });

  it("says the rule for the caller's own lead time: cancelling the day before is not '48 hours' notice or more'", async () => {
    const policy = passage(
      'Cancellations',
      "Cancelled with 48 hours' notice or more: free.\nCancelled with less than 48 hours' notice: 50% of the groom.",
    );
    const dayBefore = await run(GARAGE, 'how much does it cost if i cancel the day before', { hits: [policy] });
    expect(dayBefore.text).toContain('50%');
    expect(dayBefore.text).not.toMatch(/free/i);
    const weekAhead = await run(GARAGE, 'How much does it cost if I cancel three days before?', { hits: [policy] });
    expect(weekAhead.text).not.toContain('50%');
  });
});
