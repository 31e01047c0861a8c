import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from '#contract/phone';
import { sandboxNumbers } from '#api/services/telephony/sandbox';

describe('formatPhoneNumber (issue 22, item 28)', () => {
  it('groups numbers as their country does, whatever the length of the area code', () => {
    expect(formatPhoneNumber('+447700900111')).toBe('+44 7700 900111');
    expect(formatPhoneNumber('+441174960010')).toBe('+44 117 496 0010');
    expect(formatPhoneNumber('+442071234567')).toBe('+44 20 7123 4567');
    expect(formatPhoneNumber('+14155550100')).toBe('+1 415 555 0100');
    expect(formatPhoneNumber('+33140510000')).toBe('+33 1 40 51 00 00');
    expect(formatPhoneNumber('+61491570006')).toBe('+61 491 570 006');
  });

  it('shows what is not a phone number as it was written, and nothing as nothing', () => {
    expect(formatPhoneNumber('anonymous')).toBe('anonymous');
    expect(formatPhoneNumber('+12')).toBe('+12');
    expect(formatPhoneNumber('John +447700900111')).toBe('John +447700900111');
    expect(formatPhoneNumber('Ada Lovelace')).toBe('Ada Lovelace');
    expect(formatPhoneNumber(null)).toBeNull();
    expect(formatPhoneNumber(undefined)).toBeNull();
  });

  it('names the sandbox numbers offered during setup the same way', () => {
    const [bristol] = sandboxNumbers('GB', '117');
    expect(bristol.friendly_name).toBe(formatPhoneNumber(bristol.phone_number));
    expect(bristol.friendly_name).toMatch(/^\+44 117 496 \d{4}$/);
  });
});
