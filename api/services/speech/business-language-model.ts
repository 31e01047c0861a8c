import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessSentences, type SpeechKnowledge } from './business-corpus';
import { buildNgramModel, toArpa } from './ngram-model';
import { CMU_DICT, espeakPhones } from './vocabulary';

/**
 * A business's own language model and pronunciation dictionary for pocketsphinx: its
 * callers' likely sentences (business-corpus.ts) as a trigram model, mixed with the general
 * English words of common-words.txt, and CMU pronunciations (espeak-ng's for the words the
 * CMU dictionary lacks, such as names). Files are cached per content hash, so a change to the
 * business's knowledge gives a new model at its next voice turn and an unchanged business
 * reuses its files; at most MAX_MODELS are kept, in one temporary directory removed on exit.
 */
const MODEL_VERSION = 1;
const MAX_MODELS = 24;
/** The general words' share of unigram probability: enough for an off-corpus word to win when the audio is clear. */
export const GENERAL_WEIGHT = 0.1;

export type LanguageModelFiles = { lm: string; dict: string; hash: string; words: number; ngrams: number };
export type LanguageModelOptions = { dictionary?: string; espeak?: string | null; signal?: AbortSignal };

const COMMON_WORDS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-words.txt');
let commonWords: Map<string, number> | null = null;

/** The general English unigrams (log10 probabilities) shipped beside this module. */
export function loadCommonWords(): Map<string, number> {
  if (commonWords) return commonWords;
  commonWords = new Map();
  for (const line of fs.readFileSync(COMMON_WORDS_FILE, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [logProbability, word] = line.trim().split(/\s+/);
    if (word && logProbability) commonWords.set(word, Number(logProbability));
  }
  return commonWords;
}

let dictionaryText: { file: string; text: string } | null = null;

/** Every CMU pronunciation line ("word PH ON ES", "word(2) …") of the wanted words: one pass over the dictionary, kept in memory. */
export function cmuEntries(words: Set<string>, dictionary = CMU_DICT): Map<string, string[]> {
  if (dictionaryText?.file !== dictionary) {
    let text = '';
    try {
      text = fs.readFileSync(dictionary, 'utf8');
    } catch {
      // No dictionary: every word needs espeak-ng.
    }
    dictionaryText = { file: dictionary, text };
  }
  const found = new Map<string, string[]>();
  const { text } = dictionaryText;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const space = text.indexOf(' ', start);
    if (space > start && space < end) {
      const entry = text.slice(start, space);
      const word = entry.endsWith(')') ? entry.slice(0, entry.indexOf('(')) : entry;
      if (words.has(word)) {
        const lines = found.get(word) ?? [];
        lines.push(`${entry} ${text.slice(space + 1, end).trim()}`);
        found.set(word, lines);
      }
    }
    start = end + 1;
  }
  return found;
}

let cacheDir: string | null = null;
const built = new Map<string, Promise<LanguageModelFiles>>();

function modelDirectory(): string {
  if (!cacheDir) {
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'business-speech-models-'));
    const dir = cacheDir;
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return cacheDir;
}

export function knowledgeHash(knowledge: SpeechKnowledge): string {
  return createHash('sha256')
    .update(JSON.stringify([MODEL_VERSION, GENERAL_WEIGHT, knowledge]))
    .digest('hex')
    .slice(0, 24);
}

/** Builds (or finds in the cache) the language model and dictionary of a business. */
export function businessLanguageModel(
  knowledge: SpeechKnowledge,
  options: LanguageModelOptions = {},
): Promise<LanguageModelFiles> {
  const hash = knowledgeHash(knowledge);
  const cached = built.get(hash);
  if (cached) {
    // Most recently used last, so eviction takes the oldest.
    built.delete(hash);
    built.set(hash, cached);
    return cached;
  }
  const building = build(knowledge, hash, options);
  built.set(hash, building);
  building.catch(() => built.delete(hash));
  while (built.size > MAX_MODELS) {
    const [oldest, promise] = built.entries().next().value as [string, Promise<LanguageModelFiles>];
    built.delete(oldest);
    void promise.then((files) => rm(path.dirname(files.lm), { recursive: true, force: true })).catch(() => {});
  }
  return building;
}

async function build(
  knowledge: SpeechKnowledge,
  hash: string,
  options: LanguageModelOptions,
): Promise<LanguageModelFiles> {
  const general = loadCommonWords();
  const sentences = businessSentences(knowledge);
  const corpusWords = new Set(sentences.flat());
  const entries = cmuEntries(new Set([...corpusWords, ...general.keys()]), options.dictionary);
  const missing = [...corpusWords].filter((word) => !entries.has(word));
  if (missing.length && options.espeak !== null) {
    for (const [word, phones] of await espeakPhones(missing, {
      binary: options.espeak ?? undefined,
      signal: options.signal,
    })) {
      if (phones?.length) entries.set(word, [`${word} ${phones.join(' ')}`]);
    }
  }
  // A word nobody can pronounce cannot be recognised: its sentences are split around it.
  const pronounceable = sentences.flatMap((sentence) => {
    const parts: string[][] = [[]];
    for (const word of sentence) {
      if (entries.has(word)) parts[parts.length - 1]!.push(word);
      else parts.push([]);
    }
    return parts.filter((part) => part.length);
  });
  const model = buildNgramModel(pronounceable, {
    general: new Map([...general].filter(([word]) => entries.has(word))),
    generalWeight: GENERAL_WEIGHT,
  });
  const dictionary = model.vocabulary.filter((word) => entries.has(word)).flatMap((word) => entries.get(word)!);

  const dir = path.join(modelDirectory(), hash);
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await mkdir(staging, { recursive: true });
  await writeFile(path.join(staging, 'business.arpa'), toArpa(model));
  await writeFile(path.join(staging, 'business.dict'), `${dictionary.join('\n')}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
  const ngrams = model.probabilities.reduce((sum, order) => sum + order.size, 0);
  return {
    lm: path.join(dir, 'business.arpa'),
    dict: path.join(dir, 'business.dict'),
    hash,
    words: model.vocabulary.length,
    ngrams,
  };
}
