import { describe, expect, it } from 'vitest';
import { lemma, lemmas } from '#api/services/language/lemma';
import { sentenceSimilarity } from '#api/services/language/similarity';
import { sentenceVector, wordVector } from '#api/services/language/vectors';
import { readWordTable } from '#api/services/language/word-table';

describe('the language layer', () => {
  it('gives the base form of plurals, irregular verbs and comparatives', () => {
    expect(lemma('buns')).toBe('bun');
    expect(lemma('brought')).toBe('bring');
    expect(lemma('children')).toBe('child');
    expect(lemma('happier')).toBe('happy');
    expect(lemmas('left')).toEqual(expect.arrayContaining(['left', 'leave']));
  });

  it('knows everyday words, and nothing for a made-up one', () => {
    expect(wordVector('voucher')).toHaveLength(100);
    expect(wordVector('Vouchers')).toHaveLength(100);
    expect(wordVector('zqxvbrt')).toBeNull();
    expect(sentenceVector('hi there, thanks')).toBeNull();
  });

  it('rates a paraphrase above an unrelated sentence', () => {
    const cases: [string, string, string][] = [
      ['Do you take bookings for groups?', 'Can I reserve a table for eight people?', 'Where do you park the van?'],
      ['Do you sell gift vouchers?', 'Can I buy a gift card for my sister?', 'What time do you close on Friday?'],
      [
        "I can't eat dairy, is there anything for me?",
        'Our oat milk and vegan cheese are dairy-free.',
        'We deliver across the city centre.',
      ],
      [
        'Is there somewhere to leave my car?',
        'Free parking is available behind the studio.',
        'We sell shampoo and conditioner.',
      ],
      ['My radiator is stone cold', 'We fix heating that will not warm up.', 'Gift wrapping costs two pounds.'],
    ];
    for (const [question, paraphrase, unrelated] of cases) {
      expect(sentenceSimilarity(question, paraphrase), `${question} / ${paraphrase}`).toBeGreaterThan(
        sentenceSimilarity(question, unrelated) + 0.15,
      );
    }
  });

  it('is symmetric, 1 for the same text and 0 when a text has no known word', () => {
    const a = 'How late are you open on Saturday?';
    const b = 'Our weekend opening hours';
    expect(sentenceSimilarity(a, b)).toBeCloseTo(sentenceSimilarity(b, a), 6);
    expect(sentenceSimilarity(a, a)).toBeCloseTo(1, 2);
    expect(sentenceSimilarity(a, 'hello')).toBe(0);
  });

  it("loads the compact table quickly and small (not the package's 307 MB JSON)", () => {
    readWordTable();
    const started = performance.now();
    const table = readWordTable();
    // ~30 ms on an idle 2-core machine; the bound leaves room for a busy CI run.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(table.size).toBeGreaterThanOrEqual(100_000);
    expect(table.components.byteLength).toBeLessThan(20 * 1024 * 1024);
  });
});
