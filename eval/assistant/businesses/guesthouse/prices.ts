/** Every price the guest house's data states: a price question may only say its own. */
export const PRICES = [
  '£98',
  '£80',
  '£125',
  '£140',
  '£65',
  '£110',
  '£9.50',
  '£28',
  '£10.99',
  '£15',
  '£20',
  '£25',
  '£150',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
