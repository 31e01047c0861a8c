import { describe, expect, it } from 'vitest';
import { readQuestion } from '#api/services/assistant/builtin/knowledge-question';
import { business, run, service, serviceHit } from '#tests/support/builtin-assistant';

/**
 * "I passed last month but I'm worried about night sailing": when the caller did something
 * ("last year", "two weeks ago", "yesterday") is a detail of their case, never what the
 * question is about, so the passage need not say it. Made-up businesses, unlike the evaluation's.
 */
const sailing = business('Tidewater Sailing School', [
  service('Night sailing course', '£190', 'Two evenings on the water after dark: lights, buoys and finding your way.'),
  service('Competent crew course', '£420', 'Five days aboard for beginners.'),
]);

describe('when the caller did something', () => {
  it('is no subject word', () => {
    for (const asked of [
      'I sailed last summer but I am nervous about night sailing, can you help?',
      'I sailed two weeks ago and loved it, do you do night sailing?',
      'I came in yesterday, do you do night sailing?',
    ]) {
      const keys = readQuestion(asked, {})!.judge.map((term) => term.word);
      for (const word of ['last', 'summer', 'year', 'weeks', 'ago', 'yesterday']) expect(keys).not.toContain(word);
    }
  });

  for (const asked of [
    'I passed last month but I am worried about night sailing, can you help?',
    'We sailed with you two years ago, is there a night course?',
  ])
    it(`"${asked}" is the night sailing course`, async () => {
      const hits = [
        serviceHit(
          'Night sailing course',
          '£190',
          'Two evenings on the water after dark: lights, buoys and finding your way.',
        ),
      ];
      const { text, kit } = await run(sailing, asked, { hits });
      expect(text).toContain('after dark');
      expect(kit.questions).toHaveLength(0);
    });
});
