import { describe, expect, it } from 'vitest';
import { questionParts } from '#api/services/assistant/builtin/question-parts';
import { normaliseCallerText } from '#api/services/language/caller-text';
import { business, faq, run } from '#tests/support/builtin-assistant';

/**
 * "First session on Saturday! What time should I get there and what do I need to bring?": the
 * statement before the questions says what they are about; the questions after it are still
 * asked one at a time, the statement kept with the first. "Get there / get in" said with a
 * time is arriving, as a business writes it. Made-up business, unlike the evaluation's.
 */
describe('a statement before two questions', () => {
  it.each([
    [
      'First session on Saturday! What time should I get there and what do I need to bring?',
      ['First session on Saturday! What time should I get there', 'what do I need to bring?'],
    ],
    [
      'My van is booked in for Monday. How long will it take and can I wait there?',
      ['My van is booked in for Monday. How long will it take', 'can I wait there?'],
    ],
  ])('%s is two questions, the statement with the first', (message, parts) => {
    expect(questionParts(message).map((part) => part.replace(/ \(.*\)\?$/, '?'))).toEqual(parts);
  });

  it('a statement and one question stay one question', () => {
    const message = 'My boiler is making a banging noise. Can you come out today?';
    expect(questionParts(message)).toEqual([message]);
  });
});

const CLIMBING = business('Gritstone Climbing Wall', []);
const CLIMBING_HITS = [
  faq(
    "I've never climbed before. Where do I start?",
    'Our Taster Session on Wednesdays at 6pm is made for first-timers. Tell the instructor it is your first visit.',
  ),
  faq('What should I bring?', 'Just loose clothes and a water bottle. Shoes and harnesses are provided.'),
  faq('When should I arrive?', 'Please arrive 15 minutes early for your first visit to sign a waiver.'),
];

describe('each question after the statement is answered', () => {
  it('"First session on Saturday! What time should I get there and what do I need to bring?"', async () => {
    const { text, kit } = await run(
      CLIMBING,
      'First session on Saturday! What time should I get there and what do I need to bring?',
      { hits: CLIMBING_HITS },
    );
    expect(text).toContain('15 minutes');
    expect(text).toContain('water bottle');
    expect(text).not.toContain('Taster');
    expect(kit.questions).toEqual([]);
  });
});

describe('getting there, asked with a time, is arriving', () => {
  it.each([
    ['What time should I get there?', 'What time should I arrive?'],
    ['When do we need to get here for the tour?', 'When do we need to arrive for the tour?'],
    ["our coach doesn't get in till 10pm, is that ok?", "our coach doesn't arrive till 10pm, is that ok?"],
    ['How do I get there from the station?', 'How do I get there from the station?'],
    ['Can we get in the pool before breakfast?', 'Can we get in the pool before breakfast?'],
  ])('%s', (said, read) => {
    expect(normaliseCallerText(said)).toBe(read);
  });
});
