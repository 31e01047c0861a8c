import { describe, expect, it } from 'vitest';
import { dropsHyphen, vocabularyOf } from '#api/services/extract/hyphenation';

const none = new Set<string>();

describe('a hyphen at a line end', () => {
  it('is dropped when the joined word is an English word (inflected, derived or a function word)', () => {
    expect(dropsHyphen('deli-', 'very', none)).toBe(true);
    expect(dropsHyphen('appoint-', 'ments', none)).toBe(true);
    expect(dropsHyphen('refund-', 'able', none)).toBe(true);
    expect(dropsHyphen('some-', 'thing', none)).toBe(true);
    expect(dropsHyphen('cancel-', 'lation.', none)).toBe(true);
  });

  it('is kept for a real compound, a capitalised or numbered word, and a word nobody knows', () => {
    expect(dropsHyphen('gluten-', 'free', none)).toBe(false);
    expect(dropsHyphen('well-', 'behaved', none)).toBe(false);
    expect(dropsHyphen('Jean-', 'Paul', none)).toBe(false);
    expect(dropsHyphen('BS1-', 'BS9', none)).toBe(false);
    expect(dropsHyphen('zorb-', 'quix', none)).toBe(false);
  });

  it('follows the document when it writes the word elsewhere, whole or hyphenated', () => {
    expect(dropsHyphen('zorb-', 'quix', vocabularyOf('Our zorbquix is the best.'))).toBe(true);
    expect(dropsHyphen('e-', 'mail', vocabularyOf('Send an e-mail to the shop.'))).toBe(false);
  });
});
