import { NUMBER_WORDS_FROM_TWO } from '#api/lib/number-words';

/**
 * Words for the built-in assistant: a light English stemmer, synonym groups callers and
 * websites use for the same thing, stop words, and sentences. The relevance judgement
 * (knowledge.ts) and the service matching (facts.ts) compare questions and passages
 * through these terms, so "fitting a new boiler" meets "boiler installation".
 */

import { STOP_WORDS } from '#api/services/language/stop-words';
import { lemmas } from '#api/services/language/lemma';
import { isMostlyVerb } from '#api/services/language/part-of-speech';
import { wordSimilarity, wordVector } from '#api/services/language/vectors';

/** How callers grade their thing ("a new boiler", "a proper bath", "a big job"): never what it is. */
export const GRADING_WORDS = new Set([
  'new',
  'old',
  'big',
  'small',
  'whole',
  'extra',
  'additional',
  'best',
  'proper',
  'decent',
]);

/**
 * Words that carry little of a question's subject (what callers do, how they ask, how they grade a thing:
 * "a proper bath", "a decent shower" names no kind of bath the owner would write): they
 * help choose a sentence but are never required to be in it.
 */
const GENERIC_WORDS = [
  ...`offer provide supply sell do make work help available use come go take give look find ask done need
  install repair service price book long soon far often quick quickly fast early usual usually normally typically
  currently time day week today tomorrow now customer company business also include includes included
  keep keeps kept happen happens seem stop start try say mean change changed changing handle
  everything everyone everybody`
    .split(/\s+/)
    .filter(Boolean),
  ...GRADING_WORDS,
];

/** Ways of saying the same thing; the first word names the group. Kept general (trades, shops, salons, clinics). */
const SYNONYM_GROUPS: string[][] = [
  ['price', 'cost', 'charge', 'fee', 'rate', 'pricing', 'expensive', 'cheap', 'tariff'],
  ['pay', 'payment', 'payments'],
  ['repair', 'fix', 'mend'],
  ['install', 'fit', 'installation', 'replace', 'replacement', 'put', 'new'],
  ['book', 'booking', 'appointment', 'reserve', 'reservation', 'schedule'],
  ['guarantee', 'warranty', 'guaranteed'],
  ['cover', 'serve', 'travel'],
  // A membership, plan or contract is quit where the owner writes cancel.
  ['cancel', 'cancellation', 'reschedule', 'rearrange', 'postpone', 'quit'],
  ['park', 'parking'],
  ['emergency', 'urgent', 'urgently', 'emergencies'],
  ['quote', 'quotation', 'estimate', 'estimates'],
  // Becoming a patient, member or pupil; being registered as qualified is the group below.
  ['enrol', 'enroll', 'enrolment', 'enrollment', 'registration', 'join'],
  ['register', 'registered', 'accredited', 'certified', 'qualified', 'approved', 'licensed', 'licence', 'license'],
  ['insure', 'insured', 'insurance'],
  ['engineer', 'technician', 'staff', 'stylist', 'therapist'],
  ['toilet', 'loo', 'wc'],
  ['tap', 'faucet'],
  ['leak', 'leaking', 'drip', 'dripping', 'leaky'],
  ['unblock', 'block', 'blocked', 'blockage', 'clog', 'clogged'],
  ['home', 'house', 'property', 'flat', 'premises'],
  ['discount', 'reduction', 'concession', 'deal'],
  ['finance', 'monthly', 'instalment', 'instalments', 'spread'],
  ['remove', 'removal', 'dispose', 'disposal'],
  ['brand', 'manufacturer'],
  ['card', 'cards', 'contactless'],
  ['cash', 'money'],
  ['child', 'children', 'kid', 'kids'],
  ['dog', 'dogs', 'pet', 'pets'],
  ['wheelchair', 'accessible', 'accessibility', 'disabled', 'step-free'],
  ['collect', 'collection', 'pickup'],
  ['refund', 'refundable', 'refunded'],
  ['nervous', 'anxious', 'scared', 'afraid', 'frightened', 'worried', 'fearful'],
  ['seat', 'seats', 'seating', 'seated', 'sit', 'sitting'],
  [
    'vaccination',
    'vaccinations',
    'vaccine',
    'vaccines',
    'vaccinate',
    'vaccinated',
    'jab',
    'jabs',
    'booster',
    'boosters',
  ],
  ['annual', 'annually', 'yearly'],
];

/** Common irregular forms, so "bought" meets "buy" and "paid" meets "pay". */
const IRREGULAR: Record<string, string> = {
  bought: 'buy',
  brought: 'bring',
  paid: 'pay',
  took: 'take',
  taken: 'take',
  sent: 'send',
  made: 'make',
  left: 'leave',
  kept: 'keep',
  found: 'find',
  told: 'tell',
  sold: 'sell',
  went: 'go',
  gone: 'go',
  // Not "goe": the stemmer's -s rule would keep it from meeting "go", an ask-word.
  goes: 'go',
  came: 'come',
  got: 'get',
  gotten: 'get',
  gave: 'give',
  given: 'give',
  ran: 'run',
  built: 'build',
  spent: 'spend',
  held: 'hold',
  broke: 'break',
  broken: 'break',
  froze: 'freeze',
  frozen: 'freeze',
  fitted: 'fit',
  children: 'child',
  // "air con" is air conditioning.
  con: 'conditioning',
  // American spelling, which would otherwise meet "install".
  installment: 'instalment',
  installments: 'instalment',
  men: 'man',
  women: 'woman',
  people: 'person',
};

const PHRASAL_FORMS: Record<string, Record<string, string>> = {
  collect: { pick: 'collect', picks: 'collects', picking: 'collecting', picked: 'collected' },
  enrol: { sign: 'enrol', signs: 'enrols', signing: 'enrolling', signed: 'enrolled' },
  return: {
    bring: 'return',
    brings: 'returns',
    bringing: 'returning',
    brought: 'returned',
    take: 'return',
    takes: 'returns',
    taking: 'returning',
    took: 'returned',
    send: 'return',
    sends: 'returns',
    sending: 'returning',
    sent: 'returned',
  },
};

const HANDLE: Record<string, string> = { deal: 'handle', deals: 'handles', dealing: 'handling', dealt: 'handled' };

/**
 * A verb of two words as the one word it means, so it meets the owner's word: "picking her up"
 * is collecting her, "sign my cat up" is enrolling (registering) it, "bring it back" is returning it, "get my deposit back" is having it
 * refunded, "deal with" is handling, "can't eat gluten" is gluten-free. Only the forms that cannot
 * mean anything else ("get my dog back" stays).
 */
export function plainVerbs(text: string): string {
  return (
    text
      .replace(/\b(pick|picks|picking|picked)\s+((?:[a-z'’]+\s+){0,2}?)up\b/gi, (_, verb: string, object: string) =>
        `${PHRASAL_FORMS.collect[verb.toLowerCase()]} ${object}`.trimEnd(),
      )
      // Not what the caller would not do: "I don't want to sign up to anything" asks for no membership.
      .replace(
        /(?<!(?:\bnot|\bnever|n['’]t|\b(?:dont|cant|wont|didnt|doesnt))\s+(?:[a-z]+\s+){0,2})\b(sign|signs|signing|signed)\s+((?:[a-z'’]+\s+){0,2}?)up\b/gi,
        (_, verb: string, object: string) => `${PHRASAL_FORMS.enrol[verb.toLowerCase()]} ${object}`.trimEnd(),
      )
      .replace(
        /\b(bring|brings|bringing|brought|take|takes|taking|took|send|sends|sending|sent)\s+((?:[a-z'’]+\s+){0,2}?)back\b/gi,
        (_, verb: string, object: string) => `${PHRASAL_FORMS.return[verb.toLowerCase()]} ${object}`.trimEnd(),
      )
      // "Someone who can't eat gluten" asks for what is gluten-free, as the owner writes it.
      .replace(
        /\b(?:can['’]?t|cannot|can not|don['’]?t|doesn['’]?t|do not|does not|unable to|not allowed to)\s+(?:eat|drink|tolerate|digest)\s+([a-z]+)\b/gi,
        (_, food: string) => `${food}-free`,
      )
      // "A crash course" is what owners call an intensive one.
      .replace(/\bcrash\s+(course|courses)\b/gi, 'intensive $1')
      // "Will you deal with the paperwork?" asks whether they handle it; "deal" alone is an offer (a discount).
      .replace(/\b(deal|deals|dealing|dealt)\s+with\b/gi, (_, verb: string) => HANDLE[verb.toLowerCase()])
      // "Do I need to be in when you come?" is being at home, as the owner writes it; said with nothing after "in" but
      // the occasion, never "be in touch", "be in stock", "be in at 9" (each word of it a stop word, nothing else would tell).
      .replace(
        /\b(be|being|been)\s+in\b(?=\s*(?:[?.!,;]|$|(?:when|while|whilst|during|for the|all day|the whole|then)\b))/gi,
        (_, verb: string) => `${verb} at home`,
      )
      .replace(
        /\b(get|gets|getting|got|have|want)\s+((?:my|the|our|your|his|her|their|a|any|some|all)\s+)?(money|deposit|payment|fee|fees)\s+back\b/gi,
        (_, verb: string, owner: string | undefined, thing: string) => `${verb} ${owner ?? ''}${thing} refunded`,
      )
  );
}

/**
 * Whether the "-er" of a word is a suffix on a verb it shares its meaning with ("plumber" and
 * plumbing, "heater" and heating, "cheaper": no "-ing" form at all), or only its letters
 * ("shower" is no showing, "number" no numbing, "letter" no letting, "flower" no flowing): then
 * it stays, so a question about showers never meets "no-shows".
 */
function erIsASuffix(word: string): boolean {
  const doing = `${word.slice(0, -2)}ing`;
  return !wordVector(doing) || !wordVector(word) || wordSimilarity(word, doing) > ER_NOT_A_SUFFIX_BELOW;
}
const ER_NOT_A_SUFFIX_BELOW = 0.3;

/** A light suffix-stripping stemmer (consistent, not linguistic): "servicing" and "service" → "servic". */
export function stem(input: string): string {
  let word = input.toLowerCase().replace(/'s$/, '').replace(/'/g, '');
  word = IRREGULAR[word] ?? word;
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (word.endsWith('sses')) word = word.slice(0, -2);
  // "boxes", "sandwiches", "dishes": the plural adds -es (WordNet's noun rules say so; "aches" and "niches" only add -s).
  else if (/(x|ch|sh|z)es$/.test(word) && lemmas(word).includes(word.slice(0, -2))) word = word.slice(0, -2);
  else if (word.endsWith('s') && !/(ss|us|is)$/.test(word) && word.length > 3) word = word.slice(0, -1);
  // Twice, so "registered" and "register" meet ("register" + "ed", then "regist" + "er").
  for (let pass = 0; pass < 2; pass += 1) {
    const suffix = ['ation', 'ingly', 'ment', 'ing', 'ed', 'al', 'ly', 'er'].find((ending) => {
      const minimum = ending === 'er' || ending === 'al' ? 6 : ending === 'ed' ? 5 : ending.length + 3;
      return word.endsWith(ending) && word.length >= minimum && (ending !== 'er' || erIsASuffix(word));
    });
    if (!suffix) break;
    word = word.slice(0, -suffix.length);
  }
  // Not from four-letter words: "care" must not meet "car".
  if (word.length > 4 && word.endsWith('e')) word = word.slice(0, -1);
  // "-ate" verbs meet their "-ation" nouns: "vaccinated" and "vaccinations", "certificate" and "certification".
  if (word.length >= 7 && word.endsWith('at')) word = word.slice(0, -2);
  if (word.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(word)) word = word.slice(0, -1);
  return word;
}

/** The synonym groups and generic words by stem: built on first use, since stemming reads the word vectors (loaded lazily, not at import). */
let keyed: { groupOf: Map<string, string>; generic: Set<string> } | null = null;
function keyedWords() {
  if (!keyed) {
    const groupOf = new Map<string, string>();
    for (const group of SYNONYM_GROUPS) for (const word of group) groupOf.set(stem(word), stem(group[0]));
    keyed = { groupOf, generic: new Set(GENERIC_WORDS.map((word) => groupOf.get(stem(word)) ?? stem(word))) };
  }
  return keyed;
}

const GROUP_WORDS = new Set(SYNONYM_GROUPS.flat());

/**
 * The comparable key of a word: its synonym group, or its stem. A noun in "-er" joins a group
 * only when it is one of the group's words: a "charger" is no "charge" (a price), a "fitter"
 * no "fit".
 */
export function termKey(word: string): string {
  // Judging one turn keys the same passage words hundreds of times: a bounded memo.
  let key = termKeyMemo.get(word);
  if (key === undefined) {
    key = computeTermKey(word);
    if (termKeyMemo.size >= TERM_KEY_MEMO_MAX) termKeyMemo.clear();
    termKeyMemo.set(word, key);
  }
  return key;
}

const termKeyMemo = new Map<string, string>();
const TERM_KEY_MEMO_MAX = 50_000;

/** "A two hour lesson" meets "a 2-hour lesson": a small number in words is its digits. */
const NUMBER_TERMS = new Map([...NUMBER_WORDS_FROM_TWO].map(([word, value]) => [word, String(value)]));

function computeTermKey(word: string): string {
  const number = NUMBER_TERMS.get(word.toLowerCase());
  if (number) return number;
  const stemmed = stem(word);
  const group = keyedWords().groupOf.get(stemmed);
  if (!group) return stemmed;
  const bare = word.toLowerCase().replace(/'/g, '').replace(/s$/, '');
  // "Last month" is when, not "monthly" payments: the noun of a group's -ly word is not in its group.
  if (!GROUP_WORDS.has(bare) && GROUP_WORDS.has(`${bare}ly`)) return stemmed;
  // "cheaper" is still "cheap": a comparative of one of the group's words.
  return bare.endsWith('er') && !GROUP_WORDS.has(bare) && !GROUP_WORDS.has(bare.slice(0, -2)) ? stemmed : group;
}

/** The other words of a word's synonym group (for a second search in the website's words). */
export function synonymsOf(word: string): string[] {
  const key = termKey(word);
  const group = SYNONYM_GROUPS.find((words) => stem(words[0]) === key);
  return group ? group.filter((other) => stem(other) !== stem(word)) : [];
}

/** Lower-case words and numbers ("24/7" stays one word, "call-out" gives "call" and "out"; "café" is "cafe", as callers type it). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[’‘]/g, "'")
      .match(/\d+\/\d+|[£$€]?\d+(?:[.,:]\d+)*%?|[a-z]+(?:'[a-z]+)?/g) ?? []
  )
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .map((word, index, list) => (RATE.test(word) && PROPORTION_OF.has(list[index - 1] ?? '') ? 'ratio' : word))
    .map((word, index, list) => particleOfAName(word, list[index - 1]));
}

/**
 * "Touch ups", "drop ins", "call outs": the plural of a name made of a verb and its particle,
 * which the owner writes hyphenated ("Touch-up", "Drop-in"). Said as two words, the particle
 * carries the plural; read without it, it is the particle of the owner's name.
 */
const PARTICLE_PLURALS = new Map([
  ['ups', 'up'],
  ['ins', 'in'],
  ['outs', 'out'],
  ['offs', 'off'],
  ['overs', 'over'],
  ['downs', 'down'],
]);
const particleOfAName = (word: string, before: string | undefined) =>
  PARTICLE_PLURALS.has(word) && before && /^[a-z]{3,}$/.test(before) && !STOP_WORDS.has(before)
    ? PARTICLE_PLURALS.get(word)!
    : word;

/**
 * A contraction written without its apostrophe ("id like", "im new") is no subject word, but
 * the same letters in capitals inside a sentence are an abbreviation ("bring ID").
 */
const UNAPOSTROPHED = new Set(['id', 'im']);
function abbreviations(text: string): Set<string> {
  if (!/[a-z]/.test(text)) return new Set();
  return new Set(
    (text.match(/\b[A-Z]{2,}\b/g) ?? []).map((word) => word.toLowerCase()).filter((word) => UNAPOSTROPHED.has(word)),
  );
}

/**
 * "Pass rate", "success rate", "response rate": a share of something, which no price answers
 * (so the word is read as "ratio", not as the price group's "rate"). "Hourly rate", "day rate",
 * "student rate" stay prices.
 */
const PROPORTION_OF = new Set(
  `pass success failure completion response heart interest exchange survival conversion occupancy approval
  acceptance retention satisfaction recovery repeat dropout attendance`.split(/\s+/),
);
const RATE = /^rates?$/;
/** The message without its proportion rates, for the price check of intents.ts. */
export const withoutProportionRates = (text: string) =>
  text.replace(new RegExp(`\\b(${[...PROPORTION_OF].join('|')})\\s+rates?\\b`, 'gi'), '$1 ratio');

export type Term = { key: string; word: string; specific: boolean };

/** The terms of a question: content words (stop words dropped), generic ones marked. */
export function questionTerms(text: string, extraGeneric: Iterable<string> = []): Term[] {
  const generic = new Set(keyedWords().generic);
  for (const word of extraGeneric) generic.add(termKey(word));
  const seen = new Set<string>();
  const terms: Term[] = [];
  const abbreviated = abbreviations(text);
  for (const word of words(text)) {
    const bare = word.replace(/'/g, '');
    if (((STOP_WORDS.has(word) || STOP_WORDS.has(bare)) && !abbreviated.has(word)) || bare.length < 2) continue;
    const key = termKey(bare);
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ key, word: bare, specific: !generic.has(key) && !askedWithIng(bare, generic) });
  }
  return terms;
}

/** "without using poison": the stemmer leaves a short -ing form whole, so a verb's is known by its base form (not "timing belt"). */
const askedWithIng = (word: string, generic: Set<string>) =>
  word.endsWith('ing') &&
  isMostlyVerb(word) &&
  lemmas(word).some((form) => form !== word && generic.has(termKey(form)));

/** Every term key in a text (for passages: no stop-word filtering needed, only lookups). */
export function termKeys(text: string): Set<string> {
  return new Set(words(text).map((word) => termKey(word.replace(/'/g, ''))));
}

/** Markdown and page furniture out: links to their text, no emphasis marks, no bullets. */
export function cleanPassage(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]{1,3}([^*_`]+)[*_`]{1,3}/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+•]|\d+[.)])\s+/gm, '')
    .replace(/[ \t]+/g, ' ');
}

/** Sentences of a passage (also split at line ends: lists and headings are lines). */
export function sentences(text: string): string[] {
  const result: string[] = [];
  for (const line of cleanPassage(text).split(/\n+/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    // Split after . ! ? followed by a space and a capital, a digit or a currency sign (not "e.g. the", "approx. 2").
    const parts = trimmed.split(/(?<=[.!?])\s+(?=[A-Z0-9£$€"'(])/);
    for (const part of parts) if (part.trim()) result.push(part.trim());
  }
  return result;
}

/** Navigation, cookie banners, copyright lines and the like: never worth saying. */
export function isNoise(sentence: string): boolean {
  if (
    /\s[|»›]\s|©|all rights reserved|cookie|javascript|skip to (main )?content|\bclick here\b|sign up to our newsletter|follow us on|registered in (england|scotland|wales|ireland)/i.test(
      sentence,
    )
  )
    return true;
  // Bylines and share buttons of blog posts.
  if (/^(posted|published|written|updated|last updated)( by| on)?\b|^share (this|on)\b/i.test(sentence)) return true;
  const count = words(sentence).length;
  return count < 3;
}

/** Join sentences so the text ends with a full stop. */
export function asStatement(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
