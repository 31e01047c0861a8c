import { countryOptions } from '#contract/countries';
import { preferredLocale } from '../lib/locale';

/**
 * The options of the page's country pickers, for its loader's `countries`: named and sorted by
 * the server's ICU in the reader's language, since the browser's may name or order them
 * differently and the pickers must hydrate with exactly the options the server rendered. Only
 * pages with a picker send them (248 names are a few kilobytes of every document otherwise).
 */
export function countryPickerOptions(request: Request): Array<readonly [string, string]> {
  return countryOptions(preferredLocale(request.headers.get('Accept-Language'))).map(
    (country) => [country.code, country.label] as const,
  );
}
