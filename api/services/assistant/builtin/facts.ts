import type { BusinessContext, ServiceFact } from '../types';
import type { ProductFact } from '#contract/products';
import { businessSource, type Answer } from './answer';
import {
  capitalizeFirst,
  isMassName,
  joinStatements,
  nameInSentence,
  namePhrase,
  pluralName,
  pricePredicate,
  properNounsIn,
  takesPluralVerb,
} from './naming';
import { callersPlaceKeys } from './callers-place';
import { countsAgree, lengthsAgree, namesAnotherItem, namingCounts } from './catalogue-fit';
import { questionTerms, sentences, termKeys, type Term } from './text';

/**
 * Answers from the business record itself: where it is, how to reach it, and its services
 * (a named one's description and price, or the list). null when the record does not hold
 * the fact, so the question goes on to the knowledge base.
 */
export function answerLocation(business: BusinessContext): Answer | null {
  const address = business.address?.trim();
  if (!address) return null;
  return {
    text: `We're at ${address.replace(/\s*\n\s*/g, ', ').replace(/[.]+$/, '')}.`,
    sources: [businessSource(business.id, 'address', 'Address')],
  };
}

export function answerContact(business: BusinessContext, wants: { phone: boolean; email: boolean }): Answer | null {
  const phones = business.telephones.filter(Boolean);
  const parts: string[] = [];
  const sources = [];
  if (wants.phone && phones.length) {
    parts.push(`You can call us on ${phones.slice(0, 2).join(' or ')}.`);
    sources.push(businessSource(business.id, 'telephones', 'Telephone'));
  }
  if (wants.email && business.email) {
    parts.push(`You can email us at ${business.email}.`);
    sources.push(businessSource(business.id, 'email', 'Email'));
  }
  if (!parts.length) return null;
  return { text: parts.join(' '), sources };
}

const serviceSource = (service: ServiceFact) => ({
  kind: 'service' as const,
  _id: service._id,
  type: 'service',
  title: service.name,
});

export type ServiceMatch = { services: ServiceFact[]; exact: boolean };

const MEASURE = /^(hours?|hrs?|minutes?|mins?|days?|weeks?|months?)$/;

/**
 * The service(s) a message names: every specific word of a service's name in the message
 * (synonyms and stems count: "fitting a new boiler" names "Boiler installation"), the
 * best score first; ties are all returned. Messages that also ask about other things
 * (two or more of their specific words outside the service) name no service.
 */
export function matchServices(message: string, services: ServiceFact[], extraGeneric: string[]): ServiceMatch | null {
  const messageTerms = questionTerms(message, extraGeneric);
  const messageKeys = new Set(messageTerms.map((term) => term.key));
  const places = callersPlaceKeys(message);
  const named = namingCounts(services, extraGeneric);
  const texts = services.map((service) => termKeys(`${service.name} ${service.description ?? ''}`));
  const statedBy = (key: string) => texts.filter((keys) => keys.has(key)).length;
  let best: { service: ServiceFact; score: number; detail: number }[] = [];
  for (const service of services) {
    const nameTerms = questionTerms(service.name, extraGeneric);
    if (!nameTerms.length) continue;
    const matched = nameTerms.filter((term) => messageKeys.has(term.key));
    // The measure of a length in a name ("Block of 10 hours") names nothing: "what do you charge per hour?" is not the block.
    const nameSpecific = nameTerms.filter((term) => term.specific && !MEASURE.test(term.word));
    const specificMatched = nameSpecific.filter((term) => messageKeys.has(term.key));
    const score = matched.length / nameTerms.length;
    if (!specificMatched.length && !(matched.length >= 2 && score >= 0.6)) continue;
    const allSpecific = specificMatched.length > 0 && specificMatched.length === nameSpecific.length;
    // The caller's other subject words must be about this service (its name or description), but for where their
    // thing is ("mice in the kitchen"); one stray word is allowed when two of theirs are the service's ("my kitchen tap keeps dripping").
    const serviceText = `${service.name} ${service.description ?? ''}`;
    const serviceKeys = termKeys(serviceText);
    const outside = messageTerms.filter(
      (term: Term) => term.specific && !serviceKeys.has(term.key) && !places.has(term.key),
    );
    const detail = messageTerms.filter((term) => term.specific && serviceKeys.has(term.key)).length;
    if (outside.length > (detail >= 2 ? 1 : 0)) continue;
    // A word only another service's name has ("a block of automatic lessons") names that one: this is not the service meant.
    if (namesAnotherItem(outside, serviceText, named)) continue;
    // "A two hour lesson" is no "Block of 10 hours": a length the caller gives must be one the service can be.
    if (!lengthsAgree(message, `${serviceText} ${service.price ?? ''}`)) continue;
    // Nor is "a 2 bed house" a *Three- and four-bedroom house removal*: a count the caller gives must be one its name allows.
    if (!countsAgree(message, service.name)) continue;
    // A word every lesson's name holds says nothing of which: part of a name counts only with a word that name alone has.
    // So does a number of the caller's only this service states ("a three day course": "a 3-day course is £240").
    const distinctive =
      specificMatched.some((term) => named.get(term.key) === 1) ||
      messageTerms.some((term) => /^\d/.test(term.key) && serviceKeys.has(term.key) && statedBy(term.key) === 1);
    // The whole name, most of it, or part of it plus the caller's other words in its description ("finding a hidden leak").
    if (!(allSpecific || (matched.length >= 2 && score >= 0.6) || (detail >= 2 && outside.length === 0 && distinctive)))
      continue;
    const entry = { service, score, detail };
    if (
      !best.length ||
      score > best[0].score + 1e-9 ||
      (Math.abs(score - best[0].score) < 1e-9 && detail > best[0].detail)
    )
      best = [entry];
    else if (Math.abs(score - best[0].score) < 1e-9 && detail === best[0].detail) best.push(entry);
  }
  if (!best.length) return null;
  return { services: best.map((entry) => entry.service), exact: best.length === 1 };
}

/**
 * The service a question asks about, unless a product names the caller's words better ("what's a
 * sourdough loaf cost?" is the *Sourdough loaf*, not the *Sourdough baking class* that "takes home
 * a loaf"): then none, and the knowledge base says the product.
 */
export function matchAskedService(
  message: string,
  services: ServiceFact[],
  products: ProductFact[],
  extraGeneric: string[],
): ServiceMatch | null {
  const match = matchServices(message, services, extraGeneric);
  if (!match || !products.length) return match;
  const asOffers = products.map((item) => ({ ...item, frequency: 0 }));
  const overall = matchServices(message, [...services, ...asOffers], extraGeneric);
  return overall?.services.some((offer) => asOffers.includes(offer as (typeof asOffers)[number])) ? null : match;
}

/** A price tag inside a sentence: "(from £45)", not "(From £45)". */
const priceText = (price: string) =>
  price
    .trim()
    .replace(/[.]+$/, '')
    .replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase());

/** One sentence of a description; asked a price, also the next that holds another amount ("Long or very thick hair €45."). */
function describe(description: string, askedPrice: boolean): string {
  const [first, ...others] = sentences(description);
  const variant = askedPrice ? others.find((sentence) => /[£$€]\s?\d/.test(sentence)) : undefined;
  return [first, variant].filter(Boolean).join(' ');
}

/** How a service is said in a sentence: the names of the business's own text that are proper keep their capitals. */
export type Saying = {
  proper?: Set<string>;
  /** The caller's verb in "do you make …?", echoed in the yes. */ verb?: string | null;
};

/** The names and descriptions a business wrote: where its proper nouns show (a brand mid-sentence). */
export const properNounsOf = (business: Pick<BusinessContext, 'services' | 'products'>) =>
  properNounsIn([
    ...business.services.flatMap((service) => [service.description ?? '']),
    ...business.products.map((product) => product.description ?? ''),
  ]);

/** A named service: what it is and what it costs (never a price it does not have). */
export function answerService(
  match: ServiceMatch,
  askedPrice: boolean,
  saying: Saying = {},
): Answer & { missingPrice?: boolean } {
  const sources = match.services.map(serviceSource);
  const said = (service: ServiceFact) => nameInSentence(service.name, saying.proper);
  if (!match.exact) {
    const items = match.services
      .slice(0, 5)
      .map((service) => (service.price ? `${said(service)} (${priceText(service.price)})` : said(service)));
    return { text: `We offer ${joinList(items)}. Which one would you like to know about?`, sources };
  }
  const service = match.services[0];
  const name = said(service);
  const description = service.description?.trim() ? describe(service.description, askedPrice) : '';
  if (askedPrice) {
    // The caller asked a price: what follows is that there is none to hand, not the description.
    if (!service.price?.trim())
      return { text: `We offer ${isMassName(name) ? name : pluralName(name)}.`, sources, missingPrice: true };
    const price = capitalizeFirst(`${namePhrase(name)} ${pricePredicate(service.price, takesPluralVerb(name))}`);
    return { text: joinStatements(price, description), sources };
  }
  // "Yes, we make wedding cakes, which start at £45." — counted things in the plural, the caller's verb when they used one.
  const mass = isMassName(name);
  const callerVerb = saying.verb?.toLowerCase() ?? null;
  const verb = mass
    ? callerVerb && /^(do|offer|provide)$/.test(callerVerb)
      ? callerVerb
      : 'offer'
    : callerVerb && !/^(carry out|handle|sort out|put in)$/.test(callerVerb)
      ? callerVerb
      : 'offer';
  const price = service.price?.trim() ? `, which ${pricePredicate(service.price, !mass || takesPluralVerb(name))}` : '';
  const yes = `Yes, we ${verb} ${mass ? name : pluralName(name)}${price}.`;
  return { text: description ? `${yes} ${description}` : yes, sources };
}

export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The list of services (with prices when asked, or when the list is short). */
export function answerServiceList(business: BusinessContext, withPrices: boolean): Answer | null {
  const services = business.services;
  if (!services.length) return null;
  const shown = services.slice(0, 12);
  const proper = properNounsOf(business);
  const items = shown.map((service) => {
    const name = nameInSentence(service.name, proper);
    return withPrices && service.price?.trim() ? `${name} (${priceText(service.price)})` : name;
  });
  const more = services.length > shown.length ? `, among others` : '';
  const tail = withPrices ? '' : ' Ask me about any of them for details and prices.';
  return { text: `We offer ${joinList(items)}${more}.${tail}`, sources: shown.map(serviceSource) };
}
