import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, toE164, withPhoneCountry } from '#contract/phone';
import { customerSchema } from '#contract/schemas/customer';
import { messages } from '#contract/messages';

describe('toE164 reads a number as people type it, in the business country', () => {
  it('reads national numbers with spaces, brackets, dots and dashes in six countries', () => {
    expect(toE164('07700 900123', 'GB')).toBe('+447700900123');
    expect(toE164('020 7123 4567', 'GB')).toBe('+442071234567');
    expect(toE164('(415) 555-0100', 'US')).toBe('+14155550100');
    expect(toE164('415.555.0100', 'US')).toBe('+14155550100');
    expect(toE164('030 123456', 'DE')).toBe('+4930123456');
    expect(toE164('0151 23456789', 'DE')).toBe('+4915123456789');
    expect(toE164('01 23 45 67 89', 'FR')).toBe('+33123456789');
    expect(toE164('06-12-34-56-78', 'FR')).toBe('+33612345678');
    expect(toE164('0412 345 678', 'AU')).toBe('+61412345678');
    expect(toE164('(02) 9876 5432', 'AU')).toBe('+61298765432');
    expect(toE164('098765 43210', 'IN')).toBe('+919876543210');
    expect(toE164('98765 43210', 'IN')).toBe('+919876543210');
    expect(toE164('06 1234 5678', 'IT')).toBe('+390612345678');
  });

  it('reads international numbers whatever the country, with "+" or the international prefix', () => {
    expect(toE164('+44 7700 900123', 'US')).toBe('+447700900123');
    expect(toE164('+44 7700 900123')).toBe('+447700900123');
    expect(toE164('0044 7700 900123', 'GB')).toBe('+447700900123');
    expect(toE164('00 44 7700 900123', 'DE')).toBe('+447700900123');
    expect(toE164('011 44 7700 900123', 'US')).toBe('+447700900123');
    expect(toE164('0044 7700 900123')).toBe('+447700900123');
    expect(toE164('+447700900123', 'GB')).toBe('+447700900123');
  });

  it('reads the same national digits differently in a US and a GB business', () => {
    expect(toE164('07700 900123', 'GB')).toBe('+447700900123');
    expect(toE164('07700 900123', 'US')).toBeNull();
    expect(toE164('(415) 555-0100', 'GB')).not.toBe('+14155550100');
  });

  it('refuses what is not a possible number, letters, extensions and national numbers without a country', () => {
    for (const junk of [
      '12345',
      '0207946',
      'abc',
      '+44 12',
      '',
      '   ',
      '+',
      '07700 900123 ext 2',
      'call 07700 900123',
      '+447700900123x',
      '0770-CALL-NOW',
    ]) {
      expect(toE164(junk, 'GB'), junk).toBeNull();
    }
    expect(toE164('07700 900123')).toBeNull();
    expect(toE164('07700 900123', 'XX')).toBeNull();
    expect(toE164(null, 'GB')).toBeNull();
  });
});

describe('phone fields read in the country of the current scope', () => {
  const parse = (phones: string[]) => customerSchema.safeParse({ first_name: 'Ada', status: 'lead', phones });

  it('store E.164 for national input in the scope country, and answer the E.164 message for junk', () => {
    const gb = withPhoneCountry('GB', () => parse(['07700 900123', '+1 (415) 555-0100']));
    expect(gb.success && gb.data.phones).toEqual(['+447700900123', '+14155550100']);
    const junk = withPhoneCountry('GB', () => parse(['12345']));
    expect(junk.success).toBe(false);
    expect(junk.error?.issues.map((issue) => issue.message)).toEqual([messages.phone.invalid]);
  });

  it('require international format where no country is known', () => {
    const none = parse(['07700 900123']);
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe(messages.phone.invalid);
    const plus = parse(['+44 7700 900123']);
    expect(plus.success && plus.data.phones).toEqual(['+447700900123']);
  });
});

describe('formatPhoneNumber shows a number as a phone app in the business country does', () => {
  it('shows numbers of the business numbering plan nationally and others internationally', () => {
    expect(formatPhoneNumber('+447700900123', 'GB')).toBe('07700 900123');
    expect(formatPhoneNumber('+14155550100', 'GB')).toBe('+1 415 555 0100');
    expect(formatPhoneNumber('+14155550100', 'US')).toBe('(415) 555-0100');
    expect(formatPhoneNumber('+447700900123', 'US')).toBe('+44 7700 900123');
    expect(formatPhoneNumber('+4930123456', 'DE')).toBe('030 123456');
    expect(formatPhoneNumber('+33612345678', 'FR')).toBe('06 12 34 56 78');
    expect(formatPhoneNumber('+61412345678', 'AU')).toBe('0412 345 678');
    expect(formatPhoneNumber('+919876543210', 'IN')).toBe('098765 43210');
  });

  it('takes the country from the scope, and is international without one', () => {
    expect(withPhoneCountry('GB', () => formatPhoneNumber('+447700900123'))).toBe('07700 900123');
    expect(formatPhoneNumber('+447700900123')).toBe('+44 7700 900123');
    expect(formatPhoneNumber('+447700900123', null)).toBe('+44 7700 900123');
    expect(withPhoneCountry('GB', () => formatPhoneNumber('anonymous'))).toBe('anonymous');
  });
});
