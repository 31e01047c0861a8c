import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryName,
  countryOptions,
  defaultTimezone,
  findCountry,
  isValidTimezone,
} from '#contract/countries';

describe('the country list', () => {
  it('holds every ISO 3166-1 country, not the 62 it once had', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    for (const code of ['NP', 'BD', 'PK', 'GH', 'JM', 'FJ', 'LI', 'IS', 'GB', 'US'])
      expect(findCountry(code), code).toBeDefined();
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
  });

  it('gives each a timezone Intl knows, its own rather than a neighbour it shares the clock with', () => {
    for (const country of COUNTRIES) expect(isValidTimezone(country.timezone), country.code).toBe(true);
    expect(defaultTimezone('DK')).toBe('Europe/Copenhagen');
    expect(defaultTimezone('DE')).toBe('Europe/Berlin');
    expect(defaultTimezone('GB')).toBe('Europe/London');
    expect(defaultTimezone('NP')).toBe('Asia/Kathmandu');
    expect(defaultTimezone('US')).toBe('America/New_York');
    expect(defaultTimezone('RU')).toBe('Europe/Moscow');
    expect(defaultTimezone('ZZ')).toBe('UTC');
  });

  it('gives the dialling code from the numbering plan', () => {
    expect(findCountry('GB')?.dial).toBe('+44');
    expect(findCountry('np')?.dial).toBe('+977');
    expect(findCountry('CA')?.dial).toBe('+1');
  });

  it("names and sorts countries in the reader's language", () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'not a locale!')).toBe('Germany');
    const german = countryOptions('de').map((country) => country.label);
    expect(german).toContain('Vereinigtes Königreich');
    expect([...german].sort((a, b) => a.localeCompare(b, 'de'))).toEqual(german);
  });

  it('answers each locale its own list, the same every time, and no caller can change it', () => {
    const english = countryOptions('en');
    expect(countryOptions('en')).toEqual(english);
    expect(countryOptions('de')).not.toEqual(english);
    expect(english.find((country) => country.code === 'DE')?.label).toBe('Germany');
    expect(() => (english as Array<unknown>).push({})).toThrow();
    expect(() => Object.assign(english[0], { label: 'Changed' })).toThrow();
    expect(countryOptions('en')[0].label).not.toBe('Changed');
  });
});
