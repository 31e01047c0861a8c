/**
 * What a word is defined by — the content words of WordNet's definition of its first sense in
 * each part of speech — and what it is the opposite of (definitions-table.ts), read in each base
 * form of the word ("latecomers" → latecomer → someone arrives late; "leaving" → leave). The table
 * is read at the first question that needs it (~30 ms; derived first if the cache has none, a few
 * seconds once).
 */
import { ensureDefinitionsTable, type DefinitionsTable } from './definitions-table';
import { lemmas } from './lemma';

type Entry = { defining: readonly string[]; opposites: ReadonlySet<string> };

let table: DefinitionsTable | null = null;
const known = new Map<string, Entry>();
/** Bounded: passages' words are many but repeat. */
const KNOWN_MAX = 20_000;

function entryOf(word: string): Entry {
  const lower = word.toLowerCase();
  let entry = known.get(lower);
  if (!entry) {
    table ??= ensureDefinitionsTable().table;
    const defining = new Set<string>();
    const opposites = new Set<string>();
    for (const base of new Set([lower, ...lemmas(lower)])) {
      const found = table.find(base);
      for (const word of found?.defining ?? []) defining.add(word);
      for (const word of found?.opposites ?? []) opposites.add(word);
    }
    entry = { defining: [...defining], opposites };
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(lower, entry);
  }
  return entry;
}

export function definingWords(word: string): readonly string[] {
  return entryOf(word).defining;
}

/**
 * Are the two words opposites in some sense ("leave" and "stay", "arrive" and "leaving")? Word
 * vectors put opposites close, since they are used alike: likeness by vectors alone cannot tell them.
 */
export function areOpposites(a: string, b: string): boolean {
  const among = (word: string, opposites: ReadonlySet<string>) =>
    [word.toLowerCase(), ...lemmas(word)].some((base) => opposites.has(base));
  return among(b, entryOf(a).opposites) || among(a, entryOf(b).opposites);
}
