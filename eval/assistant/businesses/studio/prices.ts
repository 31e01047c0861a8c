/** Every price the studio's data states: a price question may only say its own. */
export const PRICES = ['£15', '£24', '£30', '£35', '£130', '£99', '£65', '£84', '£9', '£38', '£14', '£5', '£2'];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
