/** Every price the garage's data states: a price question may only say its own. */
export const PRICES = [
  '£54.85',
  '£129',
  '£219',
  '£110',
  '£60',
  '£75',
  '£120',
  '£450',
  '£320',
  '£65',
  '£115',
  '£18',
  '£6',
  '£68',
  '£15',
  '£10',
  '£20',
  '£300',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
