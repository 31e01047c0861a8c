import { describe, expect, it } from 'vitest';
import { business, faq, passage, run, service, tools } from '#tests/support/builtin-assistant';

/**
 * Class of misses (issue 19: callers who do not use the owner's words): a caller "signs up" or
 * "joins" where the owner writes "register", "registration" or "enrol" — at a clinic, a club, a
 * school or a surgery alike. Being registered as qualified ("are your dentists registered?") is
 * another thing, and stays one.
 */
const DENTIST = business('Larkfield Dental', [
  service('Check-up', '£45', 'An examination with a dentist, including X-rays when needed.'),
]);
const REGISTERING = faq(
  'How do I register as a new patient?',
  'Registration is free: fill in the form at reception or on our website and bring a list of any medicines you take.',
);

describe('signing up and joining are registering', () => {
  it('answers how to sign someone up with how to register', async () => {
    const kit = tools([REGISTERING]);
    const { text } = await run(DENTIST, 'we have just moved here, how do I sign my son up with you?', { kit });
    expect(text).toMatch(/form at reception/);
    expect(kit.questions).toHaveLength(0);
  });

  it('answers what joining costs with what registration costs', async () => {
    const kit = tools([REGISTERING]);
    const { text } = await run(DENTIST, 'Is there a fee to join the practice?', { kit });
    expect(text).toMatch(/free/i);
    expect(kit.questions).toHaveLength(0);
  });

  it('answers an enrolment rule to a caller who wants to sign up', async () => {
    const kit = tools([
      passage('Courses', 'Enrolment for the spring term opens on 5 January; places are limited to eight.'),
    ]);
    const { text } = await run(DENTIST, 'when can I sign up for the spring term?', { kit });
    expect(text).toMatch(/5 January/);
  });

  it('never takes what the caller would not sign up to for what they ask', async () => {
    const kit = tools([
      passage(
        'Squad',
        'Every new swimmer has an assessment before joining the squad sessions. An assessment costs £12.',
      ),
    ]);
    for (const question of [
      "How much for just one session? I don't want to sign up to anything",
      'How much for just one session? I dont want to sign up for a course',
    ]) {
      const { text } = await run(DENTIST, question, { kit });
      expect(text).not.toMatch(/£12/);
    }
  });

  it('never takes being registered as qualified for registering as a patient', async () => {
    const kit = tools([REGISTERING]);
    const { text } = await run(DENTIST, 'are your dentists properly registered?', { kit });
    expect(text).not.toMatch(/form at reception/);
  });
});
