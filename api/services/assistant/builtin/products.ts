import { COUNTING_WORDS } from '#api/lib/number-words';
import type { ProductFact } from '../types';
import { STOP_WORDS } from '#api/services/language/stop-words';
import { termKey } from './text';

/**
 * The products a message names, with the quantity said before (or just after) each: "2
 * sourdough loaves and a dozen croissants", "make it 3 croissants", "no sourdough", "one
 * more baguette". A product is named when the message holds every word of its name
 * (stems and plurals: "loaves" ~ "loaf"), or those of its words no other product has
 * ("2 sourdough" is the Sourdough loaf when it is the only sourdough).
 */
/** `whole`: every word of the product's name was said (not only the words no other product has); `said`: how many were. */
export type ItemMention = {
  product: ProductFact;
  quantity: number | null;
  remove: boolean;
  more: boolean;
  whole: boolean;
  said: number;
};

type Token = { word: string; key: string; boundary: boolean };

/** A quantity in words: a number, or "a", "a single", "a couple of", "a pair of". */
const QUANTITY_WORDS: ReadonlyMap<string, number> = new Map([
  ...COUNTING_WORDS,
  ['single', 1],
  ['couple', 2],
  ['pair', 2],
]);
const REMOVE = new Set([
  'no',
  'not',
  'without',
  'remove',
  'drop',
  'cancel',
  'minus',
  'skip',
  'dont',
  "don't",
  'delete',
  'scrap',
  'lose',
]);
const MORE = new Set(['more', 'another', 'extra', 'additional', 'add']);
/** Words that may sit between a quantity and the product ("2 of your large sourdough loaves"). */
const FILLER = new Set([
  'of',
  'the',
  'your',
  'those',
  'these',
  'them',
  'x',
  '×',
  'large',
  'small',
  'medium',
  'big',
  'fresh',
  'whole',
  'please',
  'make',
  'it',
  'to',
  'want',
  'need',
  'have',
  'any',
  'i',
  'we',
  'just',
  'only',
]);

/** "loaves" → loaf, "knives" → knife; then the shared stemmer. */
const productKey = (word: string) => termKey(word.replace(/(?<=[a-z]{2})ves$/, 'f'));

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .matchAll(/\d+(?:\.\d+)?|[a-z×]+(?:'[a-z]+)?|[,;.!?\n]|\band\b|\bplus\b/g)) {
    const word = match[0];
    const boundary = /^[,;.!?\n]$/.test(word) || word === 'and' || word === 'plus';
    tokens.push({ word, key: boundary ? '' : productKey(word), boundary });
  }
  return tokens;
}

const contentKeys = (name: string) => [
  ...new Set(
    tokenize(name)
      .filter(
        (token) => !token.boundary && !STOP_WORDS.has(token.word) && token.word.length > 1 && !/^\d/.test(token.word),
      )
      .map((token) => token.key),
  ),
];

const numberOf = (word: string): number | null =>
  /^\d+$/.test(word) ? Number(word) : (QUANTITY_WORDS.get(word) ?? null);

/** Looking back from a product's first word: its quantity, "no …" or "… more". */
function before(tokens: Token[], start: number): { quantity: number | null; remove: boolean; more: boolean } {
  let quantity: number | null = null;
  let more = false;
  for (let index = start - 1; index >= 0 && index >= start - 5; index -= 1) {
    const token = tokens[index];
    if (token.boundary) break;
    if (MORE.has(token.word)) more = true;
    const number = numberOf(token.word);
    if (number !== null) {
      // "half a dozen", "a dozen": the larger unit wins; "a couple of" is two.
      if (
        token.word === 'dozen' &&
        index > 0 &&
        tokens[index - 1].word === 'a' &&
        index > 1 &&
        tokens[index - 2].word === 'half'
      )
        return { quantity: 6, remove: false, more };
      if (
        token.word === 'dozen' &&
        index > 0 &&
        numberOf(tokens[index - 1].word) !== null &&
        tokens[index - 1].word !== 'a'
      )
        return { quantity: 12 * numberOf(tokens[index - 1].word)!, remove: false, more };
      quantity = number;
      return { quantity, remove: false, more: more || (index > 0 && tokens[index - 1].word === 'another') };
    }
    if (REMOVE.has(token.word)) return { quantity: null, remove: true, more: false };
    if (!FILLER.has(token.word) && !MORE.has(token.word)) break;
  }
  return { quantity, remove: false, more };
}

/** "croissants x 6", "croissants: 6" */
function after(tokens: Token[], end: number): number | null {
  const next = tokens[end + 1];
  const then = tokens[end + 2];
  if (next && (next.word === 'x' || next.word === '×') && then && /^\d+$/.test(then.word)) return Number(then.word);
  return null;
}

/**
 * How many words a name has when the message says every one of them, anywhere and in any order
 * ("a wreath for a funeral" says *Funeral wreath*); 0 when one is missing.
 */
export function wordsOfNameSaid(message: string, name: string): number {
  const keys = contentKeys(name);
  const said = new Set(tokenize(message).map((token) => token.key));
  return keys.length && keys.every((key) => said.has(key)) ? keys.length : 0;
}

export function findItems(message: string, products: ProductFact[]): ItemMention[] {
  if (!products.length) return [];
  const tokens = tokenize(message);
  const keyed = products
    .map((product) => ({ product, keys: contentKeys(product.name) }))
    .filter((entry) => entry.keys.length);
  const owners = new Map<string, number>();
  for (const entry of keyed) for (const key of entry.keys) owners.set(key, (owners.get(key) ?? 0) + 1);
  // Every place a product is named: a phrase of its words starting at a token of it.
  const spans: { product: ProductFact; start: number; end: number; size: number; whole: boolean }[] = [];
  for (const { product, keys } of keyed) {
    for (let start = 0; start < tokens.length; start += 1) {
      if (!keys.includes(tokens[start].key) || (start > 0 && keys.includes(tokens[start - 1].key))) continue;
      const found = new Set<string>();
      let end = start;
      for (
        let index = start;
        index < tokens.length && index <= start + keys.length + 1 && !tokens[index].boundary;
        index += 1
      ) {
        if (keys.includes(tokens[index].key)) {
          found.add(tokens[index].key);
          end = index;
        }
      }
      const named = found.size === keys.length || [...found].every((key) => owners.get(key) === 1);
      if (named) spans.push({ product, start, end, size: found.size, whole: found.size === keys.length });
    }
  }
  // Overlapping names: the one with more of its words wins ("chocolate croissant" over "croissant").
  spans.sort((a, b) => b.size - a.size || a.start - b.start);
  const kept: typeof spans = [];
  for (const span of spans)
    if (!kept.some((other) => span.start <= other.end && other.start <= span.end)) kept.push(span);
  return kept
    .sort((a, b) => a.start - b.start)
    .map((span) => {
      const said = before(tokens, span.start);
      return {
        product: span.product,
        quantity: said.quantity ?? after(tokens, span.end),
        remove: said.remove,
        more: said.more,
        whole: span.whole,
        said: span.size,
      };
    });
}
