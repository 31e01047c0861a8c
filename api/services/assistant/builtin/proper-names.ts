import { isCommonWord } from '#api/services/language/part-of-speech';
import { termKey, words } from './text';

/**
 * "Companies House", "Royal Mail", "Citizens Advice": a name made of common words is not those
 * words. "Can you come to my house?" is not answered by "accounts filed at Companies House", and
 * "a letter from Companies House" is not asked about a house. A name matches only as the whole
 * name; its common words are taken out of the passage wherever the other side did not say it
 * as a name. A name's uncommon words ("Bosch" in "Worcester Bosch") are names already and stay.
 */

const CAPITALISED = /^[A-Z][a-z'’]+$/;

/**
 * Two or more capitalised words after a lower-case word of the same sentence ("filed at Companies
 * House"): a name. Capitals at a sentence's or a line's start ("Opening Hours") are headings and
 * sentence case, not names.
 */
export function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const sentence of text.split(/(?<=[.!?;:])\s+|\n+/)) {
    let afterLowerCase = false;
    let run: string[] = [];
    const close = () => {
      if (run.length >= 2) names.push(run.join(' '));
      run = [];
    };
    for (const token of sentence.split(/\s+/)) {
      const word = token.replace(/^[("'“‘]+/, '');
      const core = word.replace(/[^A-Za-z'’]+$/, '').replace(/['’]s$/, '');
      if (afterLowerCase && CAPITALISED.test(core)) run.push(core);
      else {
        close();
        if (/^[a-z]/.test(core)) afterLowerCase = true;
      }
      // A comma or a bracket ends a name.
      if (core !== word) close();
    }
    close();
  }
  return names;
}

/** A lower-case word, then two capitalised ones. */
const MAY_HOLD_A_NAME = /[a-z]\s+[A-Z][a-z'’]+\s+[A-Z][a-z]/;

const keysOf = (text: string) => words(text).map((word) => termKey(word.replace(/'/g, '')));

/** A word of the name as the caller said it: the same key, or clipped from it ("regs" for "Regulations"). */
function sameWord(said: string, named: string): boolean {
  const clipped = said.replace(/s$/, '');
  return termKey(said) === termKey(named) || (clipped.length >= 3 && named.startsWith(clipped));
}

/** The name said as a name: two of its words running together in the other text ("royal mail" for "Royal Mail Tracked", "building regs"). */
function saidAsAName(name: string, text: string): boolean {
  const wanted = words(name);
  const list = words(text);
  return wanted
    .slice(1)
    .some((word, index) =>
      list.some(
        (said, at) => sameWord(said, wanted[index]) && list[at + 1] !== undefined && sameWord(list[at + 1], word),
      ),
    );
}

/**
 * The passage as the caller's words may meet it: the common words of a name, in the passage or
 * in the caller's message, taken out where the other did not say the whole name. Names of the
 * business's own things ("our Full English Breakfast") stay: `kept` tells their words' keys.
 */
export function withoutNamesNotSaid(passage: string, callerText: string, kept: (key: string) => boolean): string {
  // Judging reads many windows a turn: most hold no name at all.
  if (!MAY_HOLD_A_NAME.test(passage) && !MAY_HOLD_A_NAME.test(callerText)) return passage;
  const commonKeys = (name: string) =>
    name
      .split(' ')
      .filter((word) => isCommonWord(word))
      .map((word) => termKey(word.toLowerCase()));
  const ownThing = (name: string) => keysOf(name).some(kept);
  let result = passage;
  for (const name of namesIn(passage)) {
    if (ownThing(name) || saidAsAName(name, callerText)) continue;
    const common = new Set(commonKeys(name));
    const pattern = new RegExp(`\\b${name.split(' ').join('\\s+')}\\b`, 'g');
    result = result.replace(pattern, (found) =>
      found
        .split(/(\s+)/)
        .map((word) => (common.has(termKey(word.toLowerCase())) ? '' : word))
        .join(''),
    );
  }
  const callersNameKeys = new Set(
    namesIn(callerText)
      .filter((name) => !ownThing(name) && !saidAsAName(name, passage))
      .flatMap(commonKeys),
  );
  if (!callersNameKeys.size) return result;
  return result.replace(/[A-Za-z]+/g, (word) => (callersNameKeys.has(termKey(word.toLowerCase())) ? '' : word));
}
