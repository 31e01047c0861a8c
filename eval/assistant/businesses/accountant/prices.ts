/** Every price the accountant's data states: a price question may only say its own. */
export const PRICES = [
  '£180',
  '£40',
  '£450',
  '£950',
  '£95',
  '£65',
  '£30',
  '£4',
  '£120',
  '£150',
  '£20',
  '£12',
  '£50',
  '£60',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
