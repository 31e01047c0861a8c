import { describe, expect, it } from 'vitest';
import { addressLabel, countryCode, parseAddress } from '#api/features/address-lookup/lookup';

describe('parseAddress', () => {
  it.each([
    [
      '10 Downing St, London SW1A 2AA, UK',
      { line_1: '10 Downing St', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
    ],
    ['10 Downing St, London, sw1a2aa', { line_1: '10 Downing St', city: 'London', postcode: 'SW1A2AA', country: 'GB' }],
    [
      'Flat 2, 10 Downing St, London, SW1A 2AA, United Kingdom',
      { line_1: 'Flat 2, 10 Downing St', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
    ],
    [
      '1600 Amphitheatre Parkway, Mountain View, CA 94043, USA',
      { line_1: '1600 Amphitheatre Parkway', city: 'Mountain View', state: 'CA', postcode: '94043', country: 'US' },
    ],
    ['1 Main St, Springfield, IL, 62704', { line_1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62704' }],
    [
      'Hauptstraße 5, 10115 Berlin, Deutschland',
      { line_1: 'Hauptstraße 5', city: 'Berlin', postcode: '10115', country: 'DE' },
    ],
    [
      'Damrak 1, 1012 LG Amsterdam, Netherlands',
      { line_1: 'Damrak 1', city: 'Amsterdam', postcode: '1012 LG', country: 'NL' },
    ],
    [
      '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      { line_1: '100 Queen St W', city: 'Toronto', state: 'ON', postcode: 'M5H 2N2', country: 'CA' },
    ],
    ['12 Rose Lane', { line_1: '12 Rose Lane' }],
    ['12 Rose Lane, Bath', { line_1: '12 Rose Lane', city: 'Bath' }],
    ['   ', {}],
  ])('reads %j', (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });
});

describe('countryCode', () => {
  it('knows names, codes and common aliases, and nothing else', () => {
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('united kingdom')).toBe('GB');
    expect(countryCode('gb')).toBe('GB');
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('France')).toBe('FR');
    expect(countryCode('London')).toBeUndefined();
    expect(countryCode('XX')).toBeUndefined();
  });
});

describe('addressLabel', () => {
  it('joins the parts as on an envelope, with the country name', () => {
    expect(
      addressLabel({ line_1: '1 Main St', city: 'Springfield', state: 'IL', postcode: '62704', country: 'US' }),
    ).toBe('1 Main St, Springfield, IL 62704, United States');
    expect(addressLabel({ city: 'Paris', country: 'Narnia' })).toBe('Paris, Narnia');
  });
});
