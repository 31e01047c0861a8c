import { useMatches, useRouteLoaderData } from '@remix-run/react';
import { PHONE_EXAMPLE } from '#contract/phone-example';

/** A phone number as the page shows it; anything else (a name, a withheld caller) as written. */
export type PhoneFormat = {
  (value: string): string;
  (value: string | null | undefined): string | null;
};

type WithLabels = { phoneLabels?: Record<string, string> };

const own = Object.prototype.hasOwnProperty;

/**
 * The formatter for labels loaders sent (phone-labels.server.ts): a later source (a deeper
 * route) wins, as if they were one map; a value without a label is shown as stored.
 */
export function phoneFormat(...sources: (Record<string, string> | undefined)[]): PhoneFormat {
  const present = sources.filter((labels): labels is Record<string, string> => Boolean(labels)).reverse();
  return ((value: string | null | undefined) => {
    if (value == null) return null;
    for (const labels of present) if (own.call(labels, value)) return labels[value];
    return value;
  }) as PhoneFormat;
}

/**
 * Phone numbers formatted by the server: the labels every loader of the page sent with
 * withPhoneLabels. Formatting in the browser would put libphonenumber-js's numbering plans
 * (about 29 kB gzip) into the page's first load. The labels are looked up where the loaders
 * left them, not merged into one map per call: a list calls this once per row, and copying
 * a 500-row page's labels 500 times was the biggest cost of rendering it.
 */
export function usePhoneFormat(): PhoneFormat {
  return phoneFormat(...useMatches().map((match) => (match.data as WithLabels | undefined)?.phoneLabels));
}

/**
 * The example number phone fields show as their placeholder: one of the business's country, as the
 * dashboard layout's loader wrote it (phoneExample in phone-labels.server.ts), else the international one.
 */
export function usePhoneExample(): string {
  return useRouteLoaderData<{ phoneExample?: string | null }>('routes/dashboard')?.phoneExample ?? PHONE_EXAMPLE;
}
