/**
 * The country a number without a country code is read in: the business's. It lives apart from
 * the numbering plans (contract/phone.ts), so that the dashboard layout setting it on every
 * page does not put libphonenumber-js's metadata into every page's first load. Phone fields
 * (contract/fields.ts) and formatPhoneNumber read it from the current scope, so every form and
 * v1 call gets it the same way without threading it through each schema. The default scope
 * is synchronous (the browser: validating a form is synchronous, and one tab shows one
 * business); the server installs one kept per request (phone-country.server.ts).
 */
export type PhoneCountryScope = {
  run<T>(country: string | null | undefined, work: () => T): T;
  current(): string | undefined;
};

let syncCountry: string | undefined;
let scope: PhoneCountryScope = {
  run(country, work) {
    const previous = syncCountry;
    syncCountry = country ?? undefined;
    try {
      return work();
    } finally {
      syncCountry = previous;
    }
  },
  current: () => syncCountry,
};

export function installPhoneCountryScope(next: PhoneCountryScope): void {
  scope = next;
}

/** Runs `work` reading national numbers in `country` (an ISO 3166-1 code; none = international format only). */
export function withPhoneCountry<T>(country: string | null | undefined, work: () => T): T {
  return scope.run(country, work);
}

/** The current scope's country as set (not checked against the numbering plans). */
export function currentPhoneCountryCode(): string | undefined {
  return scope.current();
}

/** The browser's scope outside validation: the business the page shows (set by the dashboard layout). */
export function setPagePhoneCountry(country: string | null | undefined): void {
  syncCountry = country ?? undefined;
}
