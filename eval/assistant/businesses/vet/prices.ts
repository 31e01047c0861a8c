/** Every price the vet's data states: a price question may only say its own. */
export const PRICES = [
  '£52',
  '£30',
  '£62',
  '£55',
  '£85',
  '£48',
  '£95',
  '£125',
  '£20',
  '£280',
  '£12',
  '£11',
  '£5',
  '£28',
  '£16',
  '£14.50',
  '£500',
  '£300',
];
export const otherPrices = (...own: string[]) => PRICES.filter((price) => !own.includes(price));
export const one = (...alternatives: string[]) => alternatives;
