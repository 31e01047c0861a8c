import { useRouteLoaderData } from '@remix-run/react';
import { countryOptions } from '#contract/countries';
import { useLocale } from '../lib/locale';

/**
 * The options of a country picker: every ISO 3166-1 country, named and sorted in the reader's
 * language. The names come from the root loader (the server's ICU): the browser's may name or
 * order them differently, and hydration must see the options the server rendered.
 */
export function CountryOptions() {
  const locale = useLocale();
  const fromServer = useRouteLoaderData<{ countries?: Array<readonly [string, string]> }>('root')?.countries;
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
