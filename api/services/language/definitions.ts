/**
 * What a word is defined by: the content words of WordNet's definition of its first sense in
 * each part of speech (definitions-table.ts), read in each base form of the word ("latecomers" →
 * latecomer → someone arrives late). The table is read at the first question that needs it
 * (~30 ms; derived first if the cache has none, a few seconds once).
 */
import { ensureDefinitionsTable, type DefinitionsTable } from './definitions-table';
import { lemmas } from './lemma';

let table: DefinitionsTable | null = null;
const known = new Map<string, readonly string[]>();
/** Bounded: passages' words are many but repeat. */
const KNOWN_MAX = 20_000;
const NONE: readonly string[] = [];

export function definingWords(word: string): readonly string[] {
  const lower = word.toLowerCase();
  let defining = known.get(lower);
  if (!defining) {
    table ??= ensureDefinitionsTable().table;
    const found = new Set<string>();
    for (const base of new Set([lower, ...lemmas(lower)])) for (const entry of table.find(base) ?? []) found.add(entry);
    defining = found.size ? [...found] : NONE;
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(lower, defining);
  }
  return defining;
}
