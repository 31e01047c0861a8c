import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { businessSentences, knowledgeSentences } from '#api/services/speech/business-corpus';
import { speechKnowledge } from '#api/services/speech/business-knowledge';
import {
  businessLanguageModel,
  cmuEntries,
  knowledgeHash,
  loadCommonWords,
} from '#api/services/speech/business-language-model';
import { buildNgramModel, probability, SENTENCE_END, toArpa } from '#api/services/speech/ngram-model';
import { numberWords, spokenWords } from '#api/services/speech/spoken-words';
import { CMU_DICT } from '#api/services/speech/vocabulary';

const corpus = [
  ['are', 'you', 'open', 'on', 'saturday'],
  ['are', 'you', 'open', 'today'],
  ['how', 'much', 'is', 'a', 'haircut'],
  ['how', 'much', 'is', 'a', 'beard', 'trim'],
  ['do', 'you', 'do', 'beard', 'trims'],
];

/** The ARPA text read back: counts per order and every entry's fields. */
function parseArpa(text: string) {
  const counts = new Map<number, number>();
  const entries = new Map<number, string[][]>();
  let order = 0;
  for (const line of text.split('\n')) {
    const declared = line.match(/^ngram (\d)=(\d+)$/);
    if (declared) counts.set(Number(declared[1]), Number(declared[2]));
    const section = line.match(/^\\(\d)-grams:$/);
    if (section) order = Number(section[1]);
    else if (line.startsWith('\\')) order = 0;
    else if (order && line.trim()) entries.set(order, [...(entries.get(order) ?? []), line.split('\t')]);
  }
  return { counts, entries };
}

describe('trigram language model (ARPA)', () => {
  const general = new Map([
    ['the', -1.4],
    ['open', -3.5],
    ['monday', -4.2],
  ]);
  const model = buildNgramModel(corpus, { general, generalWeight: 0.1 });

  it('declares as many n-grams of each order as it lists, with log probabilities and back-off weights', () => {
    const { counts, entries } = parseArpa(toArpa(model));
    for (const order of [1, 2, 3]) expect(entries.get(order)?.length).toBe(counts.get(order));
    expect(entries.get(1)!.every((fields) => fields.length === 3 && Number(fields[0]) <= 0)).toBe(true);
    expect(entries.get(3)!.every((fields) => fields.length === 2 && Number(fields[0]) < 0)).toBe(true);
    expect(entries.get(1)!.map((fields) => fields[1])).toEqual(
      expect.arrayContaining(['<s>', '</s>', 'haircut', 'monday']),
    );
  });

  it('gives a distribution that sums to one after every history, seen or not', () => {
    const vocabulary = [...model.vocabulary];
    for (const history of [
      [],
      ['you'],
      ['<s>', 'are'],
      ['how', 'much'],
      ['much', 'is'],
      ['monday', 'the'],
      ['beard'],
    ]) {
      const sum = vocabulary.reduce((total, word) => total + probability(model, history, word), 0);
      expect(sum).toBeCloseTo(1, 6);
    }
  });

  it('prefers what the corpus says, backs off to shorter histories, and keeps general words possible', () => {
    expect(probability(model, ['are', 'you'], 'open')).toBeGreaterThan(0.5);
    expect(probability(model, ['is', 'a'], 'haircut')).toBeGreaterThan(probability(model, ['is', 'a'], 'open'));
    // "a trims" never occurs: its probability is the back-off weight of "is a" times P(trims | a).
    const backedOff = model.backoff[1].get('is a')! * probability(model, ['a'], 'trims');
    expect(probability(model, ['is', 'a'], 'trims')).toBeCloseTo(backedOff, 12);
    expect(probability(model, ['are', 'you'], 'monday')).toBeGreaterThan(0);
    expect(probability(model, [], SENTENCE_END)).toBeGreaterThan(0);
  });
});

describe('spoken forms', () => {
  it('spells numbers, prices, times, percentages and postcodes as they are said', () => {
    expect(numberWords(2195)).toBe('two thousand one hundred and ninety five');
    expect(spokenWords('A cake from £45, 10% off until 5pm.')).toEqual(
      'a cake from forty five pounds ten percent off until five p m'.split(' '),
    );
    expect(spokenWords('We deliver to BS8 and LS3 1HA')).toEqual(
      'we deliver to b s eight and l s three one h a'.split(' '),
    );
    expect(spokenWords('Open on the 24th')).toEqual(['open', 'on', 'the', 'twenty', 'fourth']);
  });

  it('splits knowledge into sentences and lines, without list marks', () => {
    expect(knowledgeSentences('# Delivery\n- We deliver across Bristol. Orders over £30 are free!')).toEqual([
      'Delivery',
      'We deliver across Bristol.',
      'Orders over £30 are free!',
    ]);
  });
});

const SALON = speechKnowledge({
  name: 'Mill Lane Hair',
  assistantName: 'Rosa',
  address: '3 Mill Lane, Frome BA11 1AB',
  services: [{ name: 'Balayage' }, { name: 'Beard trim' }, { name: 'Restyle cut' }],
  products: [{ name: 'Argan oil serum' }],
  memories: [
    {
      type: 'answered_question',
      title: 'Do you colour hair for teenagers?',
      content: 'Do you colour hair for teenagers?',
      answer: 'Yes, from 14 with a parent.',
    },
    {
      type: 'web_page',
      title: 'About us',
      content: 'Our stylist Keziah trained in London. We also visit brides in Warminster and Trowbridge.',
    },
  ],
});

describe('a business corpus', () => {
  it('fills caller phrasing with the business own services, places and people, and adds its knowledge lines', () => {
    const sentences = businessSentences(SALON).map((words) => words.join(' '));
    expect(sentences).toEqual(
      expect.arrayContaining([
        'how much is a balayage',
        'do you cover warminster',
        'can i speak to keziah',
        'do you colour hair for teenagers',
        'are you open on saturday',
      ]),
    );
    expect(sentences.length).toBeGreaterThan(300);
    expect(sentences.length).toBeLessThan(5000);
  });

  it('changes its hash, and so its model, when the knowledge changes', () => {
    expect(knowledgeHash(SALON)).toBe(knowledgeHash({ ...SALON }));
    expect(knowledgeHash({ ...SALON, things: [...SALON.things, 'Perm'] })).not.toBe(knowledgeHash(SALON));
  });
});

describe.skipIf(!fs.existsSync(CMU_DICT))('a business language model on disk (needs pocketsphinx-en-us)', () => {
  it('writes an ARPA model and a dictionary with a pronunciation for every word, quickly, and reuses them', async () => {
    const started = performance.now();
    const files = await businessLanguageModel(SALON);
    const firstMs = performance.now() - started;
    const arpa = fs.readFileSync(files.lm, 'utf8');
    const dictionary = new Set(
      fs
        .readFileSync(files.dict, 'utf8')
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, '')),
    );
    const words = parseArpa(arpa)
      .entries.get(1)!
      .map((fields) => fields[1]!)
      .filter((word) => !word.startsWith('<'));
    expect(words.filter((word) => !dictionary.has(word))).toEqual([]);
    // Names the CMU dictionary lacks are spoken by espeak-ng's rules.
    expect(dictionary.has('keziah')).toBe(true);
    expect(words.length).toBeLessThan(loadCommonWords().size + 2000);
    expect(fs.statSync(files.lm).size).toBeLessThan(3_000_000);
    expect(firstMs).toBeLessThan(3000);
    const again = performance.now();
    expect(await businessLanguageModel(SALON)).toEqual(files);
    expect(performance.now() - again).toBeLessThan(5);
  });

  it('reads every pronunciation variant from the CMU dictionary', () => {
    const entries = cmuEntries(new Set(['read', 'saturday']));
    expect(entries.get('read')!.length).toBeGreaterThanOrEqual(2);
    expect(entries.get('saturday')![0]).toMatch(/^saturday S AE T ER D/);
  });
});
