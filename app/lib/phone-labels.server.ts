import { getExampleNumber, type CountryCode } from 'libphonenumber-js';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { currentPhoneCountry, formatPhoneNumber, PHONE_ONLY } from '#contract/phone';

export type PhoneLabels = Record<string, string>;

/**
 * Labels already worked out, by numbering plan and number. A label is a function of those two
 * alone (it says nothing the caller did not ask about), and every load of a list formats the
 * same numbers again: parsing one (finding which country of a shared calling code it belongs
 * to) cost a contacts page of 500 about as much as its SQL. Emptied when full.
 */
const known = new Map<string, string>();
const KNOWN_MAX = 20_000;

function labelOf(value: string, country: string): string {
  const key = `${country} ${value}`;
  let label = known.get(key);
  if (label === undefined) {
    label = formatPhoneNumber(value);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(key, label);
  }
  return label;
}

/**
 * Every phone number in a loader's data, as people read it (formatPhoneNumber, in the current
 * business's numbering plan), keyed by the stored value. The page shows them through
 * usePhoneFormat (phone-labels.ts), so the browser never loads libphonenumber-js's metadata to
 * display a number. Only strings that are a number and nothing else are looked at, the same
 * test formatPhoneNumber makes, so a page gets a label for exactly what it would format.
 */
export function phoneLabels(data: unknown): PhoneLabels {
  const labels: PhoneLabels = {};
  const seen = new Set<unknown>();
  // Read once: a page of 500 rows asked the request's scope for it once a number.
  const country = currentPhoneCountry() ?? '';
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      // Most strings (ids, names, dates) are told apart by their first character alone:
      // PHONE_ONLY starts with "+" after optional white space (ASCII, or from U+00A0 on).
      const first = value.charCodeAt(0);
      if ((first === 43 || first <= 32 || first >= 160) && !(value in labels) && PHONE_ONLY.test(value)) {
        const label = labelOf(value, country);
        if (label !== value) labels[value] = label;
      }
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) for (const child of value) visit(child);
    else for (const key in value) visit((value as Record<string, unknown>)[key]);
  };
  visit(data);
  return labels;
}

/** A loader's data with the labels of the phone numbers in it (read by usePhoneFormat). */
export function withPhoneLabels<T extends object>(data: T): T & { phoneLabels: PhoneLabels } {
  return { ...data, phoneLabels: phoneLabels(data) };
}

const examples = new Map<string, string | null>();

/**
 * A mobile number of the business's country as its people write it ("07400 123456" in GB), for
 * placeholders: phone fields read numbers in that country, so the example should look like one.
 * null without a country (or for one libphonenumber-js has no example for): fields then show the
 * international example.
 */
export function phoneExample(country: string | null | undefined): string | null {
  if (!country) return null;
  const code = country.toUpperCase();
  let example = examples.get(code);
  if (example === undefined) {
    try {
      example = getExampleNumber(code as CountryCode, mobileExamples)?.formatNational() ?? null;
    } catch {
      example = null;
    }
    // A function of the country alone, asked by the dashboard layout on every page (a parse each time).
    if (examples.size < 1000) examples.set(code, example);
  }
  return example;
}
