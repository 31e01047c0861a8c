/** Every price the electrician's data states: a price question may only say its own. */
export const PRICES = [
  '£95',
  '£55',
  '£150',
  '£180',
  '£899',
  '£650',
  '£4,200',
  '£75',
  '£85',
  '£45',
  '£120',
  '£48',
  '£649',
  '£350',
  '£300',
  '£1,000',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
/** A reply saying a covered district is not covered. */
export const NOT_COVERED = [
  "don't cover",
  'do not cover',
  "isn't an area",
  'outside our area',
  "don't work in",
  'do not work in',
];
