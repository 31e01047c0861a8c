/** Every price the dental practice's data states: a price question may only say its own. */
export const PRICES = [
  '£65',
  '£45',
  '£60',
  '£95',
  '£120',
  '£180',
  '£350',
  '£395',
  '£2,400',
  '£2,950',
  '£14.50',
  '£25',
  '£30',
  '£10',
  '£18',
  '£500',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
