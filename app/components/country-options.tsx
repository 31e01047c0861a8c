import { useMatches } from '@remix-run/react';
import { countryOptions } from '#contract/countries';
import { useLocale } from '../lib/locale';

/**
 * The options of a country picker: every ISO 3166-1 country, named and sorted in the reader's
 * language. The names come from the loader of the page that shows the picker (`countries`, from
 * country-options.server.ts): the browser's ICU may name or order them differently, and
 * hydration must see the options the server rendered.
 */
export function CountryOptions() {
  const locale = useLocale();
  const fromServer = useMatches()
    .map((match) => (match.data as { countries?: Array<readonly [string, string]> } | undefined)?.countries)
    .filter(Boolean)
    .pop();
  const options = fromServer ?? countryOptions(locale).map((country) => [country.code, country.label] as const);
  return (
    <>
      {options.map(([code, label]) => (
        <option key={code} value={code}>
          {label}
        </option>
      ))}
    </>
  );
}
