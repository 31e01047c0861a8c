import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  isSupportedCountry,
  type CountryCode,
} from 'libphonenumber-js';
import { currentPhoneCountryCode } from './phone-scope';

/**
 * Phone numbers as people type them and read them. Stored and sent to providers in E.164
 * ("+447700900123"); typed the way a phone app accepts them ("07700 900123", "+44 7700 900123",
 * "(415) 555-0100", "0044 7700 900123"); shown the way a phone app shows them. Which digits
 * form a number, and how they are grouped, is the numbering plan's business (area codes differ
 * in length by country and by area), so libphonenumber-js's metadata decides, never a regex of ours.
 */

export { installPhoneCountryScope, setPagePhoneCountry, withPhoneCountry, type PhoneCountryScope } from './phone-scope';

/** The country of the current scope, when it is one the numbering plans know. */
export function currentPhoneCountry(): CountryCode | undefined {
  return asCountry(currentPhoneCountryCode());
}

function asCountry(country: string | null | undefined): CountryCode | undefined {
  const code = typeof country === 'string' ? country.trim().toUpperCase() : undefined;
  return code && isSupportedCountry(code) ? code : undefined;
}

/** Spaces, brackets, dots, dashes and slashes people put between digits; nothing else. */
const SEPARATORS = /[\s().\-/\u00a0]/g;

/**
 * A number as typed, in E.164, or null when it is not a possible phone number. National
 * numbers ("07700 900123") are read in `defaultCountry`; without one only an international
 * number is accepted, written with "+" or the international prefix "00". "Possible" (the
 * right length for its country) rather than "valid" (a range in use): test and drama ranges
 * such as 07700 900xxx are real numbers to the people typing them, and the plans change
 * faster than a deployed app. Letters, extensions and text around the number are refused,
 * not dropped: the parser would find a number inside "call 07700 900123 after 5".
 */
export function toE164(value: string | null | undefined, defaultCountry?: string | null): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.trim().replace(SEPARATORS, '');
  if (!/^\+?\d{3,17}$/.test(compact)) return null;
  const country = asCountry(defaultCountry);
  // Without a country, "00" is the international prefix of most of the world (ITU-T E.164).
  const international = !country && compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  if (!country && !international.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(international, country ? { defaultCountry: country } : undefined);
  if (!parsed?.isPossible()) return null;
  // A leading 0 the parser kept is a national prefix it could not strip: too few digits
  // followed ("0207946"). Numbers whose plan keeps the 0 (Italy's "06 …") are valid ones.
  return parsed.isValid() || !parsed.nationalNumber.startsWith('0') ? parsed.number : null;
}

/**
 * A phone number as people read it: in the business's own numbering plan the national format a
 * phone app shows ("07700 900123", "(415) 555-0100"), any other international
 * ("+1 415 555 0100"), so a foreign caller is told apart at a glance and a local one reads as
 * it is dialled. `country` defaults to the current scope's (the business the page shows);
 * without one every number is international. tel: links keep the E.164 value. Anything that
 * is not a possible number (a withheld caller, a typo kept on a contact) is shown as written.
 */
export function formatPhoneNumber(value: string, country?: string | null): string;
export function formatPhoneNumber(value: string | null | undefined, country?: string | null): string | null;
export function formatPhoneNumber(value: string | null | undefined, country?: string | null): string | null {
  if (value == null) return null;
  // Only a value that is a number and nothing else: the parser would also find one inside
  // "Call John on +447700900111", and a name must never be replaced by its number.
  if (!PHONE_ONLY.test(value)) return value;
  const parsed = parsePhoneNumberFromString(value.trim());
  if (!parsed?.isPossible()) return value;
  const home = country === undefined ? currentPhoneCountry() : asCountry(country);
  // By calling code, not by country: numbers that share a plan (+1 for the US and Canada, +44 for
  // the UK and the Channel Islands) are dialled nationally from each other, as phone apps show them.
  return home && parsed.countryCallingCode === getCountryCallingCode(home)
    ? parsed.formatNational()
    : parsed.formatInternational();
}

export const PHONE_ONLY = /^\s*\+[\d\s().-]+$/;

/**
 * formatPhoneNumber's country for text the API writes and stores (a contact named after its
 * number, SMS notices): international, so it reads the same whichever call or webhook wrote it.
 */
export const INTERNATIONAL = null;
