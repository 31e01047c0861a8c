/**
 * Kinds of things: the near general kinds a noun or noun compound is a kind of, by its most
 * frequent sense ("corn snakes" → snake, reptile; "springer spaniel" → spaniel, dog; "knee" →
 * joint), from WordNet (kinds-table.ts). The table is read at the first question that needs
 * it (~20 ms; derived first if the cache has none, a few seconds once).
 */
import { lemmas } from './lemma';
import { ensureKindsTable, type KindsTable } from './kinds-table';

let table: KindsTable | null = null;
const known = new Map<string, readonly string[]>();
/** Bounded: callers' nouns are many but repeat. */
const KNOWN_MAX = 20_000;
const NONE: readonly string[] = [];

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
      const found = table.find(head + base);
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
