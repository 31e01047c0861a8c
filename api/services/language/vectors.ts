/**
 * Word and sentence vectors. Loading is synchronous and lazy: the first call reads the
 * compact table (~20 ms, ~9 MB; derived first if the cache has none, ~2 s once), so
 * callers need no set-up; `loadLanguage()` warms it at start-up instead.
 *
 * A sentence's vector is the SIF-weighted mean of its content words' vectors (Arora et al.,
 * "A simple but tough-to-beat baseline for sentence embeddings"): a word weighs a/(a + p(w)),
 * with p(w) estimated from its frequency rank by Zipf's law, so rare, telling words ("gluten",
 * "postcode") count more than common ones ("order", "make"), and the common direction all
 * word vectors share is removed so unrelated sentences do not look alike.
 */
import { lemmas } from './lemma';
import { STOP_WORDS } from './stop-words';
import { DIMENSIONS as TABLE_DIMENSIONS, readWordTable, type WordTable } from './word-table';

// A module-local copy for the hot loops below: run from TypeScript (tsx, vitest) an imported
// binding is a getter call on each read, ~30% of a turn's judging time.
const DIMENSIONS: number = TABLE_DIMENSIONS;

/** SIF's smoothing term: a word at frequency rank ~250 weighs a half. */
const SIF_A = 3e-4;
/** Zipf's law for English: p(rank) ≈ 0.074 / rank over a vocabulary of ~400k words. */
const ZIPF = 0.074;

let table: WordTable | null = null;
let commonDirection: Float32Array | null = null;

function loaded(): WordTable {
  if (!table) {
    table = readWordTable();
    commonDirection = meanDirection(table);
  }
  return table;
}

/** Reads the word table now (at start-up) rather than on the first question. */
export function loadLanguage(): void {
  loaded();
}

function row(words: WordTable, index: number): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  const scale = words.scales[index];
  const offset = index * DIMENSIONS;
  for (let d = 0; d < DIMENSIONS; d += 1) vector[d] = words.components[offset + d] * scale;
  return vector;
}

function weightOfRank(rank: number): number {
  return SIF_A / (SIF_A + ZIPF / rank);
}

/** The SIF-weighted mean direction of the vocabulary: the part every sentence vector shares. */
function meanDirection(words: WordTable): Float32Array {
  const mean = new Float32Array(DIMENSIONS);
  for (let index = 0; index < words.ranks.length; index += 1) {
    const weight = weightOfRank(words.ranks[index]) * words.scales[index];
    const offset = index * DIMENSIONS;
    for (let d = 0; d < DIMENSIONS; d += 1) mean[d] += words.components[offset + d] * weight;
  }
  return normalise(mean) ?? mean;
}

function normalise(vector: Float32Array): Float32Array | null {
  let norm = 0;
  for (let d = 0; d < vector.length; d += 1) norm += vector[d] * vector[d];
  if (norm === 0) return null;
  const inverse = 1 / Math.sqrt(norm);
  for (let d = 0; d < vector.length; d += 1) vector[d] *= inverse;
  return vector;
}

/** The table row of a word, or of its first base form that has one. */
function rowOf(word: string): number | undefined {
  const words = loaded();
  const lower = word.toLowerCase();
  if (rows.has(lower)) return rows.get(lower);
  const found = findRow(words, lower);
  if (rows.size >= RECENT_MAX * 10) rows.clear();
  rows.set(lower, found);
  return found;
}

const rows = new Map<string, number | undefined>();

function findRow(words: WordTable, lower: string): number | undefined {
  const direct = words.find(lower);
  if (direct !== undefined) return direct;
  for (const base of lemmas(lower)) {
    const found = words.find(base);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A word's unit vector, or null for a word the table does not know (names, typos). */
export function wordVector(word: string): Float32Array | null {
  const index = rowOf(word);
  return index === undefined ? null : row(loaded(), index);
}

/** Cosine of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let d = 0; d < a.length; d += 1) dot += a[d] * b[d];
  return dot;
}

/** Content words of a text: lower-case letters only, stop words and one-letter pieces left out. */
export function contentWords(text: string): string[] {
  const found =
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .replace(/n't\b/g, ' not')
      .replace(/'[a-z]+\b/g, '')
      .match(/[a-z]+/g) ?? [];
  return found.filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/**
 * A text's unit sentence vector (see the top of this file), or null when no word is known.
 * `ignore`: words left out (a business's everyday words, which would make all its sentences alike).
 */
export function sentenceVector(text: string, ignore?: ReadonlySet<string>): Float32Array | null {
  // A turn compares one question with many passages: the same texts come back.
  const key = ignore?.size ? `${[...ignore].join(' ')}\u0000${text}` : text;
  if (recent.has(key)) return recent.get(key)!;
  const vector = computeSentenceVector(text, ignore);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
  recent.set(key, vector);
  return vector;
}

const recent = new Map<string, Float32Array | null>();
const RECENT_MAX = 2_000;

function computeSentenceVector(text: string, ignore?: ReadonlySet<string>): Float32Array | null {
  const words = loaded();
  const sum = new Float32Array(DIMENSIONS);
  let known = 0;
  for (const word of contentWords(text)) {
    if (ignore?.has(word)) continue;
    const index = rowOf(word);
    if (index === undefined) continue;
    known += 1;
    const weight = weightOfRank(words.ranks[index]) * words.scales[index];
    const offset = index * DIMENSIONS;
    for (let d = 0; d < DIMENSIONS; d += 1) sum[d] += words.components[offset + d] * weight;
  }
  if (known === 0) return null;
  const common = commonDirection!;
  const shared = cosine(sum, common);
  for (let d = 0; d < DIMENSIONS; d += 1) sum[d] -= shared * common[d];
  return normalise(sum);
}

/**
 * How much a word tells about what a text is about, 0.2..1, from its frequency rank:
 * "back" (rank ~130) 0.42, "cake" (~7,500) 0.77, "gluten" (~33,000) 0.9; a word the table
 * does not know (a name, a rare term, a typo) tells the most.
 */
export function wordImportance(word: string): number {
  const index = rowOf(word);
  if (index === undefined) return 1;
  return Math.max(0.2, Math.min(1, Math.log10(loaded().ranks[index]) / 5));
}

/** How alike two words are, 0..1: 1 when they share a base form, else their vectors' cosine. */
export function wordSimilarity(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  if (left === right) return 1;
  // Judging a turn compares each question word with every word of many passages: the same pairs come back.
  let known = similarities.get(left);
  if (!known) {
    if (similarities.size >= SIMILARITIES_MAX) similarities.clear();
    known = new Map();
    similarities.set(left, known);
  }
  let similarity = known.get(right);
  if (similarity === undefined) {
    similarity = computeWordSimilarity(left, right);
    if (known.size >= SIMILARITIES_MAX) known.clear();
    known.set(right, similarity);
  }
  return similarity;
}

/** Per first word, per second word (bounded both ways: callers' and passages' words are many but repeat). */
const similarities = new Map<string, Map<string, number>>();
const SIMILARITIES_MAX = 5_000;

function computeWordSimilarity(left: string, right: string): number {
  const bases = new Set(lemmas(left));
  if (lemmas(right).some((base) => bases.has(base))) return 1;
  const first = rowOf(left);
  const second = rowOf(right);
  if (first === undefined || second === undefined) return 0;
  const words = loaded();
  let dot = 0;
  const offsetA = first * DIMENSIONS;
  const offsetB = second * DIMENSIONS;
  for (let d = 0; d < DIMENSIONS; d += 1) dot += words.components[offsetA + d] * words.components[offsetB + d];
  return Math.max(0, dot * words.scales[first] * words.scales[second]);
}
