import { countryOptions } from '#contract/countries';
import { useLocale } from '../lib/locale';

/** The options of a country picker: every ISO 3166-1 country, named and sorted in the reader's language. */
export function CountryOptions() {
  const locale = useLocale();
  return (
    <>
      {countryOptions(locale).map((country) => (
        <option key={country.code} value={country.code}>
          {country.label}
        </option>
      ))}
    </>
  );
}
