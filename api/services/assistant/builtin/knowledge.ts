import type { ApiKnowledgeHit } from '#contract/envelope';
import { describesAnAction } from '#api/services/language/part-of-speech';
import { sentenceSimilarity } from '#api/services/language/similarity';
import { contentWords, wordImportance, wordSimilarity } from '#api/services/language/vectors';
import type { AssistantTools, ServiceFact } from '../types';
import { hitSource, type Answer } from './answer';
import { isNoise, questionTerms, sentences, synonymsOf, termKey, termKeys, words, type Term } from './text';
import {
  capitalizeFirst,
  nameInSentence,
  namePhrase,
  pricePredicate,
  productStatement,
  takesPluralVerb,
} from './naming';

/**
 * Answers from the knowledge search: an answered question that matches (its answer is
 * said), or the sentence(s) of a passage that cover the question. The search ranks
 * passages holding ANY of the words, so the judgement of relevance is made here:
 *
 * - the question's subject words (its specific terms: stop words and generic words such
 *   as "offer", "price", "install" left out) must be in the passage: all of them when
 *   there are one or two, all but one when there are more; synonyms and stems count;
 *   a word most passages of this business hold ("boiler" at a heating firm) may be left
 *   out when another subject word is in the quoted sentence;
 * - the quoted sentence(s) must hold one of them, unless the passage's heading holds
 *   them all (the heading gives the topic, the sentence the fact);
 * - two content words next to each other in the question ("heat pump", "credit card")
 *   must both be in the passage and, within one sentence, close together;
 * - a question about a price needs an amount in the answer, "how long" needs a duration.
 *
 * When nothing passes, the caller hears that the assistant does not know (never a guess).
 */
export type KnowledgeOptions = {
  /**
   * The business's everyday words (its name, words several of its services share: "boiler"
   * at a heating firm): a question may name them without the passage repeating them.
   */
  domainWords?: string[];
  /**
   * The words naming the business's own services and products ("wedding", "delivery"): a price
   * said in a sentence about one of them the question does not name is that item's price, not
   * the one asked about.
   */
  itemWords?: string[];
  /** At most this many searches (1 or 2: a second one in the synonyms of the subject words). */
  maxSearches?: number;
  /** Explain the judgement (the eval's --trace). */
  trace?: (line: string) => void;
};

type AnswerType =
  | 'price'
  | 'duration'
  | 'frequency'
  | 'presence'
  | 'soon'
  | 'time'
  | 'count'
  | 'place'
  | 'advice'
  | 'consequence'
  | 'other';

// A share of a price ("50% of the groom") is what something costs too.
const MONEY =
  /[£$€]\s?\d|\d\s?%|\d\s?(pounds|dollars|euros|gbp|usd|eur)\b|\bfree\b|\bno (extra )?charge\b|\bat no (extra )?cost\b/i;
const DURATION =
  /\b\d+(\.\d+)?[½¼¾]?\s*(-|to|–)?\s*\d*[½¼¾]?\s*(minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|working days)\b|\b\d+-(minute|hour|day|week|month|year)\b|\b(an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|half an?|a few|several|couple of|full|whole) (minutes?|hours?|days?|weeks?|months?|years?)\b|\b(since|in) (19|20)\d\d\b/i;
const SOON =
  /\b(within|same[- ]day|next[- ]day|straight away|immediately|right away)\b|\b(in|under) (an?|one|two|three|\d+) (hours?|minutes?|days?)\b/i;
const PLACE = /\b(under|behind|beside|next to|near|above|below|inside|outside|opposite|in the|on the|at the|by the)\b/i;
const CLOCK = /\b\d{1,2}([:.]\d{2})?\s?(am|pm)\b|\b(morning|afternoon|evening|noon|midday|midnight)\b/i;
const CONSEQUENCE =
  /[£$€]\s?\d|\d\s?%|\b(charged?|fees?|lose|lost|forfeit(ed)?|refund(ed|able)?|non-refundable|keep (the|your) deposit|pay (the )?full)\b/i;
const DEADLINE = new RegExp(
  `(?:${DURATION.source})\\s+(?:or more\\s+)?(?:before|after|in advance|ahead|beforehand|prior|notice)\\b`,
  'gi',
);
/** "Every 6 weeks", "once a year", "twice a month": how often, which no length of time answers. */
const FREQUENCY =
  /\bevery\s+(\d[\d,]*\s*(to|-|–)?\s*\d*\s*)?(other\s+)?(day|week|month|year|fortnight|\w+\s+(miles|weeks|months|years|days))|\bevery\s+(few|couple of|\d+)\b|\b(once|twice|\w+ times)\s+(a|per|every)\s+(day|week|month|year|fortnight)\b|\b(daily|weekly|fortnightly|monthly|yearly|annually)\b/i;
const FREQUENCY_PHRASE = new RegExp(FREQUENCY.source, 'gi');
/** "Is Dave in today?", "is Dr Okafor working tomorrow?": whether a person is there, which only a rota or working days answer. */
const ASKS_PRESENCE =
  /^\W*(and |so )?(is|will)\s+(?!(you|it|that|this|there|they|we|anyone|anybody|someone|somebody)\b)[a-z.'’]+(\s+[a-z.'’]+){0,2}\s+(be\s+)?(in|working|at work|around|about|here|on (shift|duty)|off|back|free)\b/i;
const PRESENCE =
  /\b(works?|working|in on|days? off|rota|shifts?|on holiday|off (on|every)|(mon|tues|wednes|thurs|fri|satur|sun)days?)\b/i;
const COUNT = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred)\b/i;

/** "How long does it take?", "how much notice?": asks for a length of time, which a service's price never answers. */
export const asksForLength = (message: string) => answerTypeOf(message) === 'duration';

/** "How long does a balayage take?": the sentence of the named service's own description that gives a length of time. */
export function lengthFromService(match: { services: ServiceFact[]; exact: boolean } | null): Answer | null {
  const service = match?.exact ? match.services[0] : null;
  const sentence = sentences(service?.description ?? '').find((candidate) =>
    DURATION.test(candidate.replace(FREQUENCY_PHRASE, ' ')),
  );
  return service && sentence
    ? { text: sentence, sources: [{ kind: 'service', _id: service._id, type: 'service', title: service.name }] }
    : null;
}

function answerTypeOf(message: string): AnswerType {
  const text = message.toLowerCase();
  // "How much notice / time?" asks for a length of time, not a price.
  if (/\bhow much (notice|time|warning|lead time)\b|\bhow (far|long) (ahead|in advance|before)\b/.test(text))
    return 'duration';
  if (
    /\b(do|will|would) you charge\b|\bis there (a|an|any) (extra |additional |minimum )?(charge|fee|cost)\b|\bcharge (extra|more)\b|\b(extra|additional) (charge|cost|fee)s?\b/.test(
      text,
    )
  )
    return 'price';
  if (
    /\bhow much\b|\bwhat (does|do|would|will) .*\b(cost|charge)\b|\bwhat('s| is| are) (the|your) (costs?|prices?|charges?|fees?|rates?)\b|\bprices? (of|for)\b|\bprices\b|£|\$|€/.test(
      text,
    )
  )
    return 'price';
  if (/\bhow often\b|\bhow (frequently|regularly)\b/.test(text)) return 'frequency';
  if (ASKS_PRESENCE.test(message)) return 'presence';
  if (/\bhow long\b/.test(text)) return 'duration';
  if (/\bhow (soon|quickly|fast)\b|\bwhen can (you|someone)\b/.test(text)) return 'soon';
  if (/\bwhat time\b|\bwhen (do|does|is|are)\b/.test(text)) return 'time';
  if (/\bhow many\b/.test(text)) return 'count';
  if (/\bwhat (should|do|can|must) (i|we) do\b|\bhow (do|can|should) (i|we)\b|\bwhat to do\b/.test(text))
    return 'advice';
  if (/^\W*where\b/.test(text)) return 'place';
  // "What happens if I cancel?": the answer is what it costs or what is lost, not the rule that comes first.
  if (
    /\bwhat happens (if|when)\b|\bwhat if (i|we)\b|\b(will|do|would) (i|we) (lose|forfeit|be charged|have to pay|get (it|my|our|the) [a-z ]*back)\b/.test(
      text,
    )
  )
    return 'consequence';
  return 'other';
}

function answerTypeHolds(type: AnswerType, text: string): boolean {
  switch (type) {
    case 'price':
      return MONEY.test(text);
    case 'duration':
      return DURATION.test(text.replace(FREQUENCY_PHRASE, ' '));
    case 'frequency':
      return FREQUENCY.test(text);
    case 'presence':
      return PRESENCE.test(text);
    case 'soon':
      return SOON.test(text);
    case 'time':
      return CLOCK.test(text);
    case 'count':
      return COUNT.test(text);
    case 'place':
      return PLACE.test(text);
    case 'consequence':
      return CONSEQUENCE.test(text);
    default:
      return true;
  }
}

/** Must an answer of this type show it (an amount for "how much")? The others only prefer it. */
const answerTypeRequired = (type: AnswerType) =>
  type === 'price' || type === 'duration' || type === 'frequency' || type === 'presence' || type === 'soon';
const answerTypeScored = (type: AnswerType) => type !== 'other' && type !== 'advice';

/** One or two subject words: all; more: all but one. */
const requiredCount = (count: number) => (count <= 2 ? count : count - 1);

/** Ask-words: how a question is put, never what it is about. */
const QUESTION_WORD_LIST = [
  'long',
  'soon',
  'far',
  'often',
  'quick',
  'quickly',
  'fast',
  'early',
  'late',
  'usual',
  'usually',
  'normally',
  'typically',
  'currently',
  'now',
  'today',
  'tomorrow',
  'time',
  'day',
  'week',
  'new',
  'old',
  'do',
  'make',
  'come',
  'go',
  'take',
  'give',
  'look',
  'find',
  'ask',
  'done',
  'need',
  'use',
  'help',
  'work',
  'keep',
  'happen',
  'extra',
  'best',
  'much',
  'many',
];
const QUESTION_WORDS = new Set(QUESTION_WORD_LIST.map(termKey));

type Question = {
  text: string;
  /** The business's everyday words as the caller wrote them: left out when comparing meanings. */
  everydayWords: Set<string>;
  judge: Term[];
  generic: Term[];
  type: AnswerType;
  /** Compounds: a content word and the next ("heat pump", "credit card"); never a plural first ("plumbers DBS"). */
  pairs: [string, string][];
  /** Words of the business's trade: may be left out of a passage unless part of a compound. */
  domain: Set<string>;
  /** Keys of the words naming the business's services and products, less the trade's everyday words. */
  items: Set<string>;
  /** Keys of every word of the question. */
  keys: Set<string>;
  /** "How long does it take?" (a length), not "how long before?" (a deadline, said with "before"). */
  asksLength: boolean;
  /** "Do you offer dog walking?": whether the business does something, which an instruction to the caller never says. */
  asksOffer: boolean;
  /** "If I cancel the day before": how many hours ahead the caller's case is, or null. */
  leadHours: number | null;
  /** Keys of the verbs the caller does ("if I can't collect my car", "can I pay later"): "we collect your car" is the business doing them. */
  callerDoes: Set<string>;
  /** "What's best for …?", "what would you recommend?": which of the business's offers fits the caller's case. */
  asksRecommendation: boolean;
  /** A make, brand or model the caller names ("Worcester boilers"): its key, and the key of the thing it is a make of. */
  named: Map<string, string>;
};

const RECOMMENDATION =
  /\bwhat(?:'s| is| would be| will be)? (?:the )?(?:best|ideal|right|recommended)\b|\bwhat (?:would|do|can) you (?:recommend|suggest|advise)\b|\bwhich (?:one|service|treatment|option) (?:should|would|is best)\b/i;
/** A service that passes for a recommendation outranks a rule or a page that merely shares its words. */
const OFFER_BONUS = 2;

/** "all makes of boiler", "any brand of washing machine", "every model": the passage covers whatever make the caller names. */
const EVERY_MAKE =
  /\b(all|any|every|most) (major |leading |popular |common )?(makes?|brands?|models?|manufacturers?)\b/i;

/**
 * The makes a caller names: a capitalised word inside the sentence that is none of the
 * business's own words, followed by what it is a make of ("a Bosch washing machine").
 */
function namedMakes(message: string, judge: Term[], domain: Set<string>): Map<string, string> {
  const named = new Map<string, string>();
  for (const match of message.matchAll(/(?<=[a-z,] )([A-Z][a-z]+) ((?:[a-z]+ )?[a-z]+)/g)) {
    const make = judge.find((term) => term.word === match[1].toLowerCase());
    if (!make || domain.has(make.key)) continue;
    const things = match[2].split(' ').map((word) => termKey(word));
    const thing = things.at(-1)!;
    if (judge.some((term) => term.key === thing)) named.set(make.key, thing);
  }
  return named;
}

/** The named makes a passage covers by saying it works on all of them, with the thing they are makes of. */
function coveredMakes(question: Question, said: string, keys: Set<string>): Set<string> {
  const covered = new Set<string>();
  if (!question.named.size || !EVERY_MAKE.test(said)) return covered;
  for (const [make, thing] of question.named) if (keys.has(thing)) covered.add(make);
  return covered;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};
const UNIT_HOURS: Record<string, number> = { hour: 1, day: 24, week: 168 };
const unitHours = (unit: string) => UNIT_HOURS[unit.toLowerCase().replace(/s$/, '')] ?? 0;
const amount = (text: string) => NUMBER_WORDS[text.toLowerCase()] ?? Number(text);

/** "the day before", "three days before", "48 hours ahead", "on the day": the caller's own lead time, in hours. */
function leadTimeOf(message: string): number | null {
  const text = message.toLowerCase();
  const counted =
    /\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (hours?|days?|weeks?) (before|beforehand|ahead|in advance|notice)\b/.exec(
      text,
    );
  if (counted) return amount(counted[1]) * unitHours(counted[2]);
  if (/\bthe (day|night) before\b/.test(text)) return 24;
  if (
    /\b(on the day|on the morning|same day|that morning)\b/.test(text) &&
    /\b(cancel|cancell?ing|move|moving|change|rearrange|miss)\b/.test(text)
  )
    return 0;
  return null;
}

/**
 * A rule for a lead time the caller's is not: "with 48 hours' notice or more" to one cancelling
 * the day before, "with less than 24 hours' notice" to one cancelling a week ahead.
 */
function otherLeadTime(leadHours: number | null, said: string): boolean {
  if (leadHours === null) return false;
  const text = said.toLowerCase().replace(/['’]/g, '');
  const N = '(\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (hours?|days?|weeks?)';
  for (const match of text.matchAll(
    new RegExp(`\\b(?:at least|more than|over|up to) ${N}|\\b${N} (?:notice )?or more\\b`, 'g'),
  )) {
    const count = match[1] ?? match[3];
    const unit = match[2] ?? match[4];
    if (leadHours < amount(count) * unitHours(unit)) return true;
  }
  for (const match of text.matchAll(new RegExp(`\\b(?:less than|under|within|fewer than) ${N}`, 'g'))) {
    if (leadHours >= amount(match[1]) * unitHours(match[2])) return true;
  }
  return false;
}

const MODAL =
  "(?:can(?:'t|not)?|could(?:n't)?|will|won't|would|might|may|must|should|have to|need to|want to|don't|do not|didn't|am able to|be able to|just)";
const CALLER_VERB = new RegExp(`\\b(?:i|we)\\s+(?:${MODAL}\\s+)*([a-z]+)`, 'gi');
const BUSINESS_VERB = (side: string) => new RegExp(`\\b${side}\\s+(?:${MODAL}\\s+)*([a-z]+)`, 'gi');

/** The keys of the verbs after "I"/"we" in a caller's question (less "be", "have", "get" and the like, which name no action). */
function callerVerbs(message: string): Set<string> {
  const keys = new Set<string>();
  for (const match of message.matchAll(CALLER_VERB)) {
    const verb = match[1].toLowerCase();
    if (
      /^(am|be|is|are|was|have|has|had|get|got|do|need|want|like|know|think|see|just|also|still|the|a|an|my|your)$/.test(
        verb,
      )
    )
      continue;
    keys.add(termKey(verb));
  }
  return keys;
}

/**
 * "If I can't collect my car…" is not answered by "we collect your car from home" (nor by a stored
 * "Can you collect my car?"): a verb of the caller's that the text only says of the business
 * ("we", or "you" in a question put to it) is another action.
 */
function doneByTheBusiness(question: Question, said: string, asked: string): boolean {
  if (!question.callerDoes.size) return false;
  const byBusiness = (text: string, side: string) =>
    new Set([...text.matchAll(BUSINESS_VERB(side))].map((match) => termKey(match[1])));
  const saidKeys = keyPositions(said);
  const ours = byBusiness(said, 'we');
  const theirs = asked ? byBusiness(asked, 'you') : new Set<string>();
  return [...question.callerDoes].some((key) => {
    const inSaid = saidKeys.get(key)?.length ?? 0;
    const ourCount = [...said.matchAll(BUSINESS_VERB('we'))].filter((match) => termKey(match[1]) === key).length;
    if (inSaid) return ours.has(key) && ourCount >= inSaid;
    return theirs.has(key);
  });
}

const isPlural = (word: string) => word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word);

function readQuestion(message: string, options: KnowledgeOptions): Question | null {
  const domain = new Set((options.domainWords ?? []).map(termKey));
  // A bare number ("it's a 2019 car", "for 15 people") is a detail of the caller's case, never what the question is about.
  const all = questionTerms(message).map((term) =>
    domain.has(term.key) ? { ...term, specific: true } : /^\d+$/.test(term.word) ? { ...term, specific: false } : term,
  );
  let judge = all.filter((term) => term.specific);
  const generic = all.filter((term) => !term.specific);
  if (!judge.length) {
    // Nothing specific ("how long have you been in business?"): the generic subject words decide, all of them.
    judge = generic.filter((term) => !QUESTION_WORDS.has(term.key));
    if (!judge.length) return null;
  }
  const sequence = words(message).map((word) => word.replace(/'/g, ''));
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < sequence.length; index += 1) {
    const a = judge.find((term) => term.word === sequence[index]);
    const b = judge.find((term) => term.word === sequence[index + 1]);
    // A caller's own number ("20 minutes late", "for 15 people") is a detail of their case, never half of a compound.
    // Nor is a describing word in -ly or an order ("hourly rate", "first groom"): the passage may say it of another word ("per hour", "first visit").
    if (
      a &&
      b &&
      a.key !== b.key &&
      a.specific &&
      b.specific &&
      !isPlural(a.word) &&
      !/^\d/.test(a.word) &&
      !/ly$|^(first|second|third|last|next)$/.test(a.word)
    )
      pairs.push([a.key, b.key]);
  }
  const everydayWords = new Set(words(message).filter((word) => domain.has(termKey(word))));
  const items = new Set((options.itemWords ?? []).map(termKey).filter((key) => !domain.has(key)));
  const asksLength =
    /\bhow long\b/i.test(message) && !/\b(before|in advance|ahead|beforehand|notice|prior)\b/i.test(message);
  const asksOffer =
    /\b(do|does|can|could|will|would) (you|u|they) (do|offer|provide|sell|supply|stock|make|run|carry|have|take)\b/i.test(
      message,
    );
  return {
    text: message,
    everydayWords,
    judge,
    generic,
    type: answerTypeOf(message),
    pairs,
    domain,
    items,
    keys: termKeys(message),
    asksLength,
    asksOffer,
    callerDoes: callerVerbs(message),
    leadHours: leadTimeOf(message),
    named: namedMakes(message, judge, domain),
    asksRecommendation: RECOMMENDATION.test(message),
  };
}

function keyPositions(text: string): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  words(text).forEach((word, index) => {
    for (const key of termKeys(word)) {
      const list = positions.get(key) ?? [];
      list.push(index);
      positions.set(key, list);
    }
  });
  return positions;
}

/**
 * A compound of the question must be in the passage as one: both words there, and within
 * one text either side by side (any order) or in the question's order ("credit and debit
 * cards", "we cover Leeds, ..., Otley", "we accept cards ... and cash"), never reversed
 * further apart ("a powerful pump ... your heating system" is no "heat pump").
 */
function pairsHold(question: Question, said: string, topic: Set<string>, loose: Set<string>): boolean {
  if (!question.pairs.length) return true;
  const positions = keyPositions(said);
  return question.pairs.every(([a, b]) => {
    const left = positions.get(a);
    const right = positions.get(b);
    // A word matched by meaning has no place to be next to ("can't eat gluten" ~ "gluten-free bread"),
    // but its partner must still be there: "bread making classes" is not answered by "bread… made".
    if (loose.has(a) && loose.has(b)) return true;
    if (loose.has(a)) return Boolean(right || topic.has(b));
    if (loose.has(b)) return Boolean(left || topic.has(a));
    if (!(left || topic.has(a)) || !(right || topic.has(b))) return false;
    if (!left || !right) return true;
    return left.some((i) => right.some((j) => Math.abs(i - j) <= 3 || j > i));
  });
}

const weight = (terms: Term[]) => terms.reduce((sum, term) => sum + (term.specific ? 1 : 0.4), 0);

type Judged = { pass: boolean; score: number; topicHoldsAll: boolean };

/** The words around a passage that name its subject (heading, stored question): their keys, and the text for matching by meaning. */
type Topic = { keys: Set<string>; text: string };

const topicOf = (text: string): Topic => ({ keys: termKeys(text), text });

/** A subject word missing from the passage is still there when the passage has a word this alike ("bring" ~ "deliver", "eat" ~ "food"). */
const SOFT_MATCH = 0.8;
/** A word this telling ("vegan", "loyalty", a name) missing from a short question's answer, with nothing related there, means the passage is about something else. */
const STRONG_WORD = 0.85;
const RELATED = 0.6;
/** A passage that needed a match by meaning must also mean what the question means, this much. */
const MEANING_FLOOR = 0.55;

function closestWord(word: string, candidates: string[]): number {
  let best = 0;
  for (const candidate of candidates) best = Math.max(best, wordSimilarity(word, candidate));
  return best;
}

/**
 * Score a piece of text that would be said, given the topic words around it (heading,
 * stored question). `waivable`: the business's everyday words, which may be left out
 * when another subject word is in the text (never a word of a compound).
 */
function judgeText(question: Question, said: string, topicWords: Topic, waivable: Set<string>): Judged {
  const topic = topicWords.keys;
  const keys = termKeys(said);
  const exact = (term: Term) => keys.has(term.key) || topic.has(term.key);
  const around = contentWords(`${said} ${topicWords.text}`);
  const missing = question.judge
    .filter((term) => !exact(term))
    .map((term) => ({ term, closest: closestWord(term.word, around), action: describesAnAction(term.word) }));
  // At most one word by meaning, and never the only one: a sibling word ("coffee" ~ "tea") alone is no answer.
  const soft = missing
    .filter(
      (entry) =>
        entry.action &&
        entry.closest >= SOFT_MATCH &&
        around.some((word) => describesAnAction(word) && wordSimilarity(entry.term.word, word) >= SOFT_MATCH),
    )
    .slice(0, question.judge.length > 1 ? 1 : 0);
  const softKeys = new Set([...soft.map((entry) => entry.term.key), ...coveredMakes(question, said, keys)]);
  const present = (term: Term) => exact(term) || softKeys.has(term.key);
  const strongMissing = missing.some(
    (entry) =>
      !softKeys.has(entry.term.key) &&
      entry.closest < RELATED &&
      wordImportance(entry.term.word) >= STRONG_WORD &&
      !waivable.has(entry.term.key),
  );
  const paired = new Set(question.pairs.flat());
  const canWaive = (term: Term) => waivable.has(term.key) && !paired.has(term.key);
  const covered = question.judge.filter(present);
  const inText = question.judge.filter((term) => keys.has(term.key));
  // The heading names the subject when it holds every subject word and one that is not an everyday word of the business
  // ("Boiler servicing" for "boiler service"; "Are your engineers DBS checked?" is not about "how many engineers").
  const topicHoldsAll =
    question.judge.every((term) => topic.has(term.key)) &&
    (question.judge.some((term) => !waivable.has(term.key)) ||
      question.generic.some((term) => !QUESTION_WORDS.has(term.key) && topic.has(term.key)));
  const anchored = inText.some((term) => !canWaive(term)) || topicHoldsAll;
  const waived = anchored ? question.judge.filter((term) => !present(term) && canWaive(term)) : [];
  const needed = Math.max(1, requiredCount(question.judge.length - waived.length));
  // "72 hours before collection" is a deadline: no answer to how long something takes.
  const typeText =
    question.type === 'soon'
      ? clausesOnSubject(question, said)
      : question.type === 'duration' && question.asksLength
        ? said.replace(DEADLINE, ' ')
        : said;
  const typeHolds = answerTypeHolds(question.type, typeText);
  // "What do you charge to deliver?" is not answered by what wedding-cake delivery costs: the amount is another item's.
  const otherItem = question.type === 'price' && aboutOtherItem(question, said, topic);
  // Only the business's everyday words ("how old is too old for a boiler?"): any passage holds them, so only one whose heading is on the question will do.
  const onlyEveryday = question.judge.every((term) => waivable.has(term.key));
  const meaning = sentenceSimilarity(question.text, `${topicWords.text}\n${said}`);
  const pass =
    covered.length >= needed &&
    !(strongMissing && question.judge.length <= 3) &&
    (!softKeys.size || meaning >= MEANING_FLOOR) &&
    (inText.length >= 1 || topicHoldsAll) &&
    (!onlyEveryday || topicHoldsAll) &&
    (typeHolds || !answerTypeRequired(question.type)) &&
    !otherItem &&
    !doneByTheBusiness(question, said, topicWords.text) &&
    pairsHold(question, said, topic, softKeys);
  const genericCovered = question.generic.filter((term) => keys.has(term.key) || topic.has(term.key));
  // Under a heading that names the whole subject every sentence is on it; the words in the text count for less.
  const score =
    weight(covered) * 2 +
    (topicHoldsAll ? weight(question.judge) * 0.5 + 1 + weight(inText) * 0.5 : weight(inText)) +
    weight(genericCovered) * 0.5 +
    (question.type === 'count'
      ? countsSubject(question, said)
        ? 3
        : typeHolds
          ? 0.5
          : 0
      : typeHolds && answerTypeScored(question.type)
        ? 2
        : 0) +
    (/\d/.test(said) ? 0.2 : 0) +
    meaning * 0.5;
  return { pass, score, topicHoldsAll };
}

/**
 * The text is about another of the business's items when it names one the question does not
 * before naming what was asked ("Wedding cakes are delivered … for £35" to "what do you charge
 * to deliver?"); named after it, the item is only the scope ("quotes for boilers and bathrooms
 * are free").
 */
function aboutOtherItem(question: Question, said: string, topic: Set<string>): boolean {
  const subject = new Set(question.judge.map((term) => term.key));
  // A passage headed by another item (a service's own chunk) is that item's: its heading's words count too.
  const headedByAsked = [...subject].some((key) => topic.has(key));
  // Only a sentence that states an amount can give another item's amount.
  return sentences(said)
    .filter((sentence) => MONEY.test(sentence))
    .some((sentence) => {
      const list = words(sentence).map((word) => termKey(word.replace(/'/g, '')));
      const firstAsked = list.findIndex((key) => subject.has(key));
      const firstOther = list.findIndex(
        (key) => question.items.has(key) && !question.keys.has(key) && !(headedByAsked && topic.has(key)),
      );
      return firstOther >= 0 && (firstAsked < 0 || firstOther < firstAsked);
    });
}

/**
 * "How soon could you do X?": the part of the text that can say how soon — the clauses naming
 * the subject, else the first ("Takes 2 hours; the certificate is emailed within 48 hours"
 * says nothing of how soon the job itself can be done).
 */
function clausesOnSubject(question: Question, said: string): string {
  const clauses = said.split(/;\s*|(?<=[.!?])\s+/).filter((clause) => clause.trim());
  const subject = new Set(question.judge.map((term) => term.key));
  const naming = clauses.filter((clause) => [...termKeys(clause)].some((key) => subject.has(key)));
  return (naming.length ? naming : clauses.slice(0, 1)).join(' ');
}

/** "How many engineers?": a number right before the subject ("nine engineers"). */
function countsSubject(question: Question, said: string): boolean {
  const list = words(said);
  const subject = new Set(question.judge.map((term) => term.key));
  return list.some(
    (word, index) =>
      subject.has(termKey(word)) && list.slice(Math.max(0, index - 2), index).some((before) => COUNT.test(before)),
  );
}

const INSTRUCTION = /^(please|kindly|make sure|remember|don't|do not|always|never|bring|walk|arrive|wear|allow)\b/i;

const PRONOUN_START = /^(it|this|that|these|those|they|he|she|there|which|also|then)\b/i;

/** The best one or two sentences of a passage, with the sentence before when the best one leans on it ("It takes…"). */
function bestWindow(
  question: Question,
  text: string,
  topic: Topic,
  waivable: Set<string>,
): { text: string; score: number } | null {
  const all = sentences(text).filter((sentence) => !isNoise(sentence));
  const list = all.filter((sentence) => !/\?\s*$/.test(sentence));
  // A question in a passage is never said, but it names what the next sentences answer ("Warning light on? We read the fault codes…"): a heading.
  const leadQuestion = (sentence: string) => {
    const before = all[all.indexOf(sentence) - 1];
    return before && /\?\s*$/.test(before) ? before : '';
  };
  let best: { text: string; score: number; end: number } | null = null;
  for (let index = 0; index < list.length; index += 1) {
    for (const size of [1, 2]) {
      if (index + size > list.length) continue;
      let parts = list.slice(index, index + size);
      if (PRONOUN_START.test(parts[0]) && index > 0) parts = [list[index - 1], ...parts];
      const said = parts.join(' ');
      if (said.length > 480) continue;
      // "Please walk your dog before drop-off" tells the caller what to do; it never says the business offers dog walking.
      if (question.asksOffer && parts.some((part) => INSTRUCTION.test(part))) continue;
      if (parts.some((part) => otherLeadTime(question.leadHours, part))) continue;
      const asked = leadQuestion(parts[0]);
      const judged = judgeText(question, said, asked ? topicOf(`${topic.text}\n${asked}`) : topic, waivable);
      if (!judged.pass) continue;
      // One sentence unless the second adds to the answer; the first sentence under a heading on the subject leads it.
      // (Not for "what should I do?": a how-to page opens with the problem, the steps follow.)
      const lead = judged.topicHoldsAll && index === 0 && question.type !== 'advice' ? 1 : 0;
      const score = judged.score + lead - (parts.length - 1) * 0.6 - said.length / 2000 - index * 0.05;
      if (!best || score > best.score) best = { text: said, score, end: index + size };
    }
  }
  if (!best) return null;
  // "What should I do?": the passage's next sentence is usually the instruction that follows the problem.
  if (
    question.type === 'advice' &&
    best.end < list.length &&
    best.text.length < 300 &&
    !/^(posted|share|by)\b/i.test(list[best.end])
  ) {
    return { text: `${best.text} ${list[best.end]}`, score: best.score };
  }
  return best;
}

const contentKeys = (terms: Term[]) => [
  ...new Set(terms.filter((term) => !QUESTION_WORDS.has(term.key)).map((term) => term.key)),
];

function similarQuestions(question: Question, asked: string): boolean {
  const caller = contentKeys([...question.judge, ...question.generic]);
  const stored = contentKeys(questionTerms(asked));
  if (!caller.length || !stored.length) return false;
  const callerSet = new Set(caller);
  const storedSet = new Set(stored);
  return (
    caller.filter((key) => storedSet.has(key)).length >= requiredCount(caller.length) &&
    stored.filter((key) => callerSet.has(key)).length >= requiredCount(stored.length)
  );
}

const DETAIL_LEAD = new Set(['for', 'with', 'to', 'from', 'by', 'at', 'on', 'in', 'my', 'our', 'his', 'her', 'their']);

/** "…for my mum", "…with my son": the word follows, within two words, one that leads a detail of the caller's own case. */
function inDetailPhrase(text: string, word: string): boolean {
  const list = words(text).map((entry) => entry.replace(/'/g, ''));
  const at = list.indexOf(word);
  return at > 0 && list.slice(Math.max(0, at - 2), at).some((before) => DETAIL_LEAD.has(before));
}

/** "can I sign up", "we book in": a word after a subject or a modal, or before a particle, is the caller's verb, not a thing. */
function saidAsVerb(text: string, word: string): boolean {
  const list = words(text).map((entry) => entry.replace(/'/g, ''));
  const at = list.indexOf(word);
  return (
    at >= 0 &&
    (/^(i|we|you|to|can|could|will|would|do|please)$/.test(list[at - 1] ?? '') ||
      /^(up|in|out|off|on|over)$/.test(list[at + 1] ?? ''))
  );
}

/** A stored question means the caller's when their sentence vectors are this alike (paraphrases ~0.8, other questions of the same business ~0.5-0.7). */
const SAME_MEANING = 0.78;

/**
 * The caller asks the stored question in other words ("can I buy a gift voucher for my
 * mum?" ~ "Do you do gift vouchers?"): alike in meaning, sharing a content word, and no
 * telling word of the caller's (a name, "macarons", "loyalty") left unmatched, but one
 * in a longer question (the "mum").
 */
function sameMeaning(question: Question, asked: string): boolean {
  const caller = contentKeys([...question.judge, ...question.generic]);
  const storedTerms = questionTerms(asked);
  const stored = new Set(contentKeys(storedTerms));
  if (!caller.some((key) => stored.has(key) && !question.domain.has(key))) return false;
  const storedWords = storedTerms.map((term) => term.word);
  const unmatched = [...question.judge, ...question.generic].filter(
    (term) => !stored.has(term.key) && !QUESTION_WORDS.has(term.key) && closestWord(term.word, storedWords) < 0.6,
  );
  // A thing the caller names that the stored question lacks may only be a detail of their case, said after
  // "for", "with"…: "a gift voucher for my mum" is "gift vouchers"; "bread making classes" is not "the bread".
  const beside = unmatched.filter(
    (term) =>
      !inDetailPhrase(question.text, term.word) &&
      !describesAnAction(term.word) &&
      !saidAsVerb(question.text, term.word),
  );
  if (beside.some((term) => question.judge.includes(term) || wordImportance(term.word) >= STRONG_WORD)) return false;
  if (unmatched.filter((term) => wordImportance(term.word) >= STRONG_WORD).length > (caller.length >= 3 ? 1 : 0))
    return false;
  return sentenceSimilarity(question.text, asked, question.everydayWords) >= SAME_MEANING;
}

/** An answered question's chunk: "question\n\nanswer" (the question may be left out of later chunks). */
function splitQuestionAnswer(hit: ApiKnowledgeHit): { question: string; answer: string } {
  const paragraphs = hit.text.split(/\n\s*\n/);
  const heading = (hit.heading ?? '').trim().toLowerCase();
  const first = paragraphs[0]?.trim() ?? '';
  if (paragraphs.length > 1 && (first.endsWith('?') || first.toLowerCase() === heading))
    return { question: first, answer: paragraphs.slice(1).join('\n\n').trim() };
  return { question: hit.heading ?? '', answer: hit.text.trim() };
}

type Candidate = { hit: ApiKnowledgeHit; text: string; score: number };

function evaluate(question: Question, hit: ApiKnowledgeHit, waivable: Set<string>): Candidate | null {
  const rankBonus = Math.min(hit.rank, 2) * 0.15;
  if (hit.source.type === 'answered_question') {
    const { question: asked, answer } = splitQuestionAnswer(hit);
    if (!answer) return null;
    return answerTo(question, hit, asked, answer, topicOf(`${hit.heading ?? ''}\n${asked}`), waivable, rankBonus);
  }
  const topic = topicOf(`${hit.heading ?? ''}\n${hit.source.title ?? ''}`);
  if (hit.source.type === 'product') return productAnswer(question, hit, topic, waivable, rankBonus);
  const window = bestWindow(
    question,
    hit.source.kind === 'service' ? serviceChunkSaid(hit) : hit.text,
    topic,
    waivable,
  );
  const offered = question.asksRecommendation && hit.source.kind === 'service' ? OFFER_BONUS : 0;
  let best: Candidate | null = window ? { hit, text: window.text, score: window.score + rankBonus + offered } : null;
  // An FAQ in a page or a pasted text: each question with its answer, like an answered question.
  for (const pair of questionsAndAnswers(hit.text)) {
    const candidate = answerTo(
      question,
      hit,
      pair.question,
      pair.answer,
      topicOf(`${hit.heading ?? ''}\n${pair.question}`),
      waivable,
      rankBonus,
    );
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
  }
  return best;
}

/**
 * A service's chunk as sentences a caller can hear: its name line ("EV charger installation.")
 * is a heading, never an answer, and "Price: From £650." becomes "A consumer unit replacement
 * starts at £650." — the price said with the item it belongs to.
 */
function serviceChunkSaid(hit: ApiKnowledgeHit): string {
  const name = (hit.source.title ?? hit.heading ?? '').trim();
  const bare = (line: string) => line.trim().toLowerCase().replace(/[.]+$/, '');
  return hit.text
    .split(/\n\s*\n/)
    .filter((paragraph) => bare(paragraph) !== bare(name) && !/^one-off service\.?$/i.test(paragraph.trim()))
    .map((paragraph) => {
      const price = /^price:\s*(.+?)\.?$/i.exec(paragraph.trim());
      return price && name
        ? `${capitalizeFirst(namePhrase(nameInSentence(name)))} ${pricePredicate(price[1], takesPluralVerb(name))}.`
        : paragraph;
    })
    .join('\n\n');
}

/**
 * A product is said whole, named as what it is ("Our cardamom buns are £2.80 each:
 * Swedish-style cardamom and cinnamon bun."): one of its sentences alone is a fragment
 * without its name or its price.
 */
function productAnswer(
  question: Question,
  hit: ApiKnowledgeHit,
  topic: Topic,
  waivable: Set<string>,
  rankBonus: number,
): Candidate | null {
  const description = sentences(hit.text).join(' ');
  const name = (hit.source.title ?? hit.heading ?? '').trim();
  const text = name ? productStatement(name, description) : description;
  if (!description || text.length > 480) return null;
  const judged = judgeText(question, text, topic, waivable);
  return judged.pass ? { hit, text, score: judged.score + rankBonus } : null;
}

/** A stored question and its answer: the whole answer when the caller asks the same, else its best sentences. */
function answerTo(
  question: Question,
  hit: ApiKnowledgeHit,
  asked: string,
  answer: string,
  topic: Topic,
  waivable: Set<string>,
  rankBonus: number,
): Candidate | null {
  const clean = sentences(answer).join(' ');
  // The stored question is the caller's when each holds the other's content words (all but one of three or more).
  const sameWords = similarQuestions(question, asked);
  if (sameWords && clean.length <= 420) {
    const whole = judgeText(question, clean, topic, waivable);
    if (whole.pass) return { hit, text: clean, score: whole.score + 2 + rankBonus };
  }
  // The same question in other words: its answer is the owner's answer to this one (a price or a duration still has to be in it).
  if (
    !sameWords &&
    clean &&
    clean.length <= 420 &&
    sameMeaning(question, asked) &&
    (answerTypeHolds(question.type, clean) || !answerTypeRequired(question.type)) &&
    !doneByTheBusiness(question, clean, asked)
  ) {
    const whole = judgeText(question, clean, topic, waivable);
    return { hit, text: clean, score: Math.max(whole.score, 0) + 2 + rankBonus };
  }
  const window = bestWindow(question, answer, topic, waivable);
  return window ? { hit, text: window.text, score: window.score + (sameWords ? 1.5 : 0) + rankBonus } : null;
}

const FAQ_QUESTION = /^\W*(?:q(?:uestion)?\s*[:.)-]\s*)?(.+\?)\W*$/i;

/** "Q: Can I eat in?" (or any line that is a question) and the lines after it up to the next question. */
function questionsAndAnswers(text: string): { question: string; answer: string }[] {
  const pairs: { question: string; answer: string[] }[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const asked = FAQ_QUESTION.exec(trimmed.replace(/[*_]/g, ''));
    if (asked && trimmed.length <= 200) pairs.push({ question: asked[1].trim(), answer: [] });
    else if (pairs.length) pairs[pairs.length - 1].answer.push(trimmed.replace(/^\W*a(?:nswer)?\s*[:.)-]\s*/i, ''));
  }
  return pairs
    .filter((pair) => pair.answer.length)
    .map((pair) => ({ question: pair.question, answer: pair.answer.join('\n') }));
}

function pick(question: Question, hits: ApiKnowledgeHit[], trace?: (line: string) => void): Candidate | null {
  // Only the business's own everyday words: a word most found passages hold is no sign (they were found by it).
  const waivable = question.domain;
  trace?.(
    `judge [${question.judge.map((term) => term.key).join(' ')}] generic [${question.generic.map((term) => term.key).join(' ')}] type ${question.type} pairs [${question.pairs.map((pair) => pair.join('+')).join(' ')}] waivable [${[...waivable].join(' ')}]`,
  );
  let best: Candidate | null = null;
  for (const hit of hits) {
    const candidate = evaluate(question, hit, waivable);
    trace?.(
      `  ${candidate ? candidate.score.toFixed(2).padStart(6) : '     -'} ${hit.source.type} "${hit.heading}" ${candidate ? `=> ${candidate.text.slice(0, 90)}` : ''}`,
    );
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
  }
  return best;
}

/**
 * A second search, when the first found nothing that answers: the subject words that are
 * not the business's everyday words (which crowd the first results: "boiler" at a heating
 * firm), with their synonyms in the website's other words ("mend" → "repair fix").
 */
function focusedQuery(question: Question, waivable: Set<string>): string | null {
  const focus = question.judge.filter((term) => !waivable.has(term.key));
  const extra = focus.flatMap((term) => synonymsOf(term.word).slice(0, 4));
  if (!focus.length || (focus.length === question.judge.length && !extra.length)) return null;
  return [...focus.map((term) => term.word), ...extra].join(' ');
}

const SEARCH_LIMIT = 8;

export async function answerFromKnowledge(
  tools: AssistantTools,
  message: string,
  options: KnowledgeOptions = {},
): Promise<Answer | null> {
  const question = readQuestion(message, options);
  if (!question) return null;
  const hits = await tools.searchKnowledge(message, SEARCH_LIMIT);
  let best = pick(question, hits, options.trace);
  if (!best && (options.maxSearches ?? 2) > 1) {
    const query = focusedQuery(question, question.domain);
    if (query) {
      const seen = new Set(hits.map((hit) => `${hit.source._id}:${hit.text.slice(0, 40)}`));
      const more = (await tools.searchKnowledge(query, SEARCH_LIMIT)).filter(
        (hit) => !seen.has(`${hit.source._id}:${hit.text.slice(0, 40)}`),
      );
      best = pick(question, more, options.trace);
    }
  }
  if (!best) return null;
  // An owner's "Yes, ..." answers a yes-or-no question; to "what happens if ...?" it would sound odd.
  let text = best.text;
  if (/^\W*(what|when|where|which|who|why|how)\b/i.test(message)) {
    const rest = text.replace(/^(yes|no)\s*[,.!]\s*/i, '');
    if (rest !== text && rest) text = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return { text, sources: [hitSource(best.hit)] };
}
