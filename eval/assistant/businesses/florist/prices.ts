/** Every price the florist's data states: a price question may only say its own. */
export const PRICES = [
  '£6.50',
  '£12',
  '£120',
  '£14',
  '£75',
  '£40',
  '£42',
  '£32',
  '£36',
  '£55',
  '£35',
  '£50',
  '£80',
  '£65',
  '£28',
  '£45',
  '£18',
  '£30',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
