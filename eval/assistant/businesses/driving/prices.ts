/** Every price the driving school's data states: a price question may only say its own. */
export const PRICES = ['£38', '£40', '£72', '£350', '£1,150', '£175', '£45', '£60', '£110', '£9', '£6', '£25', '£30'];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
