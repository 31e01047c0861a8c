import { ONES, TENS } from '#api/lib/number-words';
import { findPrice } from '#contract/products';
import { wordVector } from '#api/services/language/vectors';
import { STOP_WORDS } from '#api/services/language/stop-words';
import { sentences } from './text';

/**
 * How the owner's names and prices are said in a sentence. Owners write names as labels
 * ("Wedding Cake", "EICR Inspection") and prices as price tags ("From £45", "£60 each"); a
 * person says "a wedding cake starts at £45" and "an EICR inspection". Proper nouns keep
 * their capitals: acronyms and codes (EV, BS8), possessives (Rossi's), and words the owner
 * writes with a capital in the middle of their own sentences (a brand: "we fit Zappi chargers"),
 * and capitalised words English does not have (the word table of api/services/language).
 */

/** Words that are capitalised mid-sentence in the business's own text, and never written lower-case there. */
export function properNounsIn(texts: string[]): Set<string> {
  const capitalised = new Set<string>();
  const lower = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/[A-Za-z][A-Za-z'’-]*/g)) {
      const word = match[0];
      const before = text.slice(0, match.index).trimEnd();
      const sentenceStart = before === '' || /[.!?:;\n(]$/.test(before) || /\n\s*$/.test(text.slice(0, match.index));
      if (/^[a-z]/.test(word)) lower.add(word.toLowerCase());
      else if (!sentenceStart) capitalised.add(word.toLowerCase());
    }
  }
  return new Set([...capitalised].filter((word) => !lower.has(word)));
}

const COMMON_POSSESSORS = new Set(
  'men women children kids ladies gents gentlemen boys girls baby babies people mens womens childrens teen teens student students'.split(
    ' ',
  ),
);

/** A word that keeps its capitals: an acronym or code (EICR, BS8, iPhone), a possessive name, or a known proper noun. */
function keepsCase(word: string, proper: Set<string>, alone = false): boolean {
  // Codes and acronyms (BS8, EICR, EVs) and inner capitals (iPhone, McKenzie), not "Take-Home".
  if (/\d/.test(word) || /^[A-Z]{2,}/.test(word) || /[a-z][A-Z]/.test(word)) return true;
  // "Rossi's" is a name; "Men's", "Children's" are not.
  if (/^[A-Z][a-z]*['’]s$/.test(word)) return !COMMON_POSSESSORS.has(word.toLowerCase().replace(/['’]s$/, ''));
  if (proper.has(word.toLowerCase())) return true;
  // A capitalised word English does not have is a name: a brand ("Olaplex", "Zappi"), a place;
  // a one-word name ("Balayage") is the thing itself, a loanword.
  if (alone) return false;
  const bare = word.replace(/['’]s$/, '').replace(/[^A-Za-z-]/g, '');
  return /^[A-Z]/.test(word) && bare.length >= 3 && !bare.split('-').every((part) => wordVector(part) !== null);
}

/** "Wedding Cake" → "wedding cake"; "EV Charger Installation" → "EV charger installation". */
export function nameInSentence(name: string, proper: Set<string> = new Set()): string {
  const pieces = name.trim().split(/(\s+)/);
  return pieces
    .map((word) => (/^\s+$/.test(word) || keepsCase(word, proper, pieces.length === 1) ? word : word.toLowerCase()))
    .join('');
}

export const capitalizeFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Letters whose spoken name starts with a vowel sound: "an EV", "an MOT", "a BS8 visit". */
const VOWEL_SOUND_LETTERS = new Set([...'AEFHILMNORSX']);

/** "a" or "an" before a phrase, by how its first word sounds. */
export function article(phrase: string): 'a' | 'an' {
  const first = phrase.trim().split(/\s+/)[0] ?? '';
  if (/^[A-Z0-9]{2,}$/.test(first) || /^[A-Z]\d/.test(first)) return VOWEL_SOUND_LETTERS.has(first[0]) ? 'an' : 'a';
  const lower = first.toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(lower)) return 'an';
  if (/^(uni|use|usu|uti|eu|ewe|one|once)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

const UNCOUNTABLE = new Set(
  'advice bread hair equipment furniture information insurance software jewellery jewelry luggage cash money flour rice music training maintenance repair repairs care cover support travel'.split(
    ' ',
  ),
);
const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  foot: 'feet',
  tooth: 'teeth',
  mouse: 'mice',
  goose: 'geese',
};
const F_TO_VES = new Set('loaf leaf knife life wife half shelf calf thief wolf scarf self sheaf'.split(' '));
const O_TO_OES = new Set('potato tomato hero echo'.split(' '));

/** The word a name is counted by: the last word, or the one before "of"/"with"/"for" ("jar of olives"). */
function headIndex(words: string[]): number {
  const joint = words.findIndex(
    (word, index) => index > 0 && /^(of|with|for|in|to|beyond|outside|within|from|near|around)$/i.test(word),
  );
  if (joint > 0) return joint - 1;
  // A bracket after the name qualifies it ("Children (under 12)"): the head is before it.
  const bracket = words.findIndex((word, index) => index > 0 && word.startsWith('('));
  return (bracket > 0 ? bracket : words.length) - 1;
}

const IRREGULAR_PLURAL_FORMS = new Set(Object.values(IRREGULAR_PLURALS));

/** A name said of a whole kind rather than counted ("boiler servicing", "leak detection", "sourdough bread"). */
export function isMassName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  const head = words[headIndex(words)]?.toLowerCase() ?? '';
  // Activities and processes ("leak detection", "drain clearance", "boiler servicing") are said without "a".
  return /[a-z]{3}(ing|tion|ance|ence)$/.test(head) || UNCOUNTABLE.has(head) || /\s(and|&)\s/.test(name);
}

/** Already plural ("Highlights", "Hot cross buns"): ends in s, but not -ss, -us, -is. */
export function isPluralName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  const head = words[headIndex(words)]?.toLowerCase() ?? '';
  return (/[^s'’]s$/.test(head) && !/(ss|us|is)$/.test(head) && head.length > 3) || IRREGULAR_PLURAL_FORMS.has(head);
}

function pluralWord(word: string): string {
  const lower = word.toLowerCase();
  const keepCapital = (plural: string) => (word === lower ? plural : word[0] + plural.slice(1));
  if (IRREGULAR_PLURALS[lower]) return keepCapital(IRREGULAR_PLURALS[lower]);
  if (F_TO_VES.has(lower)) return keepCapital(lower.replace(/fe?$/, 'ves'));
  if (/[^aeiou]y$/.test(lower)) return keepCapital(`${lower.slice(0, -1)}ies`);
  if (/(s|x|z|ch|sh)$/.test(lower) || O_TO_OES.has(lower)) return `${word}es`;
  return `${word}s`;
}

/** "sourdough loaf" → "sourdough loaves", "jar of olives" → "jars of olives"; mass and plural names stay. */
export function pluralName(name: string): string {
  if (isMassName(name) || isPluralName(name)) return name;
  const words = name.trim().split(/(\s+)/);
  const content = words.filter((word) => !/^\s+$/.test(word));
  const head = headIndex(content);
  let seen = -1;
  return words.map((word) => (/^\s+$/.test(word) ? word : (seen += 1) === head ? pluralWord(word) : word)).join('');
}

/** "a wedding cake", "an EICR inspection", "boiler servicing", "highlights": the name as a sentence's subject. */
export function namePhrase(name: string): string {
  if (isMassName(name) || isPluralName(name)) return name;
  return `${article(name)} ${name}`;
}

/** Said of the name: is it one thing or several ("costs" / "cost")? "Smoke and heat alarms" are several, though said without "a". */
export const takesPluralVerb = (name: string) => isPluralName(name) && (!isMassName(name) || /\s(and|&)\s/.test(name));

/** 2 → "two", 45 → "forty-five", 120 → "one hundred and twenty"; 1,000 and over stay digits. */
export function numberInWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 1000) return String(value);
  if (value < 20) return ONES[value];
  if (value < 100) return TENS[Math.floor(value / 10)] + (value % 10 ? `-${ONES[value % 10]}` : '');
  const rest = value % 100;
  return `${ONES[Math.floor(value / 100)]} hundred${rest ? ` and ${numberInWords(rest)}` : ''}`;
}

/** "2 sourdough loaves" in writing, "two sourdough loaves" aloud. */
export function quantityOf(quantity: number, name: string, spoken: boolean): string {
  const said = quantity === 1 ? name : pluralName(name);
  return `${spoken ? numberInWords(quantity) : quantity} ${said}`;
}

/**
 * What a price tag says, as the end of a sentence about the thing: "From £45" → "starts at
 * £45", "£60 each" → "costs £60 each", "£30–£60" → "costs between £30 and £60", "Free" →
 * "is free". `plural` agrees the verb ("they start at").
 */
export function pricePredicate(price: string, plural = false): string {
  const tag = price
    .trim()
    .replace(/[.]+$/, '')
    .replace(/\s*\/\s*(hr|hour)\b/i, ' an hour')
    .replace(/\s*\/\s*(day)\b/i, ' a day');
  const verb = (singular: string, many: string) => (plural ? many : singular);
  const from =
    tag.match(/^(?:from|starting (?:at|from)|starts (?:at|from)|prices? from|as little as)\s+(.+)$/i) ??
    tag.match(/^(.+?)\s*(?:\+|and up(?:wards)?|upwards|or more|onwards)$/i);
  if (from) return `${verb('starts', 'start')} at ${from[1]}`;
  const range = tag.match(/^([£$€]\s?[\d.,]+)\s*(?:-|–|—|to)\s*([£$€]?\s?[\d.,]+)(.*)$/i);
  if (range) {
    const upper = /^[£$€]/.test(range[2]) ? range[2] : `${range[1].charAt(0)}${range[2]}`;
    return `${verb('costs', 'cost')} between ${range[1]} and ${upper}${range[3]}`;
  }
  if (/^(free|no charge|included|complimentary)\b/i.test(tag))
    return `${verb('is', 'are')} ${tag.charAt(0).toLowerCase()}${tag.slice(1)}`;
  if (!/\d/.test(tag))
    return `${verb('is', 'are')} priced ${/^(on|by|upon)\b/i.test(tag) ? '' : 'as '}${tag.charAt(0).toLowerCase()}${tag.slice(1)}`;
  const lead = /^[A-Z][a-z]/.test(tag) ? `${tag.charAt(0).toLowerCase()}${tag.slice(1)}` : tag;
  return `${verb('costs', 'cost')} ${lead}`;
}

/** Two statements as one sentence when the second goes on from the first ("…£45, and we need 5 days' notice."). */
export function joinStatements(first: string, second: string): string {
  const a = first.trim().replace(/[.]+$/, '');
  const b = second.trim();
  if (!b) return `${a}.`;
  if (
    /^(we|it|they|you|our|each|every|this|these|prices?)\b/i.test(b) &&
    a.length + b.length < 160 &&
    !/[;:?!]/.test(a)
  ) {
    const rest = `${b.charAt(0).toLowerCase()}${b.slice(1)}`;
    return `${a}, and ${/[.!?]$/.test(rest) ? rest : `${rest}.`}`;
  }
  return `${a}. ${/[.!?]$/.test(b) ? b : `${b}.`}`;
}

/**
 * A product from its name and the owner's text ("Cardamom buns", "Swedish-style cardamom and
 * cinnamon bun. £2.80 each."): "Our cardamom buns are £2.80 each: Swedish-style cardamom and
 * cinnamon bun." — the name, the price and what it is in one sentence, never the bare fragment.
 */
export function productStatement(name: string, text: string): string {
  const parts = sentences(text);
  // The price's own short sentence ("£2.20 each, or £12 for 6.") is said whole; a price inside a longer one stays there.
  const priceSentence = parts.find((part) => findPrice(part) && part.split(/\s+/).length <= 8) ?? null;
  const price = priceSentence ? priceSentence.replace(/[.]+$/, '') : null;
  const rest = parts
    .filter((part) => part !== priceSentence)
    .join(' ')
    .trim();
  const said = nameInSentence(name, properNounsIn([text]));
  const verb = isPluralName(said) ? 'are' : 'is';
  const lead = price ? `Our ${said} ${verb} ${price.replace(/^From\b/, 'from')}` : `We have ${said}`;
  if (!rest) return `${lead}.`;
  const first = rest.split(/\s+/)[0] ?? '';
  const opening = STOP_WORDS.has(first.toLowerCase().split('-')[0])
    ? `${rest.charAt(0).toLowerCase()}${rest.slice(1)}`
    : rest;
  return `${lead}: ${/[.!?]$/.test(opening) ? opening : `${opening}.`}`;
}
