/**
 * A trigram language model in ARPA form, built from tokenised sentences: interpolated
 * absolute discounting, written as back-off entries, so the decoder's back-off arithmetic
 * gives exactly the interpolated probabilities. The unigrams are mixed with a general
 * English distribution (`general`, weight `generalWeight`) so words outside the corpus stay
 * possible, only less likely.
 *
 * Why interpolated absolute discounting: with a corpus of a few thousand template sentences
 * most trigrams are seen once, and Witten-Bell gives such contexts too little back-off mass;
 * with a fixed discount D per order the back-off weight of a context h is simply
 * D·(distinct followers of h)/count(h), the mass the discount set aside.
 */
export const SENTENCE_START = '<s>';
export const SENTENCE_END = '</s>';
const LOG_ZERO = -99;

export type NgramOptions = {
  /** Base-10 log probabilities of general English words (need not sum to one: they are normalised). */
  general?: Map<string, number>;
  /** The share of unigram probability given to the general distribution (0..1). */
  generalWeight?: number;
};

export type NgramModel = {
  /** word → probability, per order: unigrams keyed by word, bigrams by "a b", trigrams by "a b c". */
  probabilities: [Map<string, number>, Map<string, number>, Map<string, number>];
  /** Back-off weight (a probability multiplier) of each context that has followers. */
  backoff: [Map<string, number>, Map<string, number>];
  vocabulary: string[];
};

type Counts = Map<string, Map<string, number>>;

function add(counts: Counts, history: string, word: string) {
  let followers = counts.get(history);
  if (!followers) counts.set(history, (followers = new Map()));
  followers.set(word, (followers.get(word) ?? 0) + 1);
}

/** The discount D = n1 / (n1 + 2·n2) of Ney et al., from how many n-grams occur once and twice. */
function discountOf(counts: Counts): number {
  let once = 0;
  let twice = 0;
  for (const followers of counts.values()) {
    for (const count of followers.values()) {
      if (count === 1) once += 1;
      else if (count === 2) twice += 1;
    }
  }
  const discount = once + 2 * twice ? once / (once + 2 * twice) : 0.5;
  return Math.min(0.9, Math.max(0.1, discount));
}

function total(followers: Map<string, number>): number {
  let sum = 0;
  for (const count of followers.values()) sum += count;
  return sum;
}

export function buildNgramModel(sentences: string[][], options: NgramOptions = {}): NgramModel {
  const unigramCounts = new Map<string, number>();
  const bigramCounts: Counts = new Map();
  const trigramCounts: Counts = new Map();
  for (const sentence of sentences) {
    if (!sentence.length) continue;
    const tokens = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let index = 1; index < tokens.length; index++) {
      const word = tokens[index]!;
      unigramCounts.set(word, (unigramCounts.get(word) ?? 0) + 1);
      add(bigramCounts, tokens[index - 1]!, word);
      if (index >= 2) add(trigramCounts, `${tokens[index - 2]} ${tokens[index - 1]}`, word);
    }
  }

  // Unigrams: the corpus's relative frequencies mixed with the general distribution.
  const general = options.general ?? new Map<string, number>();
  const generalWeight = general.size ? (options.generalWeight ?? 0.05) : 0;
  const vocabulary = [...new Set([...unigramCounts.keys(), ...general.keys()])]
    .filter((word) => word !== SENTENCE_START)
    .sort();
  let generalSum = 0;
  for (const logProbability of general.values()) generalSum += 10 ** logProbability;
  const corpusTokens = total(unigramCounts);
  // Corpus words the general list lacks still get a share of the general mass (as rare words).
  const rare = general.size ? Math.min(...[...general.values()].map((value) => 10 ** value)) / generalSum : 0;
  const unigrams = new Map<string, number>();
  for (const word of vocabulary) {
    const fromCorpus = corpusTokens ? (unigramCounts.get(word) ?? 0) / corpusTokens : 0;
    const fromGeneral = general.has(word) ? 10 ** general.get(word)! / generalSum : word === SENTENCE_END ? 0 : rare;
    unigrams.set(word, (1 - generalWeight) * fromCorpus + generalWeight * fromGeneral);
  }
  let unigramSum = 0;
  for (const probability of unigrams.values()) unigramSum += probability;
  for (const [word, probability] of unigrams) unigrams.set(word, probability / unigramSum);

  const bigramDiscount = discountOf(bigramCounts);
  const bigrams = new Map<string, number>();
  const unigramBackoff = new Map<string, number>();
  for (const [history, followers] of bigramCounts) {
    const count = total(followers);
    const reserved = (bigramDiscount * followers.size) / count;
    unigramBackoff.set(history, reserved);
    for (const [word, seen] of followers)
      bigrams.set(`${history} ${word}`, (seen - bigramDiscount) / count + reserved * unigrams.get(word)!);
  }
  const bigramProbability = (history: string, word: string) =>
    bigrams.get(`${history} ${word}`) ?? (unigramBackoff.get(history) ?? 1) * unigrams.get(word)!;

  const trigramDiscount = discountOf(trigramCounts);
  const trigrams = new Map<string, number>();
  const bigramBackoff = new Map<string, number>();
  for (const [history, followers] of trigramCounts) {
    const count = total(followers);
    const reserved = (trigramDiscount * followers.size) / count;
    bigramBackoff.set(history, reserved);
    const previous = history.slice(history.indexOf(' ') + 1);
    for (const [word, seen] of followers)
      trigrams.set(
        `${history} ${word}`,
        (seen - trigramDiscount) / count + reserved * bigramProbability(previous, word),
      );
  }
  return { probabilities: [unigrams, bigrams, trigrams], backoff: [unigramBackoff, bigramBackoff], vocabulary };
}

/** P(word | history) by the ARPA back-off rule, for tests and for scoring text with the model. */
export function probability(model: NgramModel, history: string[], word: string): number {
  const [unigrams, bigrams, trigrams] = model.probabilities;
  if (history.length >= 2) {
    const context = history.slice(-2).join(' ');
    const found = trigrams.get(`${context} ${word}`);
    if (found !== undefined) return found;
    return (model.backoff[1].get(context) ?? 1) * probability(model, history.slice(-1), word);
  }
  if (history.length === 1) {
    const found = bigrams.get(`${history[0]} ${word}`);
    if (found !== undefined) return found;
    return (model.backoff[0].get(history[0]!) ?? 1) * (unigrams.get(word) ?? 0);
  }
  return unigrams.get(word) ?? 0;
}

const log10 = (value: number) => (value > 0 ? Math.log10(value) : LOG_ZERO).toFixed(4);

/** The model as an ARPA file (what pocketsphinx's -lm reads). */
export function toArpa(model: NgramModel): string {
  const [unigrams, bigrams, trigrams] = model.probabilities;
  const [unigramBackoff, bigramBackoff] = model.backoff;
  const lines = [
    '\\data\\',
    `ngram 1=${unigrams.size + 1}`,
    `ngram 2=${bigrams.size}`,
    `ngram 3=${trigrams.size}`,
    '',
    '\\1-grams:',
  ];
  lines.push(`${LOG_ZERO.toFixed(4)}\t${SENTENCE_START}\t${log10(unigramBackoff.get(SENTENCE_START) ?? 1)}`);
  for (const [word, value] of unigrams) lines.push(`${log10(value)}\t${word}\t${log10(unigramBackoff.get(word) ?? 1)}`);
  lines.push('', '\\2-grams:');
  for (const [pair, value] of bigrams) lines.push(`${log10(value)}\t${pair}\t${log10(bigramBackoff.get(pair) ?? 1)}`);
  lines.push('', '\\3-grams:');
  for (const [triple, value] of trigrams) lines.push(`${log10(value)}\t${triple}`);
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}
