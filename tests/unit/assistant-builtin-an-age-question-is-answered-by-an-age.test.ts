import { describe, expect, it } from 'vitest';
import { answerTypeHolds, answerTypeOf } from '#api/services/assistant/builtin/knowledge-answer-type';
import { business, passage, run, service } from '#tests/support/builtin-assistant';

/**
 * "How old do you have to be?" asks for an age: the passage that gives one ("at least 16",
 * "aged 8 and over") answers it though it never says "old", and a passage without one does
 * not. Made-up businesses, unlike the evaluation's.
 */
const karting = business('Ridgeway Karting', [
  service('Arrive and drive session', '£35', 'Thirty minutes on the outdoor track in adult karts.'),
]);

describe('an age question', () => {
  it('is read as asking for an age', () => {
    for (const asked of [
      'How old do you have to be to drive?',
      'How old do kids need to be?',
      "What's the minimum age?",
      'Is there an age limit for the karts?',
    ])
      expect(answerTypeOf(asked)).toBe('age');
    expect(answerTypeOf('How old is the track?')).not.toBe('age');
  });

  it('an age answers it, a length of time or a price does not', () => {
    for (const said of [
      'Drivers must be at least 16.',
      'Juniors aged 8 to 15 drive on Saturdays.',
      'Over-18s only.',
      'Children of 12 and over are welcome.',
    ])
      expect(answerTypeHolds('age', said)).toBe(true);
    for (const said of ['A session lasts 30 minutes.', 'Sessions cost £35.'])
      expect(answerTypeHolds('age', said)).toBe(false);
  });

  it('"How old do you have to be to drive?" is answered from the passage that gives the age', async () => {
    const hits = [
      passage(
        'Before you drive',
        'Drivers must be at least 16 and 1.5 metres tall for the adult karts. Wear closed shoes; we lend helmets and suits.',
      ),
      passage('Parking', 'There is free parking beside the track.'),
    ];
    const { text, kit } = await run(karting, 'How old do you have to be to drive?', { hits });
    expect(text).toContain('16');
    expect(kit.questions).toHaveLength(0);
  });

  it('"How old do you have to be to start lessons?" where lessons are the everyday word finds the age', async () => {
    const flying = business('Kestrel Flying School', [
      service('Trial flying lesson', '£160', 'A 30-minute lesson in a two-seat trainer with an instructor.'),
      service('Hour-long flying lesson', '£290', 'A full lesson towards your private pilot licence.'),
    ]);
    const hits = [
      passage(
        'Before your first lesson',
        'You must be at least 14 to fly with an instructor and 16 to fly solo. Bring photo ID to your first lesson.',
      ),
      passage('Lessons in winter', 'Lessons start later in winter, when the runway is often wet.'),
    ];
    const { text, kit } = await run(flying, 'How old do you have to be to start lessons?', { hits });
    expect(text).toContain('at least 14');
    expect(kit.questions).toHaveLength(0);
  });

  it('a passage on the subject without an age is passed on', async () => {
    const hits = [passage('Before you drive', 'Wear closed shoes; we lend helmets and suits to every driver.')];
    const { kit } = await run(karting, 'How old do you have to be to drive?', { hits });
    expect(kit.questions).toHaveLength(1);
  });
});
