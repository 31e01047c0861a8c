import type { ServiceFact } from '../types';
import type { ServiceMatch } from './facts';
import { agedPersonsAge } from './rules';
import { questionTerms, termKeys } from './text';

/**
 * "How much for my 8 year old?", "my son is 7, how much for his haircut?": the caller gives an
 * age and the services give age bands ("Children (under 12)", "Under-16s swim", "Ages 5-11",
 * "for over-18s"). The one service whose band holds the age is the one asked about; an age above
 * every band's top is an adult's, answered by the service named for adults. With no band, or no
 * adults' service, no price is picked for the age: the question goes on as any other.
 */

type Band = { from: number; to: number };

/** Not an age: "under 2 hours", "over 10 people", "under 5kg". */
const NOT_YEARS = String.raw`(?!\s*(?:hours?|hrs?|minutes?|mins?|days?|weeks?|months?|kg|g|km|miles?|people|guests|persons|%|cm|m|ft|metres?|meters?))`;
const UNDER = new RegExp(String.raw`\bunder[-\s]?(\d{1,2})(?:s\b|\b)${NOT_YEARS}`, 'i');
const AND_UNDER = new RegExp(String.raw`\b(\d{1,2})s?\s*(?:and|&|or)\s*under\b`, 'i');
const RANGE = new RegExp(String.raw`\b(?:ages?|aged)\s*(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\b`, 'i');
const YEARS_RANGE = new RegExp(String.raw`\b(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})\s*(?:years?|yrs?)\b`, 'i');
const OVER = new RegExp(
  String.raw`\bover[-\s]?(\d{1,2})(?:s\b|\b)${NOT_YEARS}|\b(\d{1,2})\s*(?:\+|and over|or over|and up)`,
  'i',
);
/** A band of ages speaks of people: "under 12" alone may be a group's size. */
const PEOPLE =
  /\b(child(ren)?|kids?|junior|juniors|teens?|teenagers?|youths?|adults?|infants?|toddlers?|babies|baby|boys?|girls?|students?|ages?|aged|years?|yrs)\b|\b(under|over)-\d{1,2}s\b/i;
const ADULT = /\badults?\b/i;

function bandOf(text: string): Band | null {
  if (!PEOPLE.test(text)) return null;
  const range = RANGE.exec(text) ?? YEARS_RANGE.exec(text);
  if (range) return { from: Number(range[1]), to: Number(range[2]) };
  const under = UNDER.exec(text);
  if (under) return { from: 0, to: Number(under[1]) - 1 };
  const andUnder = AND_UNDER.exec(text);
  if (andUnder) return { from: 0, to: Number(andUnder[1]) };
  const over = OVER.exec(text);
  if (over) return { from: Number(over[1] ?? over[2]) + (over[1] ? 1 : 0), to: Infinity };
  return null;
}

const textOf = (service: ServiceFact) => `${service.name}\n${service.description ?? ''}`;

/** Of several services for the age, the one the caller's other words name ("haircut" is the cut, not the trim). */
function namedBy(message: string, services: ServiceFact[]): ServiceFact[] {
  if (services.length <= 1) return services;
  const asked = questionTerms(message).filter((term) => term.specific && !/^\d+$/.test(term.key));
  const holding = services.filter((service) => {
    const keys = termKeys(textOf(service));
    return asked.some((term) => keys.has(term.key));
  });
  return holding.length ? holding : services;
}

export function serviceForAge(message: string, services: ServiceFact[]): ServiceMatch | null {
  const age = agedPersonsAge(message);
  if (age === null) return null;
  const banded = services.flatMap((service) => {
    const band = bandOf(textOf(service));
    return band ? [{ service, band }] : [];
  });
  if (!banded.length) return null;
  const holding = banded.filter(({ band }) => band.from <= age && age <= band.to).map(({ service }) => service);
  const aboveEveryChildsBand = !holding.length && banded.every(({ band }) => band.to !== Infinity && age > band.to);
  const candidates = holding.length
    ? holding
    : aboveEveryChildsBand
      ? services.filter((service) => ADULT.test(service.name))
      : [];
  const meant = namedBy(message, candidates);
  return meant.length === 1 ? { services: meant, exact: true } : null;
}
