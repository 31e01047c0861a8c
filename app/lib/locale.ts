import { useRouteLoaderData } from '@remix-run/react';

/**
 * The reader's language for names the platform knows in every language (countries), from
 * the browser's Accept-Language: the first tag Intl can name regions in; English otherwise.
 * The root loader reads it once, so the server and the browser render the same names.
 */
export function preferredLocale(acceptLanguage: string | null): string {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim())
    .filter((tag) => tag && tag !== '*');
  for (const tag of tags) {
    try {
      const [supported] = Intl.DisplayNames.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // A malformed tag: try the next one.
    }
  }
  return 'en';
}

export function useLocale(): string {
  return useRouteLoaderData<{ locale?: string }>('root')?.locale ?? 'en';
}
