/**
 * Kinds of things: the near general kinds a noun or noun compound is a kind of, by its most
 * frequent sense ("corn snakes" → snake, reptile; "springer spaniel" → spaniel, dog; "knee" →
 * joint), from WordNet (kinds-table.ts). The table is read at the first question that needs
 * it (~20 ms; derived first if the cache has none, a few seconds once).
 */
import { lemmas } from './lemma';
import { ensureKindsTable, type KindsTable } from './kinds-table';
import { wordSimilarity } from './vectors';

let table: KindsTable | null = null;
const known = new Map<string, readonly string[]>();
/** Bounded: callers' nouns are many but repeat. */
const KNOWN_MAX = 20_000;
const NONE: readonly string[] = [];

/**
 * "Labradors", "a dalmatian": a word with no kinds of its own that WordNet's things have only as the first word of
 * compounds ("labrador retriever") is said for them, the way callers shorten a breed or a make: its kinds are the
 * kinds every such compound shares, the compound's own head first. None when they share none ("yorkshire terrier",
 * "yorkshire pudding").
 */
const SAID_FOR_THE_COMPOUND = 0.35;

function kindsOfTheCompoundsOf(table: KindsTable, word: string): string[] | undefined {
  const compounds = table.compoundsOf(word);
  if (!compounds.length) return undefined;
  const kindsOfEach = compounds.map((compound) => {
    const head = compound.slice(compound.lastIndexOf(' ') + 1);
    return [...new Set([head, ...(table.find(compound) ?? [])])];
  });
  const shared = kindsOfEach[0].filter((kind) => kindsOfEach.every((kinds) => kinds.includes(kind)));
  // Only when the word means what the compounds are ("labrador" ~ retriever): a "dalmatian" is no iris.
  if (!shared.length || wordSimilarity(word, shared[0]) < SAID_FOR_THE_COMPOUND) return undefined;
  return shared;
}

/** The kinds of a noun ("snakes") or a compound ("corn snakes"), nearest first: its last word is read in each base form. */
export function kindsOf(phrase: string): readonly string[] {
  const lower = phrase.toLowerCase().trim().replace(/\s+/g, ' ');
  let kinds = known.get(lower);
  if (!kinds) {
    table ??= ensureKindsTable().table;
    const head = lower.slice(0, lower.lastIndexOf(' ') + 1);
    const last = lower.slice(head.length);
    kinds = NONE;
    for (const base of [last, ...lemmas(last)]) {
      const found = table.find(head + base) ?? (head ? undefined : kindsOfTheCompoundsOf(table, base));
      if (found) {
        kinds = found;
        break;
      }
    }
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(lower, kinds);
  }
  return kinds;
}
