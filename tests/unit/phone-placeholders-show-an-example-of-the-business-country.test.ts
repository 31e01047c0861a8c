import { describe, expect, it } from 'vitest';
import { phoneExample } from '#app/lib/phone-labels.server';

describe('the example number phone fields show', () => {
  it('is a mobile number of the business country, written the national way', () => {
    expect(phoneExample('GB')).toBe('07400 123456');
    expect(phoneExample('us')).toBe('(201) 555-0123');
    expect(phoneExample('FR')).toBe('06 12 34 56 78');
  });

  it('is absent without a country or for one the numbering plans do not know, so the international example shows', () => {
    expect(phoneExample(null)).toBeNull();
    expect(phoneExample(undefined)).toBeNull();
    expect(phoneExample('XX')).toBeNull();
  });

  it('is the same when asked again (the layout asks on every page), known or not', () => {
    for (let i = 0; i < 2; i++) {
      expect(phoneExample('gb')).toBe('07400 123456');
      expect(phoneExample('GB')).toBe('07400 123456');
      expect(phoneExample('XX')).toBeNull();
    }
  });
});
