/** Every price the clinic's data states: a price question may only say its own. */
export const PRICES = [
  '£65',
  '£50',
  '£55',
  '£35',
  '£90',
  '£15',
  '£80',
  '£45',
  '£70',
  '£20',
  '£12',
  '£39',
  '£8',
  '£40',
  '£1',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
