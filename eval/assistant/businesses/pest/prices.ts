/** Every price the pest controller's data states: a price question may only say its own. */
export const PRICES = [
  '£65',
  '£20',
  '£150',
  '£180',
  '£250',
  '£110',
  '£195',
  '£120',
  '£350',
  '£50',
  '£45',
  '£15',
  '£18',
  '£95',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
