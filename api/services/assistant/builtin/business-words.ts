import type { TurnInput } from '../types';
import type { KnowledgeOptions } from './knowledge';
import { premisesWords } from './premises';
import { questionTerms, words } from './text';

/** The words a business's own record gives: its name's, its trade's everyday words, the names of what it offers. */

/** The business's own name never decides what a question is about. */
export function businessWords(input: Pick<TurnInput, 'business'>): string[] {
  return words(input.business.name).filter((word) => word.length > 2);
}

/** Its trade's everyday words: its name's, and those two or more of its services share ("boiler"). */
export function domainWords(input: Pick<TurnInput, 'business'>): string[] {
  const seen = new Map<string, { word: string; count: number }>();
  for (const service of input.business.services) {
    for (const term of questionTerms(service.name).filter((entry) => entry.specific)) {
      const known = seen.get(term.key);
      if (known) known.count += 1;
      else seen.set(term.key, { word: term.word, count: 1 });
    }
  }
  const shared = [...seen.values()].filter((entry) => entry.count >= 2).map((entry) => entry.word);
  return [...businessWords(input), ...shared];
}

/** The specific words naming its services and products ("wedding", "delivery", "croissant"). */
export function itemWords(input: Pick<TurnInput, 'business'>): string[] {
  const names = [
    ...input.business.services.map((service) => service.name),
    ...input.business.products.map((product) => product.name),
  ];
  return names.flatMap((name) =>
    questionTerms(name, businessWords(input))
      .filter((term) => term.specific)
      .map((term) => term.word),
  );
}

export const knowledgeOptions = (input: Pick<TurnInput, 'business' | 'message'>): KnowledgeOptions => ({
  domainWords: [...domainWords(input), ...premisesWords(input.message)],
  itemWords: itemWords(input),
  offers: [...input.business.services, ...input.business.products],
});
