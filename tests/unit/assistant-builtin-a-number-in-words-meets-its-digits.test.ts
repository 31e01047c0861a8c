import { describe, expect, it } from 'vitest';
import { termKey } from '#api/services/assistant/builtin/text';
import { ask, business, service } from '#tests/support/builtin-assistant';

/**
 * Callers say numbers in words ("a three day course", "four hours"), owners write digits
 * ("a 3-day course is £540"): the two meet, so the service whose description states that
 * length is found rather than one that merely shares another word. Made-up business: a
 * first-aid trainer.
 */
const TRAINER = business('Lifeline First Aid', [
  service(
    'Workplace first aid course',
    '£95 per day',
    'Approved training for staff, run at your premises. A 3-day certificate course is £240.',
  ),
  service('Paediatric first aid course', '£110 per day', 'For nursery staff, childminders and parents.'),
  service('Bundle of 5 days', '£400', 'Five training days booked in advance, used within a year.'),
]);

describe('a number in words is its digits', () => {
  it('keys', () => {
    expect(termKey('three')).toBe(termKey('3'));
    expect(termKey('Twelve')).toBe('12');
  });

  it.each(['How much is a three day course?', 'what does the three-day certificate course cost'])(
    '%s',
    async (message) => {
      const text = await ask(TRAINER, message);
      expect(text).toMatch(/£240/);
      expect(text).not.toMatch(/£400|£110/);
    },
  );
});
