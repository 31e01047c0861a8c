/** Every price the groomer's data states: a price question may only say its own. */
export const PRICES = [
  '£40',
  '£50',
  '£65',
  '£28',
  '£20',
  '£8',
  '£10',
  '£45',
  '£15',
  '£5',
  '£14',
  '£11',
  '£9',
  '£12',
  '£18',
  '£7',
  '£6',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
