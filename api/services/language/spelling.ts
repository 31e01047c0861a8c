/**
 * The nearest real word to a typo, by Damerau–Levenshtein distance (optimal string
 * alignment: a swapped pair of letters is one edit, "appointmnet" → appointment): up to one
 * edit for words of five letters or fewer, two for longer ones; ties go to the more
 * frequent word, and a word a letter short of the typo's length loses to one that fills it. Common words are the word table's (word-table.ts) down to rank ~50,000, so a
 * typo never becomes an obscure word; they are read once, grouped by length, from the
 * table's own file.
 */
import fs from 'node:fs';
import { loadLanguage } from './vectors';
import { wordTablePath } from './word-table';

/** Rank 50,000 in the source corpus: "croissant" and "coeliac" are in, misspellings the web repeats mostly are not. */
const COMMON_RANK = 50_000;

/** A business's words are few, so two edits rarely reach the wrong one; common words are many, so they need a longer typo. */
const allowedEdits = (word: string, own: boolean) => (word.length <= (own ? 5 : 7) ? 1 : 2);

type Candidate = { word: string; rank: number };

/** The closest business word within the allowed edits (the business's own first), or null. */
export function nearestOwnWord(typo: string, vocabulary: readonly string[]): string | null {
  return (
    nearest(
      typo,
      vocabulary.map((word) => ({ word, rank: rankOf(word) })),
      allowedEdits(typo, true),
    )?.word ?? null
  );
}

const corrections = new Map<string, string | null>();
const CORRECTIONS_MAX = 5_000;

/** The closest common English word within the allowed edits, or null. */
export function nearestCommonWord(typo: string): string | null {
  if (corrections.has(typo)) return corrections.get(typo)!;
  const limit = allowedEdits(typo, false);
  const byLength = commonWords();
  let best: Candidate | null = null;
  let bestDistance = limit + 1;
  for (let length = typo.length - limit; length <= typo.length + limit; length += 1) {
    const found = nearest(typo, byLength.get(length) ?? [], limit);
    if (!found) continue;
    const distance = damerauLevenshtein(typo, found.word, limit);
    if (distance < bestDistance || (distance === bestDistance && preferred(typo, found, best!))) {
      best = found;
      bestDistance = distance;
    }
  }
  const found = best && !isAGuess(typo, best, bestDistance, byLength) ? best.word : null;
  if (corrections.size >= CORRECTIONS_MAX) corrections.clear();
  corrections.set(typo, found);
  return found;
}

/** A runner-up this much rarer is no rival: "vale" and "vase" (ranks 11,906 and 23,917) are, "money" and "mons" are not. */
const RIVAL_RANK_RATIO = 10;

/**
 * A letter changed rather than missed ("vape": vale, vase, vane) is a guess when another word as
 * near and about as common fits as well: a word the table lacks (a new word, a brand) is then
 * more likely meant as written than as either.
 */
function isAGuess(typo: string, best: Candidate, distance: number, byLength: Map<number, Candidate[]>): boolean {
  if (best.word.length !== typo.length) return false;
  return (byLength.get(typo.length) ?? []).some(
    (other) =>
      other.word !== best.word &&
      other.rank < best.rank * RIVAL_RANK_RATIO &&
      other.word[0] === typo[0] &&
      damerauLevenshtein(typo, other.word, distance) <= distance,
  );
}

function nearest(typo: string, candidates: Iterable<Candidate>, limit: number): Candidate | null {
  let best: (Candidate & { distance: number }) | null = null;
  for (const candidate of candidates) {
    // Callers rarely get a word's first letter wrong (but may swap the first two): a cheap filter before the distance.
    if (candidate.word[0] !== typo[0] && !(candidate.word[0] === typo[1] && candidate.word[1] === typo[0])) continue;
    const distance = damerauLevenshtein(typo, candidate.word, best ? Math.min(limit, best.distance) : limit);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && preferred(typo, candidate, best)))
      best = { ...candidate, distance };
  }
  return best;
}

/** Between two words as near: a letter left out is the likelier slip ("boilr" → boiler, not boil), then the more frequent word. */
function preferred(typo: string, candidate: Candidate, other: Candidate): boolean {
  const fills = candidate.word.length >= typo.length;
  if (fills !== other.word.length >= typo.length) return fills;
  return candidate.rank < other.rank;
}

let grouped: Map<number, Candidate[]> | null = null;
let sortedWords: string[] = [];
let wordRanks = new Uint32Array(0);

/** In the table and at least as common as rank ~50,000. */
export const isCommonWord = (word: string) => rankOf(word) <= COMMON_RANK;

/** A word's frequency rank (business words English lacks rank last); the table's words are sorted, so a binary search. */
function rankOf(word: string): number {
  commonWords();
  let low = 0;
  let high = sortedWords.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = sortedWords[middle];
    if (candidate === word) return wordRanks[middle];
    if (candidate < word) low = middle + 1;
    else high = middle - 1;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** The table file's words and ranks (its layout: magic, count, dimensions, word bytes, words, padding, ranks). */
function commonWords(): Map<number, Candidate[]> {
  if (grouped) return grouped;
  loadLanguage(); // derives the table file when missing
  const bytes = fs.readFileSync(wordTablePath());
  const count = bytes.readUInt32LE(4);
  const wordLength = bytes.readUInt32LE(12);
  sortedWords = bytes.toString('utf8', 16, 16 + wordLength).split('\n');
  const rankOffset = 16 + wordLength + ((4 - (wordLength % 4)) % 4);
  wordRanks = new Uint32Array(
    bytes.buffer.slice(bytes.byteOffset + rankOffset, bytes.byteOffset + rankOffset + count * 4),
  );
  grouped = new Map();
  for (let index = 0; index < count; index += 1) {
    const rank = wordRanks[index];
    const word = sortedWords[index];
    if (rank > COMMON_RANK || word.length < 3) continue;
    const group = grouped.get(word.length) ?? [];
    group.push({ word, rank });
    grouped.set(word.length, group);
  }
  return grouped;
}

const MAX_LENGTH = 64;
const rowsOf = [new Int32Array(MAX_LENGTH + 1), new Int32Array(MAX_LENGTH + 1), new Int32Array(MAX_LENGTH + 1)];

/** Optimal string alignment distance, stopping early once every path is past `limit`. */
export function damerauLevenshtein(a: string, b: string, limit = Infinity): number {
  if (a === b) return 0;
  if (a.length > MAX_LENGTH || b.length > MAX_LENGTH) return Math.max(a.length, b.length);
  let [before, previous, current] = rowsOf;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length];
}
