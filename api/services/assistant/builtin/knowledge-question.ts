import { COUNTING_WORD_PATTERN, NUMBER_WORDS_FROM_TWO } from '#api/lib/number-words';
import { isMostlyAdjective, isMostlyVerb } from '#api/services/language/part-of-speech';
import { STOP_WORDS } from '#api/services/language/stop-words';
import { plainVerbs, questionTerms, termKey, termKeys, words, type Term } from './text';
import { AGE_WORD, answerTypeOf, ASKS_LIMIT, type AnswerType } from './knowledge-answer-type';
import { endsAsClauseVerb } from './clause-verb';
import { scopeOf } from './scope-words';
import { callersThings, type Thing } from './kinds-of-things';
import { leadTimeOf } from './lead-time';
import { asksBeingHome } from './being-home';

/** A caller's question read for the knowledge judgement: its subject words, compounds, answer type and the details of the caller's case. */

/** One of the business's services or products, as the knowledge judgement reads it. */
export type Offer = { name: string; description: string | null; price: string | null };

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
  /**
   * The business's services and products: the kinds an offer's description lists ("Event flowers:
   * wedding, funeral and christening arrangements") are met in a passage by the offer's name.
   */
  offers?: Offer[];
  /** At most this many searches (1 or 2: a second one in the synonyms of the subject words). */
  maxSearches?: number;
  /** Explain the judgement (the eval's --trace). */
  trace?: (line: string) => void;
};

/**
 * "Funeral flowers" when the business offers *Event flowers* ("wedding, funeral and christening
 * arrangements"): a word of the caller's that forms a compound with a word of an offer's name and
 * is in that offer's description is a kind of the offer, so a passage naming the offer ("event
 * flower orders need a deposit") speaks of it. The offer's other name words stand for it.
 */
function kindsOfOffers(pairs: [string, string][], offers: Offer[], domain: Set<string>): Map<string, Set<string>> {
  const kinds = new Map<string, Set<string>>();
  for (const offer of offers) {
    const nameKeys = questionTerms(offer.name)
      .filter((term) => term.specific)
      .map((term) => term.key);
    const described = termKeys(offer.description ?? '');
    for (const [kind, thing] of pairs) {
      if (nameKeys.includes(kind) || !nameKeys.includes(thing) || !described.has(kind)) continue;
      const standing = nameKeys.filter((key) => key !== thing && !domain.has(key));
      if (!standing.length) continue;
      const known = kinds.get(kind) ?? new Set<string>();
      for (const key of standing) known.add(key);
      kinds.set(kind, known);
    }
  }
  return kinds;
}

const AMOUNT = /[£$€]\s?(\d[\d,]*(?:\.\d+)?)/;
const amountOf = (text: string): number | null => {
  const found = AMOUNT.exec(text);
  return found ? Number(found[1].replace(/,/g, '')) : null;
};

/** The lowest price of each offer a word of the question names (its telling name words, not the trade's everyday ones). */
function pricesOfNamedOffers(judge: Term[], offers: Offer[], domain: Set<string>): Map<string, number> {
  const prices = new Map<string, number>();
  const asked = new Set(judge.map((term) => term.key));
  for (const offer of offers) {
    const price = amountOf(offer.price ?? '');
    if (price === null) continue;
    for (const term of questionTerms(offer.name)) {
      if (!term.specific || domain.has(term.key) || !asked.has(term.key)) continue;
      prices.set(term.key, Math.min(price, prices.get(term.key) ?? Infinity));
    }
  }
  return prices;
}

/** "For jobs over £1,000 …": a rule by amount, with its amount. */
const RULE_BY_AMOUNT =
  /\b(?:jobs?|work|orders?|bookings?|projects?|treatments?)\s+(?:over|above|(?:of |worth |costing )?(?:more than|over))\s+[£$€]\s?(\d[\d,]*)/i;

/**
 * The caller's item is covered by a rule by amount ("for jobs over £1,000 we take a 25% deposit")
 * when its price is at least that much ("Full rewire: from £4,200"); one that costs less is not.
 */
export function coveredByAmount(question: Question, key: string, said: string): boolean {
  const price = question.itemPrices.get(key);
  const rule = RULE_BY_AMOUNT.exec(said);
  return price !== undefined && rule !== null && price >= Number(rule[1].replace(/,/g, ''));
}

export const requiredCount = (count: number) => (count <= 2 ? count : count - 1);

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
export const QUESTION_WORDS = new Set(QUESTION_WORD_LIST.map(termKey));

export type Question = {
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
  /** Keys of every word naming the business's offers, its everyday words among them ("class" at a studio). */
  offerWords: Set<string>;
  /** Keys of the subject words said only as the scope of what is asked ("deals for first timers": first, timer), and of the thing asked (deal). */
  scope: { scope: Set<string>; asked: Set<string> };
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
  /** A kind the caller names with a word of an offer's name ("funeral flowers"), listed in its description: its key, and the keys of the offer's name that stand for it ("event"). */
  kinds: Map<string, Set<string>>;
  /** The caller's things that have near general kinds ("corn snake" → reptile): a passage naming the kind names them. */
  things: Thing[];
  /** The lowest price of each offer the caller names, by the keys of its name's telling words ("rewire" → 4200). */
  itemPrices: Map<string, number>;
  /** A make, brand or model the caller names ("Worcester boilers"): its key, and the key of the thing it is a make of. */
  named: Map<string, string>;
  /** The caller's own thing, told first and asked about with "it"/"them" (ownThing): or null. */
  ownThing: OwnThing | null;
  /** The caller's own people ("my husband"): a detail, but a rule for other people is no answer for them. */
  people: Set<string>;
  /** Keys of what the caller does on the occasion asked about ("when I bring him in"): a passage may leave them out. */
  occasion: Set<string>;
  /** "Do I need to be in when you come?": whether someone must be at home (being-home.ts). */
  asksBeingHome: boolean;
};

/** "I've bought my own brake discs online, will you fit them?": what the caller did (bought) and every word the question asks with (fit). */
export type OwnThing = { did: string[]; asks: string[] };

const ASKING =
  /[,.;!]\s*(?:so\s+|but\s+|and\s+)?((?:can|could|will|would|do|does|should|may|might)\s+(?:i|we|you)\b[^?.!]*)\??\s*$/i;

/**
 * "I've bought my own brake discs online, will you fit them?", "The loaf I bought this morning is
 * stale, can I bring it back?": the caller tells what they did, then asks about the thing with
 * "it" or "them". The passage may name the thing by its kind ("parts you have bought yourself",
 * "bread … bought in the shop") when it holds every word of the question and a verb of what
 * the caller did; without such a verb ("my grips are worn") the thing is not the caller's doing.
 */
function ownThingOf(plain: string, judge: Term[], generic: Term[]): OwnThing | null {
  const match = ASKING.exec(plain);
  if (!match || !/\b(it|them)\b/i.test(match[1])) return null;
  const told = plain.slice(0, match.index);
  if (!/\b(i|i've|i'd|we|we've|my|our)\b/i.test(told)) return null;
  const toldKeys = termKeys(told);
  const askKeys = termKeys(match[1]);
  const did = judge.filter((term) => toldKeys.has(term.key) && !askKeys.has(term.key) && isMostlyVerb(term.word));
  // By the word: "fit" shares its key with the ask-word "new".
  const asks = [...judge, ...generic].filter(
    (term) => askKeys.has(term.key) && !QUESTION_WORD_LIST.includes(term.word),
  );
  if (!did.length || !asks.length) return null;
  return { did: did.map((term) => term.key), asks: asks.map((term) => term.key) };
}

const RECOMMENDATION =
  /\bwhat(?:'s| is| would be| will be)? (?:the )?(?:best|ideal|right|recommended)\b|\bwhat (?:would|do|can) you (?:recommend|suggest|advise)\b|\bwhich (?:one|service|treatment|option) (?:should|would|is best)\b/i;
/** A service that passes for a recommendation outranks a rule or a page that merely shares its words. */
export const OFFER_BONUS = 2;

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
export function coveredMakes(question: Question, said: string, keys: Set<string>): Set<string> {
  const covered = new Set<string>();
  if (!question.named.size || !EVERY_MAKE.test(said)) return covered;
  for (const [make, thing] of question.named) if (keys.has(thing)) covered.add(make);
  return covered;
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
export function doneByTheBusiness(question: Question, said: string, asked: string): boolean {
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

/** "late picking up", "my hair dyed": a thing and what is done to it, which a passage may say in any order; no compound. */
const VERB_FORM = /^[a-z]{3,}ing$|^[a-z]+[^e]ed$/;

const isPlural = (word: string) => word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word);

/** A number, in digits or words ("2019", "four more"), but not "one" ("the one with…"): a detail of the caller's case. */
const isCounted = (word: string) => /^\d+$/.test(word) || word === 'couple' || NUMBER_WORDS_FROM_TWO.has(word);

/** When the caller did something ("last month", "two weeks ago", "yesterday"): a detail of their case, never the subject. */
const WHEN_IT_HAPPENED = new RegExp(
  String.raw`\b(last|past) (night|week|weekend|month|year|summer|winter|spring|autumn|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(${COUNTING_WORD_PATTERN}|few|couple of|\d+) (days?|weeks?|months?|years?) ago\b|\b(yesterday|ago|recently|lately)\b`,
  'gi',
);
const wordsOfWhenItHappened = (text: string) =>
  new Set([...text.matchAll(WHEN_IT_HAPPENED)].flatMap((match) => words(match[0])));

/**
 * "Is there anywhere to park when I bring him in?": what the caller does on the occasion they ask about
 * (the verb after "when I", "once we", "while I'm…") is when, not what; the passage on parking never says it,
 * so it may be left out like an everyday word of the trade (it still counts where the passage says it).
 * Only the verb: its object may be the subject ("can I pay by card when I collect the cake?").
 */
const CALLERS_OCCASION = new RegExp(
  String.raw`\b(?:when|whenever|while|once)\s+(?:i|we|i'm|we're|i am|we are)\s+(?:${MODAL}\s+)*([a-z]+)`,
  'gi',
);
const wordsOfTheCallersOccasion = (text: string) =>
  new Set([...text.matchAll(CALLERS_OCCASION)].map((match) => match[1].toLowerCase()));

/** How often a thing the caller names comes ("a monthly flower subscription", "weekly classes"): a detail of the thing, not its subject. */
const HOW_OFTEN = /\b(daily|weekly|fortnightly|monthly|yearly|annual)\s+(?!payments?\b|instalments?\b)[a-z]+/gi;
const wordsOfHowOften = (text: string) => new Set([...text.matchAll(HOW_OFTEN)].map((match) => match[1].toLowerCase()));

/** People a caller speaks of: family, friends, the people around them. */
export const PERSON =
  /^(mum|mom|mother|dad|father|parent|son|daughter|child|kid|baby|husband|wife|partner|fianc[eé]e?|boyfriend|girlfriend|brother|sister|sibling|nan|nana|gran|granny|grandma|grandmother|grandad|granddad|grandpa|grandfather|grandson|granddaughter|grandchild|aunt|auntie|uncle|niece|nephew|cousin|friend|neighbour|neighbor|colleague|boss|family)s?$/;
const POSSESSIVE = /^(my|our|his|her|their)$/;

/**
 * "my elderly mum", "for my grandad", "my sister's birthday": the people of the caller's own
 * case (a person word within two words after "my", "our"…) say who it is for, never what the
 * question is about. A person asked about without one ("frames for toddlers") stays a subject word.
 */
function callersPeople(plain: string): Set<string> {
  const list = words(plain).map((word) => word.replace(/'/g, ''));
  return new Set(
    list.filter(
      (word, index) =>
        PERSON.test(word) && list.slice(Math.max(0, index - 2), index).some((before) => POSSESSIVE.test(before)),
    ),
  );
}

/**
 * "One person travelling on their own", "guests staying with a dog": a participle right after a person, with the
 * rest of its clause, says who the person is (a reduced relative clause), never what is asked; "dog grooming" and
 * "boiler servicing" (a thing and a gerund, no clause after) stay compounds.
 */
const PEOPLE = /^(person|people|adults?|guests?|someone|somebody|anyone|anybody|everyone)$/;
const CLAUSE_GOES_ON = /^(on|in|with|from|for|at|by|to|alone|together|over|without|around)$/;
function whatThePeopleAreDoing(plain: string): Set<string> {
  const list = words(plain).map((word) => word.replace(/'/g, ''));
  return new Set(
    list.filter(
      (word, index) =>
        index > 0 &&
        /^[a-z]{3,}ing$/.test(word) &&
        (PERSON.test(list[index - 1]) || PEOPLE.test(list[index - 1])) &&
        CLAUSE_GOES_ON.test(list[index + 1] ?? ''),
    ),
  );
}

const COPULA = /^(is|are|was|were|isnt|arent|wasnt|werent)$/;
const DETERMINER = /^(the|your|my|our|his|her|their|this|that|these|those|a|an)$/;

/**
 * "Is your gluten free bread safe for her?": an adjective that ends the noun phrase a copula
 * opened says something of the noun (the passage may say it anywhere, or in other words); it
 * is no compound with it. "Is it gluten free?" and "gluten free bread" stay compounds.
 */
function saidOfTheNoun(message: string, sequence: string[], index: number): boolean {
  const [noun, adjective] = [sequence[index], sequence[index + 1]];
  const next = sequence[index + 2];
  if (!isMostlyAdjective(adjective) || (next !== undefined && !STOP_WORDS.has(next))) return false;
  // Written as one word ("cruelty-free"), it is one.
  if (new RegExp(`\\b${noun}-${adjective}\\b`, 'i').test(message)) return false;
  // The noun heads the phrase the copula opened: "are your products cruelty free?" has its head (products) before.
  return sequence.some(
    (word, at) =>
      COPULA.test(word) &&
      DETERMINER.test(sequence[at + 1] ?? '') &&
      at + 1 < index &&
      !sequence.slice(at + 2, index).some(isPlural),
  );
}

export function readQuestion(message: string, options: KnowledgeOptions): Question | null {
  const domain = new Set((options.domainWords ?? []).map(termKey));
  // A bare number ("it's a 2019 car", "for 15 people") and the caller's own people ("my mum") are details of their case,
  // never what the question is about. Words of the question as the owner would write them ("picking her up" → collecting her).
  const plain = plainVerbs(message);
  const people = callersPeople(plain);
  const peopleDoing = whatThePeopleAreDoing(plain);
  const when = wordsOfWhenItHappened(plain);
  const howOften = wordsOfHowOften(plain);
  const occasion = wordsOfTheCallersOccasion(plain);
  const type = answerTypeOf(message);
  // "How old do you have to be?": the age the passage gives answers "old"; the passage need not say it.
  const limitWord = type === 'limit' ? ASKS_LIMIT.exec(message)?.[1].toLowerCase() : undefined;
  const all = questionTerms(plain)
    .filter((term) => type !== 'age' || !AGE_WORD.test(term.word))
    // "How late can I cancel?": the deadline the passage gives answers "late"; the passage need not say it.
    .filter((term) => term.word !== limitWord)
    .map((term) =>
      domain.has(term.key)
        ? { ...term, specific: true }
        : isCounted(term.word) ||
            people.has(term.word) ||
            when.has(term.word) ||
            howOften.has(term.word) ||
            peopleDoing.has(term.word)
          ? { ...term, specific: false }
          : term,
    );
  let judge = all.filter((term) => term.specific);
  const generic = all.filter((term) => !term.specific);
  if (!judge.length) {
    // Nothing specific ("how long have you been in business?"): the generic subject words decide, all of them.
    judge = generic.filter((term) => !QUESTION_WORDS.has(term.key));
    if (!judge.length) return null;
  }
  const sequence = words(plain).map((word) => word.replace(/'/g, ''));
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
      !/ly$|^(first|second|third|last|next)$/.test(a.word) &&
      !VERB_FORM.test(b.word) &&
      !saidOfTheNoun(message, sequence, index) &&
      !endsAsClauseVerb(plain, sequence, index + 1)
    )
      pairs.push([a.key, b.key]);
  }
  const everydayWords = new Set(words(message).filter((word) => domain.has(termKey(word))));
  const items = new Set((options.itemWords ?? []).map(termKey).filter((key) => !domain.has(key)));
  const asksLength =
    /\bhow long\b/i.test(message) && !/\b(before|in advance|ahead|beforehand|notice|prior)\b/i.test(message);
  // "Do you have to be 17?" asks what the caller must do, not what the business has.
  const asksOffer =
    /\b(do|does|can|could|will|would) (you|u|they) (do|offer|provide|sell|supply|stock|make|run|carry|have|take)\b(?! to\b)/i.test(
      message,
    );
  return {
    text: message,
    everydayWords,
    judge,
    generic,
    type,
    pairs,
    domain,
    items,
    offerWords: new Set((options.itemWords ?? []).map(termKey)),
    scope: scopeOf(message, judge),
    keys: termKeys(plain),
    asksLength,
    asksOffer,
    callerDoes: callerVerbs(plain),
    leadHours: leadTimeOf(message),
    named: namedMakes(message, judge, domain),
    kinds: kindsOfOffers(pairs, options.offers ?? [], domain),
    things: callersThings(judge, pairs, domain),
    itemPrices: pricesOfNamedOffers(judge, options.offers ?? [], domain),
    asksRecommendation: RECOMMENDATION.test(message),
    ownThing: ownThingOf(plain, judge, generic),
    asksBeingHome: asksBeingHome(plain),
    people,
    // Only beside another subject word: "what if I'm late when I arrive?" is about arriving.
    occasion: judge.every((term) => occasion.has(term.word))
      ? new Set<string>()
      : new Set(judge.filter((term) => occasion.has(term.word)).map((term) => term.key)),
  };
}

export function keyPositions(text: string): Map<string, number[]> {
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
