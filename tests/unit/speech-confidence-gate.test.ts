import { describe, expect, it } from 'vitest';
import { CONFIDENCE_THRESHOLD, heardClearly } from '#api/services/speech/confidence';

describe('the confidence gate of a voice turn', () => {
  it('answers a transcript at or above the threshold and trusts an engine that reports no confidence', () => {
    expect(heardClearly(CONFIDENCE_THRESHOLD)).toBe(true);
    expect(heardClearly(CONFIDENCE_THRESHOLD / 2)).toBe(false);
    expect(heardClearly(null)).toBe(true);
    expect(heardClearly(undefined)).toBe(true);
  });

  it('gates at another threshold when calibrating (eval:voice --threshold)', () => {
    expect(heardClearly(0.05, 0.03)).toBe(true);
    expect(heardClearly(0.05, 0.2)).toBe(false);
    expect(heardClearly(0.3, 0.2)).toBe(true);
  });
});
