import { describe, expect, it } from 'vitest';
import { readQuestion } from '#api/services/assistant/builtin/knowledge-question';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "One person travelling on their own", "guests staying with a dog": a participle right after a
 * person, with the rest of its clause, says who the person is, never what is asked; a thing and
 * a gerund ("dog grooming") stays a compound. Made-up business, unlike the evaluation's.
 */
const inn = business('The Drovers Inn', [
  service(
    'Double room',
    '£90 per night',
    'A double room with breakfast for two. £70 a night for one person on their own.',
  ),
]);

describe('what the people are doing', () => {
  it('is no subject word after a person, but a gerund after a thing is', () => {
    const read = (asked: string) => readQuestion(asked, {})!.judge.map((term) => term.word);
    expect(read('How much is it for one person travelling on their own?')).not.toContain('travelling');
    expect(read('Do you have rooms for guests arriving by bike?')).not.toContain('arriving');
    expect(read('How much is dog grooming for a spaniel?')).toContain('grooming');
  });

  it('"How much is it for one person travelling on their own?" is answered by the price for one person', async () => {
    const hits = [
      serviceHit(
        'Double room',
        '£90 per night',
        'A double room with breakfast for two. £70 a night for one person on their own.',
      ),
    ];
    const { text, kit } = await run(inn, 'How much do you charge for one person travelling on their own?', { hits });
    expect(text).toContain('£70');
    expect(kit.questions).toHaveLength(0);
  });
});
