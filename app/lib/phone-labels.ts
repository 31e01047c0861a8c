import { useMatches, useRouteLoaderData } from '@remix-run/react';
import { PHONE_EXAMPLE } from '#contract/messages';

/** A phone number as the page shows it; anything else (a name, a withheld caller) as written. */
export type PhoneFormat = {
  (value: string): string;
  (value: string | null | undefined): string | null;
};

type WithLabels = { phoneLabels?: Record<string, string> };

/** The formatter for labels a loader sent (phone-labels.server.ts); a value without one is shown as stored. */
export function phoneFormat(labels: Record<string, string> | undefined): PhoneFormat {
  return ((value: string | null | undefined) => (value == null ? null : (labels?.[value] ?? value))) as PhoneFormat;
}

/**
 * Phone numbers formatted by the server: the labels every loader of the page sent with
 * withPhoneLabels. Formatting in the browser would put libphonenumber-js's numbering plans
 * (about 29 kB gzip) into the page's first load.
 */
export function usePhoneFormat(): PhoneFormat {
  const labels: Record<string, string> = {};
  for (const match of useMatches()) Object.assign(labels, (match.data as WithLabels | undefined)?.phoneLabels);
  return phoneFormat(labels);
}

/**
 * The example number phone fields show as their placeholder: one of the business's country, as the
 * dashboard layout's loader wrote it (phoneExample in phone-labels.server.ts), else the international one.
 */
export function usePhoneExample(): string {
  return useRouteLoaderData<{ phoneExample?: string | null }>('routes/dashboard')?.phoneExample ?? PHONE_EXAMPLE;
}
