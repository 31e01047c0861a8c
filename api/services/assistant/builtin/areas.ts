import type { ApiKnowledgeHit } from '#contract/envelope';
import type { AssistantTools, BusinessContext } from '../types';
import { hitSource, type Answer } from './answer';
import { answerTypeOf } from './knowledge-answer-type';
import { capitalizeFirst, nameInSentence, namePhrase, pricePredicate, takesPluralVerb } from './naming';
import { cleanPassage, sentences } from './text';

/**
 * "Can you come out to Sale?", "I live in Chorlton, do you work round here?", "Do you deliver
 * to BS8?": whether a place is in the area the business covers, read from the passages of its
 * own data that list places and UK postcode districts ("Sale (M33)", "BS1 to BS9", "M1-M35").
 * A district inside a listed range counts (BS8 is within BS1–BS9). A place the data does not
 * list is never refused: the question goes to the team (`covered: false`), with the areas the
 * data names said first when the data says its coverage is limited to them.
 */
export type AreaAnswer =
  { covered: true; answer: Answer } | { covered: false; lead: string | null; sources: Answer['sources'] };

const DISTRICT = /\b([A-Z]{1,2})(\d{1,2})[A-Z]?\b/g;
const RANGE = /\b([A-Z]{1,2})(\d{1,2})\s*(?:to|–|—|-|through|until)\s*([A-Z]{1,2})?(\d{1,2})\b/g;
export const COVERAGE_WORDS =
  /\b(cover|covers|covering|covered|deliver|delivers|delivery|deliveries|serve|serves|serving|travel|areas?|districts?|postcodes?|call-outs?|radius|within)\b/i;

/** Asking whether the business comes to, works in or delivers to a place. */
const AREA_QUESTION =
  /\b(come|coming|travel|get|drive|go|bring [a-z ]{0,30}|send [a-z ]{0,20}) (out |over |up |down )?(to|as far as)\b|\b(cover|covered|serve|work|operate|deliver|delivery|deliveries|do jobs|do work|call-outs?|callouts?) (in|to|around|round|near|out to|out|as far as)\b|\b(do|will|can|would) you (cover|serve|service|deliver|go|come|reach)\b|\b(your|the) (area|areas|patch|radius)\b|\b(round|around|near) here\b|\bin (your|the) area\b|\b(i|we) live (in|at|near)\b|\b(i'?m|i am|we'?re|we are) (in|based in|from)\b|\bmy post ?code\b/i;

/** Capitalised words that are not places (a sentence's first word is never taken on its own). */
const NOT_PLACES = new Set(
  'I Im Hi Hello Hey Can Could Do Does Would Will Is Are My We You Your Our The A An And Or But If Please Thanks Yes No What Where When Which Who How Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Christmas Easter Ok Okay Mr Mrs Ms Dr'.split(
    ' ',
  ),
);

const PLACE_LEAD = new Set([
  'to',
  'in',
  'near',
  'around',
  'round',
  'from',
  'at',
  'into',
  'cover',
  'covers',
  'serve',
  'reach',
  'visit',
  'is',
  'does',
]);

type Coverage = { sentence: string; hit: ApiKnowledgeHit | null };

const districtsIn = (text: string) =>
  [...text.matchAll(DISTRICT)].map((match) => ({ area: match[1], number: Number(match[2]), text: match[0] }));

/** Does this sentence list BS8 (as itself or inside "BS1 to BS9")? */
function listsDistrict(sentence: string, district: { area: string; number: number; text: string }): boolean {
  for (const range of sentence.matchAll(RANGE)) {
    const [, area, from, toArea, to] = range;
    if (
      area === district.area &&
      (!toArea || toArea === area) &&
      district.number >= Number(from) &&
      district.number <= Number(to)
    )
      return true;
  }
  return districtsIn(sentence).some(
    (listed) =>
      listed.text === district.text ||
      (listed.area === district.area &&
        listed.number === district.number &&
        listed.text.length === district.area.length + String(listed.number).length),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NEGATED = /\b(not|don'?t|do not|doesn'?t|no longer|except|excluding|outside)\b/i;

/** The places and districts a message names: postcode districts, and capitalised words after the first. */
export function placesIn(message: string): { districts: ReturnType<typeof districtsIn>; names: string[] } {
  const districts = districtsIn(message);
  const names: string[] = [];
  for (const part of message.split(/(?<=[.?!,;:])\s+/)) {
    const tokens = part.match(/[A-Za-zÀ-ÿ'’-]+/g) ?? [];
    tokens.forEach((token, index) => {
      const word = token.replace(/['’]s$/, '');
      if (index === 0 || !/^[A-Z][a-zà-ÿ]/.test(word) || NOT_PLACES.has(word.replace(/['’]/g, ''))) return;
      const previous = tokens[index - 1];
      // "Sale", "Moss Side": a place follows a word that leads to one ("out to Sale", "I live in Chorlton").
      if (/^[A-Z]/.test(previous) && names.length && part.includes(`${names[names.length - 1]} ${word}`))
        names[names.length - 1] = `${names[names.length - 1]} ${word}`;
      else if (PLACE_LEAD.has(previous.toLowerCase())) names.push(word);
    });
  }
  return { districts, names };
}

/**
 * The knowledge search an area question makes (null when the message asks none), the same
 * for the area's answer and, when that finds no listing, the knowledge's (knowledge.ts): one
 * search per turn, which the turn's tools make once.
 */
export function areaSearch(message: string): { query: string; limit: number } | null {
  const { districts, names } = placesIn(message);
  if (!AREA_QUESTION.test(message) && !(districts.length && /\?\s*$/.test(message.trim()))) return null;
  // A transcript in lower case has no capitals to find a place by: the data's place names are looked for instead.
  if (!districts.length && !names.length && message !== message.toLowerCase()) return null;
  return { query: `${message} areas we cover postcode districts`, limit: 10 };
}

/** Sentences of the business's data that say where it works: they name districts or use coverage words. */
async function coverageSentences(
  business: BusinessContext,
  tools: AssistantTools,
  search: { query: string; limit: number },
): Promise<Coverage[]> {
  const found: Coverage[] = [];
  const hits = await tools.searchKnowledge(search.query, search.limit);
  for (const hit of hits) {
    for (const sentence of sentences(cleanPassage(hit.text))) {
      if (COVERAGE_WORDS.test(sentence) || districtsIn(sentence).length >= 2) found.push({ sentence, hit });
      else if (found.at(-1)?.hit === hit && /^[-•*]|\(/.test(sentence.trim()) && districtsIn(sentence).length)
        found.push({ sentence, hit });
    }
  }
  for (const service of business.services) {
    for (const sentence of sentences(service.description ?? ''))
      if (districtsIn(sentence).length && COVERAGE_WORDS.test(sentence)) found.push({ sentence, hit: null });
  }
  return found;
}

/** "Sale (M33)" or "M33 (Sale)" in a sentence: the place said with its district. */
function withDistrict(sentence: string, place: string): string | null {
  const after = new RegExp(`\\b${escape(place)}\\s*\\(([A-Z]{1,2}\\d{1,2}[A-Z]?)\\)`).exec(sentence);
  if (after) return `${place} (${after[1]})`;
  const before = new RegExp(`\\b([A-Z]{1,2}\\d{1,2}[A-Z]?)\\s*\\(${escape(place)}\\)`).exec(sentence);
  return before ? `${place} (${before[1]})` : null;
}

const plain = (sentence: string) => sentence.replace(/\*\*|__|^[-•*]\s*|^#+\s*/g, '').trim();
const stated = (sentence: string) => {
  const text = sentence.replace(/\s*[:;,]\s*$/, '');
  return /[.!?]$/.test(text) ? text : `${text}.`;
};

function yes(coverage: Coverage, place: string, message: string): Answer {
  const sources = coverage.hit ? [hitSource(coverage.hit)] : [];
  const verb = /\bdeliver/i.test(message) || /\bdeliver/i.test(coverage.sentence) ? 'deliver to' : 'cover';
  const named = withDistrict(coverage.sentence, place);
  if (named) return { text: `Yes, we ${verb} ${named}.`, sources };
  const sentence = stated(plain(coverage.sentence));
  if (/^we\b/i.test(sentence)) return { text: `Yes, ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`, sources };
  // "For boiler installations we also travel to Harrogate": said as it stands, its condition with it.
  return { text: sentence, sources };
}

/** A covering sentence that says the place costs nothing ("travel is free within the city, including Acomb"). */
const COSTS_NOTHING = /\b(free|no (extra |travel |delivery )?(charge|cost|fee)|at no (extra )?cost)\b/i;

/**
 * "How much to deliver to LE3?": the place is covered by one of the business's priced items (a
 * delivery zone, a call-out area), so what that item costs is the answer too; the covering
 * sentence alone leaves the asked price unsaid. A sentence that states an amount says it already; one that
 * says the place costs nothing is the answer, and the item's price is for the places beyond.
 */
function withPrice(business: BusinessContext, coverage: Coverage, answer: Answer, message: string): Answer {
  if (answerTypeOf(message) !== 'price' || /[£$€]\s?\d/.test(answer.text) || COSTS_NOTHING.test(answer.text))
    return answer;
  const source = coverage.hit?.source;
  const item = source
    ? source.kind === 'service'
      ? business.services.find((service) => service._id === source._id || service.name === source.title)
      : undefined
    : business.services.find((service) => (service.description ?? '').includes(coverage.sentence));
  if (!item?.price) return answer;
  const priced = `${capitalizeFirst(namePhrase(nameInSentence(item.name)))} ${pricePredicate(item.price, takesPluralVerb(item.name))}.`;
  return { ...answer, text: `${answer.text} ${priced}` };
}

/** The places a listing names: capitalised words after a sentence's first ("M33 (Sale)", "including Otley, Pudsey"). */
function listedPlaces(listing: Coverage[]): string[] {
  const places = new Set<string>();
  for (const entry of listing) {
    const tokens = plain(entry.sentence).match(/[A-Za-zÀ-ÿ'’-]+/g) ?? [];
    tokens.forEach((token, index) => {
      if (index > 0 && /^[A-Z][a-zà-ÿ]/.test(token) && !NOT_PLACES.has(token)) places.add(token);
    });
  }
  return [...places];
}

const LIMITED =
  /\b(only|just) (cover|deliver|work|serve|travel|go)\b|\b(cover|deliver|work|serve|travel)s? only\b|\bonly (in|within|to) (these|the (areas|districts|postcodes))\b|\b(do not|don'?t|cannot|can'?t) (cover|deliver|travel|work) (outside|beyond|further)\b/i;

/**
 * The answer to an area question, or null when the message does not ask one (or the business's
 * data lists no places, so the knowledge search answers as usual).
 */
export async function answerArea(
  business: BusinessContext,
  tools: AssistantTools,
  message: string,
): Promise<AreaAnswer | null> {
  const search = areaSearch(message);
  if (!search) return null;
  const { districts, names } = placesIn(message);
  const lowerCase = message === message.toLowerCase();
  const coverage = await coverageSentences(business, tools, search);
  const listing = coverage.filter((entry) => districtsIn(entry.sentence).length || COVERAGE_WORDS.test(entry.sentence));
  if (!listing.length) return null;
  if (lowerCase && !names.length)
    names.push(
      ...listedPlaces(listing).filter((place) => new RegExp(`\\b${escape(place.toLowerCase())}\\b`).test(message)),
    );
  if (!districts.length && !names.length) return null;
  for (const district of districts) {
    const entry = listing.find(
      (candidate) => listsDistrict(candidate.sentence, district) && !NEGATED.test(candidate.sentence),
    );
    if (entry)
      return { covered: true, answer: withPrice(business, entry, yes(entry, district.text, message), message) };
  }
  for (const name of names) {
    const pattern = new RegExp(`\\b${escape(name)}\\b`, 'i');
    const entry = listing.find((candidate) => pattern.test(candidate.sentence));
    if (entry && !NEGATED.test(entry.sentence))
      return { covered: true, answer: withPrice(business, entry, yes(entry, name, message), message) };
    if (entry) return { covered: false, lead: null, sources: [] };
  }
  // Not in the data: never a no. Said first only when the data limits its coverage to the list.
  const limited = listing.find((entry) => LIMITED.test(entry.sentence));
  const first = listing.find((entry) => /^we\b/i.test(plain(entry.sentence)) && COVERAGE_WORDS.test(entry.sentence));
  if (limited && first)
    return { covered: false, lead: stated(plain(first.sentence)), sources: first.hit ? [hitSource(first.hit)] : [] };
  return { covered: false, lead: null, sources: [] };
}
