import { AsyncLocalStorage } from 'node:async_hooks';
import { installPhoneCountryScope } from './phone';

/**
 * The server's phone-country scope (contract/phone.ts): one per request, kept across awaits,
 * so concurrent requests of businesses in different countries never read each other's. A v1
 * call opens it with its business's country before its body is validated (api/lib/auth.ts);
 * a page request opens an empty one (server.ts) that the dashboard guard fills in once it
 * knows the business, for the page's actions and rendering.
 *
 * One store per process, kept on globalThis: the web app's bundle and the API each carry
 * their own copy of this module, and both must read the store the other opened.
 */
type Holder = { country?: string };
const KEY = Symbol.for('business-assistant.phone-country');
const registry = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Holder> };
const store = (registry[KEY] ??= new AsyncLocalStorage<Holder>());

installPhoneCountryScope({
  run: (country, work) => store.run({ country: country ?? undefined }, work),
  current: () => store.getStore()?.country,
});

/** Runs `work` (a page request) with a scope the guard fills in later (setRequestPhoneCountry). */
export function withPhoneCountryHolder<T>(work: () => T): T {
  return store.run({}, work);
}

/** The business of the current page request, once known. */
export function setRequestPhoneCountry(country: string | null | undefined): void {
  const holder = store.getStore();
  if (holder) holder.country = country ?? undefined;
}

export { withPhoneCountry } from './phone';
