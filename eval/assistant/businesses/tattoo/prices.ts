/** Every price the tattoo studio's data states: a price question may only say its own. */
export const PRICES = ['£60', '£100', '£550', '£80', '£50', '£8', '£6', '£25'];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
