import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as people read it (issue 22, item 28): "+44 7700 900111", "+44 117 496 0010",
 * "+1 415 555 0100". Numbers are stored in E.164; grouping them is the numbering plan's
 * business (area codes differ in length by country and by area), so libphonenumber-js's
 * metadata does it, never a regex of ours. International format everywhere, because a
 * business's contacts, callers and numbers come from any country. Anything that is not a
 * possible number (a withheld caller, a typo kept on a contact) is shown as it was written.
 */
export function formatPhoneNumber(value: string): string;
export function formatPhoneNumber(value: string | null | undefined): string | null;
export function formatPhoneNumber(value: string | null | undefined): string | null {
  if (value == null) return null;
  // Only a value that is a number and nothing else: the parser would also find one inside
  // "Call John on +447700900111", and a name must never be replaced by its number.
  if (!PHONE_ONLY.test(value)) return value;
  const parsed = parsePhoneNumberFromString(value.trim());
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}

const PHONE_ONLY = /^\s*\+[\d\s().-]+$/;
