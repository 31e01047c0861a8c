import { isMostlyNoun } from '#api/services/language/part-of-speech';
import { STOP_WORDS } from '#api/services/language/stop-words';
import { termKey } from './text';

/**
 * "Do I need my own mat?" is about a mat; "Beginners Mat Pilates" and "unlimited mat classes" are
 * the studio's classes, named by the word. A caller's word that a passage holds only as the first
 * half of a compound whose other noun names one of the business's own offers (a class, a pass, a
 * room) and which the caller did not say, is the offer's name, not the caller's thing. Other
 * compounds stay about their first word: "a bike shed" is where the bikes go, "a power cut" is the
 * power going off.
 */

/** Words and the punctuation between them, in order ("car park;" → car, park, ;). */
const TOKENS = /[a-z]+(?:'[a-z]+)?|\d+(?:[.,:]\d+)*|[^\sa-z\d]/gi;

/** The words right after each word of the text, or null when punctuation or the end follows. */
function followers(text: string): { key: string; next: string | null }[] {
  const tokens = text.match(TOKENS) ?? [];
  return tokens.flatMap((token, index) => {
    if (!/^[a-z]/i.test(token)) return [];
    const after = tokens[index + 1];
    // "flat-pack": a hyphen joins a compound like a space does.
    const joined = after === '-' ? tokens[index + 2] : after;
    return [{ key: termKey(token.toLowerCase()), next: joined && /^[a-z]/i.test(joined) ? joined : null }];
  });
}

const headsACompound = (next: string | null, asked: Set<string>, offers: Set<string> | null) =>
  next !== null &&
  !STOP_WORDS.has(next.toLowerCase()) &&
  // A capitalised word goes on a name ("Top Rope Climbing"), whatever it mostly is.
  (isMostlyNoun(next) || /^[A-Z]/.test(next)) &&
  !asked.has(termKey(next.toLowerCase())) &&
  (!offers || offers.has(termKey(next.toLowerCase())));

/**
 * The keys among `keys` that `said` holds only as the first noun of a compound whose head is a
 * word of the business's offers (`offers`) the question does not hold ("mat" in "Mat Pilates",
 * "mat classes"), and that the question itself does not use so (a caller asking for "mat
 * classes" means the compound).
 */
export function qualifiersOnly(
  question: string,
  askedKeys: Set<string>,
  offers: Set<string>,
  keys: string[],
  said: string,
): Set<string> {
  const inSaid = followers(said);
  const inQuestion = followers(question);
  return new Set(
    keys.filter((key) => {
      const uses = inSaid.filter((entry) => entry.key === key);
      return (
        uses.length > 0 &&
        uses.every((entry) => headsACompound(entry.next, askedKeys, offers)) &&
        !inQuestion.some((entry) => entry.key === key && headsACompound(entry.next, new Set(), null))
      );
    }),
  );
}
