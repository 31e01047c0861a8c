import fs from 'node:fs';
import { run } from './process';

/**
 * Biasing embedded recognition toward the business's own words.
 *
 * pocketsphinx's ngram search only ever outputs words of its language model, and the
 * command-line decoder has no way to add words to the prebuilt binary model (the C API's
 * ps_add_word does, but Debian ships no bindings and no headers). Adding business words
 * to the dictionary alone changes nothing, and a domain-only language model recognised
 * synthetic and real questions no better in our trials while failing everything outside
 * it. So the bias is applied to the transcript instead: spans whose pronunciation is close
 * to a vocabulary phrase ("opening our ears" ~ "opening hours", "bright smile" ~
 * "Brightsmile") are replaced by the phrase. Pronunciations come from the CMU dictionary
 * that ships with the model, and from espeak-ng's phonemiser (IPA mapped to ARPAbet) for
 * words it lacks, such as a business's name.
 */
export const CMU_DICT = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';

/** Phrases callers use about any business: corrected toward even without a vocabulary. */
export const COMMON_PHRASES = [
  'opening hours',
  'appointment',
  'book an appointment',
  'call me back',
  'talk to a person',
  'how much does it cost',
  'where are you located',
];

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);
const SIMILAR = [
  ['P', 'B'],
  ['T', 'D'],
  ['K', 'G'],
  ['F', 'V'],
  ['S', 'Z'],
  ['SH', 'ZH'],
  ['CH', 'JH'],
  ['TH', 'DH'],
  ['M', 'N', 'NG'],
  ['L', 'R'],
];
const similarGroup = new Map<string, number>(
  SIMILAR.flatMap((group, index) => group.map((phone) => [phone, index] as const)),
);

function substitution(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return 0.5;
  const group = similarGroup.get(a);
  return group !== undefined && group === similarGroup.get(b) ? 0.5 : 1;
}

/** Weighted edit distance between two phoneme strings (similar sounds cost half). */
export function phoneDistance(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + substitution(a[i - 1]!, b[j - 1]!),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

const IPA: [string, string[]][] = [
  ['aɪə', ['AY', 'ER']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['eɪ', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ɔɪ', ['OY']],
  ['eə', ['EH', 'R']],
  ['ɪə', ['IH', 'R']],
  ['ʊə', ['UH', 'R']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['ɜː', ['ER']],
  ['ɜ', ['ER']],
  ['ɚ', ['ER']],
  ['ɝ', ['ER']],
  ['iː', ['IY']],
  ['i', ['IY']],
  ['uː', ['UW']],
  ['u', ['UW']],
  ['ɑː', ['AA']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['ɔː', ['AO']],
  ['ɔ', ['AO']],
  ['æ', ['AE']],
  ['a', ['AE']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['ʊ', ['UH']],
  ['o', ['OW']],
  ['b', ['B']],
  ['d', ['D']],
  ['f', ['F']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['h', ['HH']],
  ['j', ['Y']],
  ['k', ['K']],
  ['x', ['K']],
  ['l', ['L']],
  ['ɬ', ['L']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['p', ['P']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['s', ['S']],
  ['ʃ', ['SH']],
  ['t', ['T']],
  ['ɾ', ['T']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['v', ['V']],
  ['w', ['W']],
  ['z', ['Z']],
  ['ʒ', ['ZH']],
];

/** espeak-ng's IPA for a word as ARPAbet phones (stress and length marks dropped). */
export function ipaToArpabet(ipa: string): string[] {
  const phones: string[] = [];
  const text = ipa.replace(/[ˈˌ\s-]/g, '');
  let index = 0;
  while (index < text.length) {
    const entry = IPA.find(([symbol]) => text.startsWith(symbol, index));
    if (entry) {
      phones.push(...entry[1]);
      index += entry[0].length;
    } else {
      index += 1; // ː alone, ʔ, diacritics: no phone of their own
    }
  }
  return phones;
}

export const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];

const cache = new Map<string, string[] | null>();
const CACHE_MAX = 20_000;

/** Pronunciations (first variant) of words from the CMU dictionary; one pass over the file for all that are not cached. */
export function lookupCmu(words: Iterable<string>, dictionary = CMU_DICT): Map<string, string[] | null> {
  const wanted = new Set([...words].filter((word) => !cache.has(word)));
  if (wanted.size) {
    const found = new Map<string, string[]>();
    let text = '';
    try {
      text = fs.readFileSync(dictionary, 'utf8');
    } catch {
      // No dictionary: every word is unknown.
    }
    for (const line of text.split('\n')) {
      const space = line.indexOf(' ');
      if (space < 1) continue;
      const word = line.slice(0, space);
      if (wanted.has(word) && !found.has(word))
        found.set(
          word,
          line
            .slice(space + 1)
            .trim()
            .split(/\s+/),
        );
    }
    if (cache.size > CACHE_MAX) cache.clear();
    for (const word of wanted) cache.set(word, found.get(word) ?? null);
  }
  return new Map([...words].map((word) => [word, cache.get(word) ?? null]));
}

/** Pronunciations for words the dictionary lacks, from espeak-ng's phonemiser; null for each when it is not installed. */
export async function espeakPhones(
  words: string[],
  options: { binary?: string; signal?: AbortSignal } = {},
): Promise<Map<string, string[] | null>> {
  const result = new Map<string, string[] | null>();
  if (!words.length) return result;
  try {
    const output = (
      await run(options.binary ?? 'espeak-ng', ['-q', '--ipa', '-v', 'en-us', '--stdin'], {
        input: words.join('\n'),
        signal: options.signal,
        timeoutMs: 10_000,
      })
    )
      .toString('utf8')
      .trim()
      .split(/\s+/);
    if (output.length === words.length) words.forEach((word, index) => result.set(word, ipaToArpabet(output[index]!)));
  } catch {
    // Without espeak-ng, words outside the dictionary are simply not corrected toward.
  }
  for (const word of words) if (!result.has(word)) result.set(word, null);
  return result;
}

type Term = { text: string; words: number; phones: string[] };

/**
 * The transcript with spans that sound like a vocabulary phrase replaced by it. A span may
 * be one word shorter or two longer than the phrase ("our ears" for "hours"); the match
 * must be close (a fifth of the phrase's sounds, half a sound for short ones).
 */
export async function biasTranscript(
  transcript: string,
  vocabulary: string[],
  options: { dictionary?: string; espeak?: string | null; signal?: AbortSignal } = {},
): Promise<string> {
  const spoken = wordsOf(transcript);
  if (!spoken.length) return transcript;
  const phrases = [
    ...new Set(
      [...vocabulary, ...COMMON_PHRASES]
        .map((phrase) => phrase.trim())
        .filter((phrase) => wordsOf(phrase).length >= 1 && wordsOf(phrase).length <= 5),
    ),
  ].slice(0, 500);
  if (!phrases.length) return transcript;
  const allWords = new Set([...spoken, ...phrases.flatMap(wordsOf)]);
  const pronunciations = lookupCmu(allWords, options.dictionary);
  const missing = [...allWords].filter((word) => !pronunciations.get(word) && !/^\d+$/.test(word));
  if (missing.length && options.espeak !== null) {
    for (const [word, phones] of await espeakPhones(missing.slice(0, 200), {
      binary: options.espeak,
      signal: options.signal,
    }))
      pronunciations.set(word, phones);
  }
  const phonesOf = (words: string[]) => {
    const phones: string[] = [];
    for (const word of words) {
      const found = pronunciations.get(word);
      if (!found) return null;
      phones.push(...found.map((phone) => phone.replace(/\d/g, '')));
    }
    return phones;
  };
  const terms: Term[] = [];
  for (const phrase of phrases) {
    const phones = phonesOf(wordsOf(phrase));
    if (phones && phones.length >= 3) terms.push({ text: phrase, words: wordsOf(phrase).length, phones });
  }

  type Candidate = { start: number; end: number; term: Term; score: number };
  const candidates: Candidate[] = [];
  for (const term of terms) {
    const allowed = term.phones.length < 5 ? 0.5 : 0.2 * term.phones.length;
    for (let length = Math.max(1, term.words - 1); length <= term.words + 2; length++) {
      for (let start = 0; start + length <= spoken.length; start++) {
        const span = spoken.slice(start, start + length);
        if (span.join(' ') === wordsOf(term.text).join(' ')) continue;
        const phones = phonesOf(span);
        if (!phones) continue;
        const distance = phoneDistance(phones, term.phones);
        if (distance <= allowed)
          candidates.push({ start, end: start + length, term, score: distance / term.phones.length });
      }
    }
  }
  if (!candidates.length) return spoken.join(' ');
  candidates.sort((a, b) => a.score - b.score || b.term.phones.length - a.term.phones.length);
  // A neighbouring word that mostly aligns with the phrase belongs to it ("opening our
  // ears": "ears" costs one edit for three sounds) rather than staying behind as noise.
  const extend = (candidate: Candidate): Candidate => {
    let best = candidate;
    for (const [start, end] of [
      [best.start, best.end + 1],
      [best.start - 1, best.end],
    ] as const) {
      if (start < 0 || end > spoken.length) continue;
      const phones = phonesOf(spoken.slice(start, end));
      const extra = phonesOf(start < best.start ? [spoken[start]!] : [spoken[end - 1]!]);
      if (!phones || !extra) continue;
      const distance = phoneDistance(phones, best.term.phones);
      if (distance - best.score * best.term.phones.length < 0.5 * extra.length)
        best = { ...best, start, end, score: distance / best.term.phones.length };
    }
    return best;
  };
  const chosen: Candidate[] = [];
  for (const found of candidates) {
    const candidate = extend(found);
    if (chosen.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    // Already saying the phrase (or more of it) in the transcript: nothing to correct.
    const spanText = spoken.slice(candidate.start, candidate.end).join(' ');
    if (spanText.includes(wordsOf(candidate.term.text).join(' '))) continue;
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.start - b.start);
  const out: string[] = [];
  let index = 0;
  for (const candidate of chosen) {
    out.push(...spoken.slice(index, candidate.start), candidate.term.text);
    index = candidate.end;
  }
  out.push(...spoken.slice(index));
  return out.join(' ');
}
