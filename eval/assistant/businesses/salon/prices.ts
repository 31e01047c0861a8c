/** Every price the salon's data states: a price question may only say its own. */
export const PRICES = [
  '€55',
  '€65',
  '€80',
  '€32',
  '€10',
  '€22',
  '€38',
  '€45',
  '€85',
  '€165',
  '€220',
  '€120',
  '€50',
  '€60',
  '€34',
  '€49',
  '€24',
  '€30',
  '€20',
  '€25',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
