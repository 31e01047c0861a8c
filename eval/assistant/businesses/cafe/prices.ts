/** Every price the café's data states: a price question may only say its own. */
export const PRICES = [
  '£38',
  '£150',
  '£8.50',
  '£12',
  '£45',
  '£11.50',
  '£10.50',
  '£6.50',
  '£3.40',
  '£4.20',
  '£3.50',
  '£9',
  '£6',
  '£5',
  '£10',
  '30p',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
