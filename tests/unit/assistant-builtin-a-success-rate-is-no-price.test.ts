import { describe, expect, it } from 'vitest';
import { classify } from '#api/services/assistant/builtin/intents';
import { ask, business, passage, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "Rate" is a price ("what's your hourly rate?") except after the thing it is a share of:
 * a success rate, a pass rate, a response rate is a percentage, which no price answers and no
 * service whose name shares the first word ("Success Coaching Package") holds. Made-up
 * business: a tutoring agency.
 */
const AGENCY = business('Brightside Tutors', [
  service('Exam Success Package', '£420', 'Ten weekly sessions before the exams, with two mock papers marked.'),
  service('One-off lesson', '£45 per hour', 'A single hour with a subject tutor, online or at home.'),
]);
const RESULTS = passage(
  'Our results',
  'Last summer our exam success rate was 88%, and 9 in 10 parents would recommend us to a friend.',
);
const PACKAGE = serviceHit(
  'Exam Success Package',
  '£420',
  'Ten weekly sessions before the exams, with two mock papers marked.',
);

describe('a success rate is not a price', () => {
  it.each(["What's your success rate like?", 'what is the exam success rate', 'How good are your success rates?'])(
    '%s',
    async (message) => {
      const text = await ask(AGENCY, message, { hits: [PACKAGE, RESULTS] });
      expect(text).toMatch(/88%/);
      expect(text).not.toMatch(/£420/);
    },
  );

  it('an hourly rate still asks a price', async () => {
    expect(classify("what's your hourly rate?").price).toBe(true);
    expect(classify('what is your success rate?').price).toBe(false);
    expect(await ask(AGENCY, "What's your hourly rate for a one-off lesson?")).toMatch(/£45/);
  });
});
