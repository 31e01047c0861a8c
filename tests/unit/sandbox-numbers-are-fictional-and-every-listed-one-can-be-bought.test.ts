import { describe, expect, it } from 'vitest';
import { isSandboxNumber, SANDBOX_COUNTRIES, sandboxNumbers } from '#api/services/telephony/sandbox';

describe('sandbox numbers', () => {
  it('lists only numbers from the reserved fictional ranges, and each listed one is accepted for purchase', () => {
    const searches: [string, string | undefined][] = [
      ['US', undefined],
      ['US', '212'],
      ['CA', undefined],
      ['GB', undefined],
      ['GB', '131'],
      ['GB', '0161'],
      ['AU', undefined],
      ['IE', undefined],
    ];
    for (const [country, area] of searches) {
      const numbers = sandboxNumbers(country, area);
      expect(numbers.length, `${country} ${area}`).toBeGreaterThan(0);
      for (const number of numbers) expect(isSandboxNumber(number.phone_number), number.phone_number).toBe(true);
    }
    expect(sandboxNumbers('US', '212')[0].phone_number).toMatch(/^\+121255501\d\d$/);
    expect(sandboxNumbers('GB', '131')[0].phone_number).toMatch(/^\+441314960\d{3}$/);
  });

  it('refuses real-looking numbers and unknown areas', () => {
    expect(isSandboxNumber('+14155552671')).toBe(false);
    expect(isSandboxNumber('+4477009001234')).toBe(false);
    expect(sandboxNumbers('GB', '999')).toEqual([]);
    expect(sandboxNumbers('DE')).toEqual([]);
    expect(SANDBOX_COUNTRIES).toContain('GB');
  });
});
