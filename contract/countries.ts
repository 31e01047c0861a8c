import { getAllCountries, getTimezone } from 'countries-and-timezones';
import { getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';

/**
 * Every ISO 3166-1 country a business can be in, with the IANA timezone a new business
 * there starts with (editable later) and its dialling prefix (a hint beside phone inputs).
 *
 * The data is maintained by libraries, not by us: countries-and-timezones lists the
 * countries and the zones used in each, libphonenumber-js (already reading every phone
 * number) gives the calling codes, and Intl.DisplayNames names a country in the reader's
 * language. Nothing is downloaded at run time.
 */
export type Country = { code: string; name: string; timezone: string; dial: string };

/**
 * Where a country spans several zones, the one most of its businesses live in (usually the
 * capital's). Single-zone countries need no entry: their own zone is found below.
 */
const MAIN_TIMEZONE: Record<string, string> = {
  AQ: 'UTC',
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MH: 'Pacific/Majuro',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PS: 'Asia/Hebron',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  TF: 'Indian/Kerguelen',
  UA: 'Europe/Kyiv',
  UM: 'Pacific/Midway',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
};

/**
 * A country's own zone. The library folds zones that keep the same time into one (Denmark
 * reads "Europe/Berlin"), so first a zone the country leads (Germany leads Europe/Berlin),
 * then one used by that country alone, older names included ("Europe/Copenhagen"); a
 * region-style name always beats a legacy one ("CET", "Iceland").
 */
function ownTimezone(code: string, zones: string[]): string {
  const usable = zones.filter((zone) => zone.includes('/') && isValidTimezone(zone));
  const info = (zone: string) => getTimezone(zone);
  const leads = usable.find((zone) => !info(zone)?.aliasOf && info(zone)?.countries[0] === code);
  const own = usable.filter((zone) => info(zone)?.countries.length === 1);
  return leads ?? own.find((zone) => !info(zone)?.aliasOf) ?? own[0] ?? usable[0] ?? 'UTC';
}

function dialFor(code: string): string {
  return isSupportedCountry(code) ? `+${getCountryCallingCode(code as CountryCode)}` : '';
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });

export const COUNTRIES: readonly Country[] = Object.values(getAllCountries({ deprecated: true }))
  .map((country) => ({
    code: country.id,
    name: englishNames.of(country.id) ?? country.name,
    timezone: MAIN_TIMEZONE[country.id] ?? ownTimezone(country.id, country.timezones),
    dial: dialFor(country.id),
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

export function findCountry(code: string | undefined | null): Country | undefined {
  return code ? byCode.get(code.toUpperCase()) : undefined;
}

export function defaultTimezone(countryCode: string): string {
  return findCountry(countryCode)?.timezone ?? 'UTC';
}

const namers = new Map<string, Intl.DisplayNames>();

/** The country's name in `locale` ("Deutschland" for DE in German); English when the locale is unknown. */
export function countryName(code: string, locale = 'en'): string {
  let namer = namers.get(locale);
  if (!namer) {
    try {
      namer = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    } catch {
      namer = englishNames;
    }
    namers.set(locale, namer);
  }
  return namer.of(code.toUpperCase()) ?? findCountry(code)?.name ?? code;
}

const optionsByLocale = new Map<string, ReadonlyArray<Readonly<Country & { label: string }>>>();

/**
 * Every country for a picker: named and sorted in the reader's language. Naming 248 countries
 * takes milliseconds and the root loader asks on every document request, so each locale's
 * list is worked out once (it depends on the locale alone; at most 50 locales are kept).
 */
export function countryOptions(locale = 'en'): ReadonlyArray<Readonly<Country & { label: string }>> {
  let options = optionsByLocale.get(locale);
  if (!options) {
    options = Object.freeze(
      COUNTRIES.map((country) => Object.freeze({ ...country, label: countryName(country.code, locale) })).sort((a, b) =>
        a.label.localeCompare(b.label, locale),
      ),
    );
    if (optionsByLocale.size >= 50) optionsByLocale.clear();
    optionsByLocale.set(locale, options);
  }
  return options;
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
