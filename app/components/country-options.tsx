import { countryOptions } from '#contract/countries';
import { useLocale } from '../lib/locale';

/**
 * The options of a country picker: every ISO 3166-1 country, named and sorted in the reader's
 * language. The browser's ICU may name a country slightly differently from the server's; the
 * server's name is kept rather than the page being rendered again (which would clear what was typed).
 */
export function CountryOptions() {
  const locale = useLocale();
  return (
    <>
      {countryOptions(locale).map((country) => (
        <option key={country.code} value={country.code} suppressHydrationWarning>
          {country.label}
        </option>
      ))}
    </>
  );
}
