/** Every price the entertainer's data states: a price question may only say its own. */
export const PRICES = ['£150', '£140', '£180', '£260', '£4', '£60', '£95', '£20', '£3.50', '£12', '£50', '£40'];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
