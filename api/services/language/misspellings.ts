/**
 * Misspellings people commonly make, with the word meant ("seperate" → separate, "definately"
 * → definitely), from the @cspell/dict-en-common-misspellings package (its general and British
 * lists). The web repeats many of them, so the word-vector table has some ("seperate",
 * "accomodation") and a distance alone never corrects them. Only entries with one word meant
 * are kept: "aache → ache, cache" is a guess. Read once, on the first caller's word that needs it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const LISTS = ['dict-en.json', 'dict-en-gb.json'];

type Definitions = { dictionaryDefinitions: { suggestWords?: string[]; flagWords?: string[] }[] };

let meant: Map<string, string> | null = null;

/** The word a common misspelling means, or undefined. */
export function commonMisspelling(word: string): string | undefined {
  return (meant ??= readLists()).get(word);
}

function readLists(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const directory = path.dirname(require.resolve('@cspell/dict-en-common-misspellings/cspell-ext.json'));
  const found = new Map<string, string>();
  for (const list of LISTS) {
    const { dictionaryDefinitions } = JSON.parse(
      fs.readFileSync(path.join(directory, 'dict', list), 'utf8'),
    ) as Definitions;
    for (const definition of dictionaryDefinitions)
      for (const entry of [...(definition.suggestWords ?? []), ...(definition.flagWords ?? [])]) {
        const [typo, words] = entry.split('->');
        if (words && /^[a-z]+$/.test(typo) && /^[a-z]+$/.test(words.trim())) found.set(typo, words.trim());
      }
  }
  return found;
}
