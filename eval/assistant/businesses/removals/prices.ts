/** Every price the removals company's data states: a price question may only say its own. */
export const PRICES = [
  '£45',
  '£20',
  '£495',
  '£850',
  '£250',
  '£25',
  '£180',
  '£2.50',
  '£12',
  '£15',
  '£3',
  '£95',
  '£60',
  '£2.20',
  '£30',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
