/** Every price the locksmith's data states: a price question may only say its own. */
export const PRICES = [
  '£85',
  '£120',
  '£75',
  '£140',
  '£110',
  '£65',
  '£4',
  '£12',
  '£25',
  '£150',
  '£20',
  '£55',
  '£14',
  '£15',
  '£30',
  '£35',
  '£10',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
