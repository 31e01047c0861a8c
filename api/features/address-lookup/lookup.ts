import { COUNTRIES, findCountry } from '#contract/countries';
import type { Address } from '#api/db/schema';

/**
 * Address suggestions for the address input (helpers/address-lookup): a structured parse of
 * what was typed, and a Nominatim-compatible search service when ADDRESS_LOOKUP_URL is set.
 * Countries are ISO 3166-1 alpha-2 codes when recognised (as the business's own country),
 * otherwise kept as typed.
 */
export type FoundAddress = Required<Record<keyof Address, string | null>> & {
  label: string;
  source: 'known' | 'parsed' | 'directory';
};
export type AddressLookup = { search(query: string): Promise<FoundAddress[]> };

const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'u.s.a.': 'US',
  'u.s.': 'US',
  'united states of america': 'US',
  america: 'US',
  deutschland: 'DE',
  españa: 'ES',
  espana: 'ES',
  italia: 'IT',
  nederland: 'NL',
  'the netherlands': 'NL',
  holland: 'NL',
  österreich: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  éire: 'IE',
  // Names the list used before it followed Intl's ("Türkiye", "Hong Kong SAR China").
  turkey: 'TR',
  'hong kong': 'HK',
  'czech republic': 'CZ',
};
const byName = new Map(COUNTRIES.map((country) => [country.name.toLowerCase(), country.code]));

/** 'UK', 'United Kingdom', 'gb' → 'GB'; anything else → undefined. */
export function countryCode(text: string): string | undefined {
  const key = text.trim().toLowerCase();
  if (!key) return undefined;
  return COUNTRY_ALIASES[key] ?? byName.get(key) ?? (key.length === 2 ? findCountry(key)?.code : undefined);
}

const countryName = (code: string | null) => (code ? (findCountry(code)?.name ?? code) : null);

/** "10 Downing St, London, SW1A 2AA, United Kingdom": what a person reads on an envelope. */
export function addressLabel(address: Address): string {
  const place = [address.state, address.postcode].filter(Boolean).join(' ');
  return [address.line_1, address.city, place, countryName(address.country ?? null)].filter(Boolean).join(', ');
}

export function toFound(address: Address, source: FoundAddress['source']): FoundAddress {
  return {
    line_1: address.line_1 ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    postcode: address.postcode ?? null,
    country: address.country ?? null,
    label: addressLabel(address),
    source,
  };
}

/** Postcode shapes, most specific first; the country (when known) picks its own. */
const POSTCODES: { country?: string; pattern: RegExp }[] = [
  { country: 'GB', pattern: /\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\b/i },
  { country: 'CA', pattern: /\b([A-Z]\d[A-Z]\s?\d[A-Z]\d)\b/i },
  { country: 'NL', pattern: /\b(\d{4}\s?[A-Z]{2})\b/ },
  { country: 'US', pattern: /\b(\d{5}(?:-\d{4})?)\b/ },
  { pattern: /\b(\d{4,6})\b/ },
];

function findPostcode(text: string, country: string | undefined) {
  const candidates = country ? POSTCODES.filter((entry) => entry.country === country || !entry.country) : POSTCODES;
  for (const { pattern } of candidates) {
    const match = pattern.exec(text);
    if (match)
      return {
        postcode: match[1].toUpperCase().replace(/\s+/g, ' '),
        rest: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`,
      };
  }
  return undefined;
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,]+$/g, '');
const looksLikeRegionCode = (text: string) => /^[A-Z]{2,3}$/.test(text);

/**
 * A structured reading of a typed address, e.g. "10 Downing St, London SW1A 2AA, UK" →
 * line_1 "10 Downing St", city "London", postcode "SW1A 2AA", country "GB". Comma-separated
 * parts: a trailing country, a postcode anywhere after the first part, the leading parts
 * with house numbers as line_1, then city and state (a bare "CA" or "NSW" is a state).
 */
export function parseAddress(text: string): Address {
  let parts = text
    .split(/[,\n;]+/)
    .map(tidy)
    .filter(Boolean);
  if (parts.length === 0) return {};
  const address: Address = {};

  if (parts.length > 1) {
    const code = countryCode(parts[parts.length - 1]);
    if (code) {
      address.country = code;
      parts = parts.slice(0, -1);
    }
  }

  // The postcode is looked for after the first part, where house numbers would confuse it.
  for (let index = parts.length - 1; index >= (parts.length > 1 ? 1 : 0); index--) {
    const found = findPostcode(parts[index], address.country);
    if (!found) continue;
    address.postcode = found.postcode;
    parts[index] = tidy(found.rest);
    if (!address.country && /^[A-Z]{1,2}\d/.test(found.postcode) && /[A-Z]{2}$/.test(found.postcode))
      address.country = 'GB';
    break;
  }
  parts = parts.filter(Boolean);
  if (parts.length === 0) return address;

  // line_1: the first part, plus any further parts before the last one that carry a number
  // ("Flat 2, 10 Downing St, London" → "Flat 2, 10 Downing St").
  let end = 1;
  while (end < parts.length - 1 && /\d/.test(parts[end])) end++;
  address.line_1 = parts.slice(0, end).join(', ');
  const rest = parts.slice(end);
  if (rest.length === 1) {
    // "Mountain View CA" (no comma): a trailing region code splits off.
    const split = /^(.*\S)\s+([A-Z]{2,3})$/.exec(rest[0]);
    if (looksLikeRegionCode(rest[0])) address.state = rest[0];
    else if (split && address.postcode) {
      address.city = split[1];
      address.state = split[2];
    } else address.city = rest[0];
  } else if (rest.length >= 2) {
    address.city = rest.slice(0, -1).join(', ');
    address.state = rest[rest.length - 1];
  }
  return address;
}

type NominatimAddress = {
  house_number?: string;
  road?: string;
  pedestrian?: string;
  suburb?: string;
  city?: string;
  town?: string;
  village?: string;
  hamlet?: string;
  municipality?: string;
  state?: string;
  county?: string;
  postcode?: string;
  country?: string;
  country_code?: string;
};
type NominatimPlace = { display_name?: string; name?: string; address?: NominatimAddress };

function fromNominatim(place: NominatimPlace): Address {
  const a = place.address ?? {};
  const street = a.road ?? a.pedestrian;
  const line1 = street
    ? [a.house_number, street].filter(Boolean).join(' ')
    : place.name || place.display_name?.split(',')[0]?.trim();
  const address: Address = {
    line_1: line1 || undefined,
    city: a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? a.suburb,
    state: a.state ?? a.county,
    postcode: a.postcode,
    country: a.country_code ? a.country_code.toUpperCase() : a.country,
  };
  return Object.fromEntries(Object.entries(address).filter(([, value]) => value)) as Address;
}

/**
 * A Nominatim-compatible search (`/search?format=jsonv2&addressdetails=1`). Never required:
 * without a URL, or when the service fails or takes over 5 s, it finds nothing.
 */
export function createAddressLookup(baseUrl: string | undefined, fetchImpl: typeof fetch = fetch): AddressLookup {
  return {
    async search(query) {
      if (!baseUrl) return [];
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.search = new URLSearchParams({ q: query, format: 'jsonv2', addressdetails: '1', limit: '5' }).toString();
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return [];
        const places = (await response.json()) as NominatimPlace[];
        if (!Array.isArray(places)) return [];
        return places
          .map(fromNominatim)
          .filter((address) => Object.keys(address).length > 0)
          .map((address) => toFound(address, 'directory'));
      } catch {
        return [];
      }
    },
  };
}
