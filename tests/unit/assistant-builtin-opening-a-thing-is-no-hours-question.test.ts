import { describe, expect, it } from 'vitest';
import { classify } from '#api/services/assistant/builtin/intents';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "Can you open a filing cabinet?", "could you open the drawer of my desk?": open with a thing
 * after it is the work asked for, not whether the business is open. Answered from the service
 * that does it, never with the opening hours. A made-up office furniture repairer, unlike the
 * evaluation's businesses; "now" is Thursday 10 December 2026.
 */
const UNLOCKING = [
  'Filing cabinet unlocking',
  '£60',
  'Jammed or locked filing cabinets and desk drawers opened when the key is lost or snapped, and a new lock fitted.',
] as const;
const repairer = business('Deskwell Office Furniture Repairs', [
  service(...UNLOCKING),
  service('Office chair repair', '£45', 'Gas lifts, castors and arms replaced on office chairs.'),
]);

describe('opening a thing is no hours question', () => {
  it.each([
    ['can you open a filing cabinet? the key snapped off in it'],
    ['could you open the drawers of my desk, lost the key'],
  ])('"%s" is answered from the service, not the hours', async (message) => {
    const { text, kit } = await run(repairer, message, { hits: [serviceHit(...UNLOCKING)] });
    expect(text).toMatch(/£60/);
    expect(text).not.toMatch(/\b5 ?pm\b|17:00|open now/i);
    expect(kit.questions).toHaveLength(0);
  });

  it('open with a thing after it is the verb; open with a day after it asks the hours', () => {
    expect(classify('can you open a filing cabinet?').hours).toBe(false);
    expect(classify('could you open the drawers of my desk').hours).toBe(false);
    expect(classify('can you open my cabinet for me').hours).toBe(false);
    expect(classify('are you open the 27th?').hours).toBe(true);
    expect(classify('are you open this weekend').hours).toBe(true);
    expect(classify('are you open the day after boxing day?').hours).toBe(true);
    expect(classify('do you open on sundays').hours).toBe(true);
  });
});
