/** Every price the bakery's data states: a price question may only say its own. */
export const PRICES = [
  '£45',
  '£350',
  '£18.50',
  '£65',
  '£4.95',
  '£4.50',
  '£5.50',
  '£2.80',
  '£2.20',
  '£4.80',
  '£12',
  '£20',
  '£40',
  '£35',
  '£10',
  '£100',
  '£60',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
