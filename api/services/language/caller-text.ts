/**
 * Caller text as the assistant reads it: texting shorthand written out ("r u open tmrw" →
 * "are you open tomorrow"), apostrophes put back ("dont" → don't), and words English does
 * not have corrected toward the business's own words first ("crossants" → croissants at a
 * bakery) and then toward common words ("appointmnet" → appointment), by Damerau–Levenshtein
 * distance. Only what the engine reads is normalised: the caller's own words are what is stored.
 *
 * Left alone: numbers and anything holding a digit (postcodes, prices, "3pm"), e-mail and web
 * addresses, capitalised words inside a sentence (names, brands: "Jon Smyth", "Zappi"),
 * the words after "I'm" / "my name is" / "this is" / "called", and words of three letters
 * or fewer (too many real words sit one letter from them).
 */
import { commonMisspelling } from './misspellings';
import { isCommonWord, nearestCommonWord, nearestOwnWord } from './spelling';
import { wordVector } from './vectors';

/** Shorthand with one reading. "gf" (gluten-free or girlfriend) and "sat" (a word) are not here. */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  plse: 'please',
  thx: 'thanks',
  thnx: 'thanks',
  thanx: 'thanks',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmw: 'tomorrow',
  tmrow: 'tomorrow',
  tomoz: 'tomorrow',
  tomo: 'tomorrow',
  '2moro': 'tomorrow',
  '2morrow': 'tomorrow',
  '2mrw': 'tomorrow',
  '2day': 'today',
  '2nite': 'tonight',
  tonite: 'tonight',
  wknd: 'weekend',
  wkend: 'weekend',
  hrs: 'hours',
  hr: 'hour',
  mins: 'minutes',
  appt: 'appointment',
  appts: 'appointments',
  b4: 'before',
  abt: 'about',
  msg: 'message',
  txt: 'text',
  ppl: 'people',
  cos: 'because',
  coz: 'because',
  cuz: 'because',
  wat: 'what',
  wot: 'what',
  wats: "what's",
  wots: "what's",
  cud: 'could',
  wud: 'would',
  shud: 'should',
  gonna: 'going to',
  wanna: 'want to',
  nite: 'night',
  asap: 'as soon as possible',
  bday: 'birthday',
  nxt: 'next',
  wk: 'week',
  wks: 'weeks',
  yrs: 'years',
  avail: 'available',
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  havent: "haven't",
  hasnt: "hasn't",
  couldnt: "couldn't",
  wouldnt: "wouldn't",
  shouldnt: "shouldn't",
  im: "I'm",
  ive: "I've",
  youre: "you're",
  whats: "what's",
  thats: "that's",
  theres: "there's",
  wheres: "where's",
  whens: "when's",
  hows: "how's",
};

/** Where a business's people are when it is open ("in the office", "at the shop"); not "in the area". */
const PREMISES =
  'office|shop|store|yard|depot|warehouse|practice|surgery|clinic|salon|studio|workshop|garage|reception|premises';

/**
 * Everyday phrases whose meaning is not in their words, said the way a business writes it:
 * "do I get money off?" asks for a discount, "pay anything up front" or "how much up front?" for a deposit.
 */
const IDIOMS: [RegExp, string][] = [
  [/money off/, 'a discount'],
  [/pay (?:anything|something|money|any money)? ?up ?front/, 'pay a deposit'],
  // Money put down to hold a date or a place is a deposit; a pet "put down" never is (no "to hold").
  [/put down (?:to|for) (?:hold|secure|reserve|book|confirm)/, 'pay as a deposit to secure'],
  [/(?:a )?down payment/, 'a deposit'],
  // "Sat waiting", "stood waiting" (British): waiting; "for ages": for a long time.
  [/(?:sat|stood|sitting|standing) (waiting|around)/, '$1'],
  [/for ages/, 'for a long time'],
  // A price or an offer that "stays valid" is valid.
  [/(?:stays?|remains?|staying|remaining) (valid|available)/, '$1'],
  // "A 2 bed house", "3-bed flat": bedrooms (estate agents' English), as a business names its homes.
  [
    /(\d+|one|two|three|four|five|six)[- ]?bed (house|flat|home|property|semi|terrace|bungalow|apartment|place)/,
    '$1 bedroom $2',
  ],
  // "You lot", "you guys", "y'all": the business, as "you".
  [/you (?:lot|guys|all)|y'?all|youse/, 'you'],
  // "Can your team pack for us?", "do your staff…": the business's people doing its work are the business, "you".
  [/your (?:team|staff|crew|lads|workers)/, 'you'],
  // Someone being in (at the office, the shop…) on a day is the business being open then.
  [
    new RegExp(
      `will (?:there )?(?:any|some)(?:one|body) be (?:(?:in|at) (?:the|your) (?:${PREMISES})|in|there|around|about)`,
    ),
    'will you be open',
  ],
  [
    new RegExp(
      `is (?:there )?(?:any|some)(?:one|body) (?:(?:in|at) (?:the|your) (?:${PREMISES})|in|there|around|about)`,
    ),
    'are you open',
  ],
  // Getting there said with a time is arriving ("what time should I get there?", "the train gets in at 9");
  // "how do I get there?" asks the way, and "get in the pool" is no arrival.
  [/((?:what time|when|how early|how late|how soon)\b[^?.!,;]*?) get(s)? (?:there|here)/, '$1 arrive$2'],
  [/get(s)? (?:in|there|here) (till|until|before|after|by|at|around|about)/, 'arrive$1 $2'],
  // "How much do you need up front to hold the room?": money asked before is a deposit, not the front of anything.
  [/up[- ]?front/, 'as a deposit'],
];
const IDIOM = new RegExp(IDIOMS.map(([pattern]) => `\\b${pattern.source}\\b`).join('|'), 'gi');

/** After these the caller gives a name: never corrected, whatever its case. */
const NAME_LEAD = /\b(?:i'?m|i am|my name is|name's|this is|called|speaking)\s+(?:[a-z'-]+\s+)?$/i;

/** E-mail and web addresses, kept whole. */
const ADDRESS = /\S+@\S+|\bhttps?:\/\/\S+|\bwww\.\S+/gi;

/** A word, or a run of letters and digits ("2moro", "b4", "BS8"). */
const TOKEN = /[A-Za-z0-9]+(?:'[A-Za-z]+)?/g;

export type CallerTextOptions = {
  /** The business's own words (its services', products' and headings' words): corrections go to these first. */
  vocabulary?: readonly string[];
  /** false: shorthand only (a reply that may be a name, such as the answer to "what's your name?"). */
  correctSpelling?: boolean;
};

export function normaliseCallerText(text: string, options: CallerTextOptions = {}): string {
  const vocabulary = vocabularyOf(options.vocabulary ?? []);
  const correct = options.correctSpelling !== false;
  const kept: string[] = [];
  // Addresses stand aside as placeholders no token rule touches.
  const shielded = text.replace(ADDRESS, (address) => `\uE000${kept.push(address) - 1}\uE000`);
  const rewritten = shielded
    .replace(IDIOM, (said) => {
      const idiom = IDIOMS.find(([pattern]) => new RegExp(`^${pattern.source}$`, 'i').test(said));
      return idiom ? said.replace(new RegExp(`^${idiom[0].source}$`, 'i'), idiom[1]) : said;
    })
    // "picking her up", "pick up my order": collecting, as businesses write it.
    .replace(
      /\bpick(ing|ed|s)? (?:(her|him|it|them|my [a-z]+|the [a-z]+|our [a-z]+) )?up\b/gi,
      (_, ending?: string, what?: string) => `collect${ending ?? ''}${what ? ` ${what}` : ''}`,
    )
    .replace(/\br(?= (?:u|ur|you|your|they|we|there)\b)/gi, (said) => (said === 'R' ? 'Are' : 'are'))
    .replace(TOKEN, (token, offset: number, whole: string) => {
      // Part of a compound, code or address ("u-bend", "A/C", "M.O.T"): never shorthand, never a typo.
      const before = whole[offset - 1] ?? '';
      const after = whole.slice(offset + token.length, offset + token.length + 2);
      if (/[\uE000\-/.&]/.test(before) || /^[-/&]|^\.\w/.test(after)) return token;
      const lower = token.toLowerCase();
      const shorthand = SHORTHAND[lower];
      if (shorthand && !isNameSpot(whole, offset)) return matchCase(token, shorthand);
      if (!correct || /[0-9']/.test(token) || token.length <= 3) return token;
      if (isNameSpot(whole, offset) || (/^[A-Z]/.test(token) && !startsSentence(whole, offset))) return token;
      const fixed = correction(lower, vocabulary);
      return fixed ? matchCase(token, fixed) : token;
    });
  return rewritten.replace(/\uE000(\d+)\uE000/g, (_, index: string) => kept[Number(index)]);
}

const isNameSpot = (text: string, offset: number) => NAME_LEAD.test(text.slice(Math.max(0, offset - 20), offset));

const startsSentence = (text: string, offset: number) => /(^|[.!?\n])["'(\s]*$/.test(text.slice(0, offset));

/** "Tmrw" → "Tomorrow"; "PLS" stays loud. */
function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /[A-Z]/.test(original))
    return replacement.toUpperCase();
  if (/^[A-Z]/.test(original)) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** The business's words, lower-case letters only, longer than three, with their plurals ("crossants" → croissants when it sells a croissant). */
function vocabularyOf(words: readonly string[]): string[] {
  const own = words.map((word) => word.toLowerCase()).filter((word) => /^[a-z]{4,}$/.test(word));
  return [...new Set([...own, ...own.map((word) => (/(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`))])];
}

/** A word English has, or one of the business's own: null. Otherwise its nearest word, or null when none is near. */
function correction(word: string, vocabulary: string[]): string | null {
  if (vocabulary.includes(word)) return null;
  // A known misspelling is corrected even when the web repeats it enough for the word table to have it ("seperate").
  const meant = isCommonWord(word) ? undefined : commonMisspelling(word);
  if (meant) return meant;
  if (isWord(word) || isDerived(word) || isPluralOfWord(word)) return null;
  const own = nearestOwnWord(word, vocabulary);
  if (own) return own;
  return isCompound(word) ? null : nearestCommonWord(word);
}

const isWord = (word: string) => wordVector(word) !== null;

const PREFIXES = /^(re|un|pre|over|under|mis|non|out|sub|super|multi|semi|anti|co|de|dis|inter|micro|mini)(?=[a-z]{4})/;

/** A common word behind an everyday prefix, plural or not ("remaps", "regrout", "unclog"): a word the table lacks, not a typo. */
function isDerived(word: string): boolean {
  const base = word.replace(PREFIXES, '');
  if (base === word) return false;
  return [base, base.replace(/s$/, ''), base.replace(/es$/, '')].some(
    (candidate) => candidate.length >= 4 && isCommonWord(candidate) && isWord(candidate),
  );
}

/** The plural of a common word the table has only in the singular ("regs", "reg"): a clipped word, not a typo. */
function isPluralOfWord(word: string): boolean {
  const base = word.replace(/s$/, '');
  return base !== word && base.length >= 3 && isCommonWord(base) && isWord(base);
}

/** Two common words run together ("callouts", "nightlight") are not a typo. */
function isCompound(word: string): boolean {
  for (let split = 3; split <= word.length - 3; split += 1)
    if (isCommonWord(word.slice(0, split)) && isCommonWord(word.slice(split))) return true;
  return false;
}
