import { areOpposites } from '#api/services/language/definitions';
import { describesAnAction, isMostlyAdjective, isMostlyVerb } from '#api/services/language/part-of-speech';
import { isCommonWord } from '#api/services/language/spelling';
import { sentenceSimilarity } from '#api/services/language/similarity';
import { contentWords, wordImportance, wordSimilarity } from '#api/services/language/vectors';
import { withoutNamesNotSaid } from './proper-names';
import { plainVerbs, questionTerms, sentences, termKey, termKeys, words, type Term } from './text';
import { ruleForOtherPeople } from './people-kinds';
import { saysBeingThere } from './being-home';
import { pricesAnotherAction } from './priced-action';
import { qualifiersOnly } from './qualifier-words';
import { pairsHold } from './knowledge-pairs';
import { coveredByKind, kindHeads } from './kinds-of-things';
import { saidByDefinition } from './defined-words';
import {
  answerTypeHolds,
  answerTypeRequired,
  answerTypeScored,
  COUNT,
  DEADLINE,
  freeOnlyOfAnotherThing,
  MONEY,
  withoutAmounts,
} from './knowledge-answer-type';
import {
  coveredByAmount,
  coveredMakes,
  doneByTheBusiness,
  keyPositions,
  QUESTION_WORDS,
  requiredCount,
  type Question,
} from './knowledge-question';

/** Whether a passage's sentences answer a question, and the best one or two to say. */

const weight = (terms: Term[]) => terms.reduce((sum, term) => sum + (term.specific ? 1 : 0.4), 0);

type Judged = { pass: boolean; score: number; topicHoldsAll: boolean };

/** The words around a passage that name its subject (heading, stored question): their keys, and the text for matching by meaning. */
export type Topic = { keys: Set<string>; text: string };

/**
 * A turn judges each sentence in several windows, of several passages, over and over (and the
 * next turns find the same passages): what judging reads from a text is worked out once per
 * text, kept in a bounded memo. The values are shared: read them, never change them.
 */
function memoised<T>(analyse: (text: string) => T): (text: string) => T {
  const memo = new Map<string, T>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      value = analyse(text);
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(text, value);
    }
    return value;
  };
}
const MEMO_MAX = 5_000;
export const keysIn = memoised((said) => termKeys(plainVerbs(said)));
const positionsIn = memoised((said) => keyPositions(plainVerbs(said)));
const wordsAround = memoised((text) => contentWords(plainVerbs(text)));

export const topicOf = memoised((text): Topic => ({ keys: termKeys(text), text }));

/** A subject word missing from the passage is still there when the passage has a word this alike ("bring" ~ "deliver", "eat" ~ "food"). */
const SOFT_MATCH = 0.8;
/** A word this telling ("vegan", "loyalty", a name) missing from a short question's answer, with nothing related there, means the passage is about something else. */
export const STRONG_WORD = 0.85;
const RELATED = 0.6;
/** A passage that needed a match by meaning must also mean what the question means, this much. */
const MEANING_FLOOR = 0.55;

/**
 * "regs" for regulations, "meds" for medication: a word English hardly uses (not a common word)
 * whose first letters, less a plural "s", begin a longer common word of the passage is that
 * word clipped.
 */
export function clippedFrom(word: string, candidates: string[]): boolean {
  if (word.length < 3 || isCommonWord(word)) return false;
  const base = word.length > 3 ? word.replace(/s$/, '') : word;
  if (base.length < 3 || !/^[a-z]+$/.test(base)) return false;
  return candidates.some(
    (candidate) => candidate.length >= base.length + 3 && candidate.startsWith(base) && isCommonWord(candidate),
  );
}

/**
 * Two adjectives alike by meaning are as often opposites on one scale ("late" ~ "early", "shorter" ~ "longer"): the
 * vectors put them close because they are used alike. After an amount or its unit ("10 mins late", "two inches shorter") the
 * direction on the scale is what the caller tells, so such a word is never met by another adjective.
 */
const bothAdjectives = (a: string, b: string) => isMostlyAdjective(a) && isMostlyAdjective(b);
const bothVerbs = (a: string, b: string) => isMostlyVerb(a) && isMostlyVerb(b);
const UNIT =
  /^(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|inch(es)?|feet|foot|cm|metres?|meters?|miles?|kg|kilos?)$/i;
const measuredWords = memoised((text: string) => {
  const list = words(text);
  return new Set(
    list
      .filter(
        (word, index) =>
          index > 0 &&
          list.slice(Math.max(0, index - 2), index).some((before) => COUNT.test(before) || UNIT.test(before)),
      )
      .map((word) => termKey(word)),
  );
});

export function closestWord(word: string, candidates: string[]): number {
  let best = 0;
  for (const candidate of candidates) best = Math.max(best, wordSimilarity(word, candidate));
  return best;
}

const inTextCount = (question: Question, keys: Set<string>) =>
  question.judge.filter((term) => keys.has(term.key)).length;

/**
 * A heading naming two subjects ("Cancellations and late collection") leads only the sentences
 * on the one asked: a sentence with none of the question's subject words and a word of the
 * heading's other subject ("Cancelled with 48 hours' notice…" to "am I charged for collecting
 * late?") is about the other one.
 */
function onTheHeadingsOtherSubject(question: Question, topicText: string, keys: Set<string>, inText: number): boolean {
  const heading = topicText.split('\n')[0] ?? '';
  if (inText > 0 || !/\s(and|&)\s|,/i.test(heading)) return false;
  const other = questionTerms(heading).filter((term) => term.specific && !question.keys.has(term.key));
  return other.some((term) => keys.has(term.key));
}

const STORED_QUESTION = /\?\s*$/m;

/** Words that change nothing of what is asked: "how many do I need" is "how many will I need". */
const ASKING_ONLY = new Set(
  `i we you me us do does did will would can could should shall may might must am is are be please just so and but roughly approximately about`.split(
    ' ',
  ),
);
const askingKeys = (text: string) =>
  [
    ...new Set(
      words(text)
        .filter((word) => !ASKING_ONLY.has(word.replace(/'/g, '')))
        .map((word) => termKey(word)),
    ),
  ]
    .sort()
    .join(' ');

/**
 * A stored question in the topic (an FAQ's or an answered question) that asks the caller's
 * question word for word: it is on the question even when every subject word is one of the
 * business's everyday words ("How many lessons will I need?" at a driving school).
 */
function asksWordForWord(message: string, topicText: string): boolean {
  const asked = askingKeys(message);
  return Boolean(asked) && topicText.split('\n').some((line) => /\?\s*$/.test(line) && askingKeys(line) === asked);
}

/**
 * Score a piece of text that would be said, given the topic words around it (heading,
 * stored question). `waivable`: the business's everyday words, which may be left out
 * when another subject word is in the text (never a word of a compound).
 */
export function judgeText(
  question: Question,
  said: string,
  topicWords: Topic,
  waivable: Set<string>,
  { scoreWhenFailing = true } = {},
): Judged {
  const topic = topicWords.keys;
  const visible = withoutNamesNotSaid(
    said,
    question.text,
    (key) => question.offerWords.has(key) || question.domain.has(key),
  );
  const allKeys = keysIn(visible);
  // "Beginners Mat Pilates" and "mat classes" hold no mat: a word only naming one of the business's offers is not there (qualifier-words.ts).
  const qualifying = qualifiersOnly(
    question.text,
    question.keys,
    question.offerWords,
    question.judge.map((term) => term.key).filter((key) => allKeys.has(key)),
    said,
  );
  const keys = qualifying.size ? new Set([...allKeys].filter((key) => !qualifying.has(key))) : allKeys;
  const inText = question.judge.filter((term) => keys.has(term.key));
  // The heading names the subject when it holds every subject word and one that is not an everyday word of the business
  // ("Boiler servicing" for "boiler service"; "Are your engineers DBS checked?" is not about "how many engineers").
  // (What the caller does on the occasion, "when I bring him in", is no part of the subject a heading names.)
  // A stored question may leave out the business's everyday words ("Where do I begin?" for "which class…?" at a school of classes).
  const storedAsked = STORED_QUESTION.test(topicWords.text);
  const topicHoldsAll =
    question.judge.every(
      (term) =>
        topic.has(term.key) ||
        question.occasion.has(term.key) ||
        (storedAsked && waivable.has(term.key) && !question.pairs.flat().includes(term.key)),
    ) &&
    (question.judge.some((term) => !waivable.has(term.key)) ||
      question.generic.some((term) => !QUESTION_WORDS.has(term.key) && topic.has(term.key)) ||
      asksWordForWord(question.text, topicWords.text)) &&
    !onTheHeadingsOtherSubject(question, topicWords.text, keys, inTextCount(question, keys));
  const exact = (term: Term) => keys.has(term.key) || topic.has(term.key);
  // A thing named by a near general kind of it ("reptiles" for a corn snake) is there: a rule for the whole kind covers it.
  // In the sentence only: a heading naming the kind ("Dogs") would lend it to every sentence under it, "bring your dog's bed" too.
  const notExact = new Set(question.judge.filter((term) => !exact(term)).map((term) => term.key));
  const byKind = coveredByKind(question.things, notExact, visible);
  // Most windows of most passages found hold none of the subject words: they fail whatever follows, which is the costly part.
  if (!scoreWhenFailing && inText.length === 0 && !byKind.size && !topicHoldsAll)
    return { pass: false, score: 0, topicHoldsAll };
  const around = wordsAround(`${visible} ${topicWords.text}`);
  const missing = question.judge
    .filter((term) => !exact(term))
    .map((term) => ({ term, closest: closestWord(term.word, around), action: describesAnAction(term.word) }));
  const measured = measuredWords(question.text);
  // At most one word by meaning, and never the only one: a sibling word ("coffee" ~ "tea") alone is no answer.
  // What the caller does on the occasion ("when I bring him in") is left out, never met by meaning.
  // An opposite verb is alike by vectors but never the caller's verb ("leave the car" is no "may stay"); the two ends of a
  // scale stay alike ("do you cut it wet?" is answered by "curly hair is cut dry").
  const soft = missing
    .filter(
      (entry) =>
        entry.action &&
        !question.occasion.has(entry.term.key) &&
        entry.closest >= SOFT_MATCH &&
        around.some(
          (word) =>
            describesAnAction(word) &&
            !(measured.has(entry.term.key) && bothAdjectives(entry.term.word, word)) &&
            wordSimilarity(entry.term.word, word) >= SOFT_MATCH &&
            !(bothVerbs(entry.term.word, word) && areOpposites(entry.term.word, word)),
        ),
    )
    .slice(0, question.judge.length > 1 ? 1 : 0);
  const softKeys = new Set([...soft.map((entry) => entry.term.key), ...coveredMakes(question, said, keys)]);
  const clipped = new Set(
    missing.filter((entry) => clippedFrom(entry.term.word, around)).map((entry) => entry.term.key),
  );
  const defined = saidByDefinition(
    question,
    missing
      .filter((entry) => !softKeys.has(entry.term.key) && !clipped.has(entry.term.key))
      .map((entry) => entry.term.key),
    visible,
  );
  // A kind of one of the business's offers ("funeral flowers") is there when the offer's name is ("event flower orders").
  const byOffer = new Set(
    missing
      .filter((entry) => [...(question.kinds.get(entry.term.key) ?? [])].some((key) => keys.has(key) || topic.has(key)))
      .map((entry) => entry.term.key),
  );
  // An offer a rule by amount covers ("jobs over £1,000" for a rewire from £4,200) is in the rule's scope: it may be left
  // out like an everyday word, but the question's other words must still be there ("monthly instalments" is no deposit rule).
  const byAmount = new Set(
    missing.filter((entry) => coveredByAmount(question, entry.term.key, said)).map((entry) => entry.term.key),
  );
  const present = (term: Term) =>
    exact(term) || [softKeys, byOffer, clipped, byKind, defined].some((found) => found.has(term.key));
  const strongMissing = missing.some(
    (entry) =>
      !softKeys.has(entry.term.key) &&
      !clipped.has(entry.term.key) &&
      !byOffer.has(entry.term.key) &&
      !byAmount.has(entry.term.key) &&
      !byKind.has(entry.term.key) &&
      !defined.has(entry.term.key) &&
      entry.closest < RELATED &&
      wordImportance(entry.term.word) >= STRONG_WORD &&
      !waivable.has(entry.term.key) &&
      !question.occasion.has(entry.term.key),
  );
  const paired = new Set(question.pairs.flat());
  const canWaive = (term: Term) => (waivable.has(term.key) || question.occasion.has(term.key)) && !paired.has(term.key);
  const covered = question.judge.filter(present);
  const anchored = inText.some((term) => !canWaive(term)) || topicHoldsAll;
  const waived = [
    ...(anchored ? question.judge.filter((term) => !present(term) && canWaive(term)) : []),
    ...question.judge.filter((term) => byAmount.has(term.key)),
  ];
  const needed = Math.max(1, requiredCount(question.judge.length - waived.length));
  // "72 hours before collection" is a deadline: no answer to how long something takes.
  const typeText =
    question.type === 'soon'
      ? clausesOnSubject(question, said)
      : question.type === 'duration' && question.asksLength
        ? said.replace(DEADLINE, ' ')
        : said;
  const typeHolds = givesAskedType(question, typeText);
  // "What do you charge to deliver?" is not answered by what wedding-cake delivery costs: the amount is another item's.
  // "What would it cost to keep our furniture?" is not answered by what building new furniture costs: the price is another action's.
  const otherItem =
    question.type === 'price' &&
    (aboutOtherItem(question, said, topic, byKind) || pricesAnotherAction(question.text, said));
  // Only the business's everyday words ("how old is too old for a boiler?"): any passage holds them, so only one whose heading is on the question will do.
  const onlyEveryday = question.judge.every((term) => waivable.has(term.key));
  const meaning = sentenceSimilarity(question.text, `${topicWords.text}\n${said}`);
  // The caller's own thing, named by its kind ("parts you have bought yourself"): the question's words and what they did.
  const ownThing =
    question.ownThing !== null &&
    question.ownThing.asks.every((key) => keys.has(key) || topic.has(key)) &&
    question.ownThing.did.some((key) => keys.has(key));
  const toldWords = question.judge.map((term) => term.key).filter((key) => !question.ownThing?.asks.includes(key));
  // "Have you got any deals for first timers?" is not answered by what is "made for first-timers": only the scope is there.
  const onlyTheScope =
    covered.length > 0 &&
    covered.every((term) => question.scope.scope.has(term.key)) &&
    question.judge.some((term) => question.scope.asked.has(term.key) && !present(term) && !canWaive(term));
  const pass =
    !onlyTheScope &&
    (covered.length >= needed || ownThing) &&
    !(strongMissing && question.judge.length <= 3) &&
    (!(softKeys.size || defined.size) || meaning >= MEANING_FLOOR) &&
    (inText.length >= 1 || byKind.size > 0 || topicHoldsAll) &&
    // An age is itself what was asked ("how old do you have to be to start lessons?"): the passage giving one is on it.
    (!onlyEveryday || topicHoldsAll || (question.type === 'age' && typeHolds)) &&
    (typeHolds || !answerTypeRequired(question.type)) &&
    !otherItem &&
    !doneByTheBusiness(question, said, topicWords.text) &&
    !ruleForOtherPeople(question.people, said) &&
    !(question.asksBeingHome && !saysBeingThere(`${topicWords.text}\n${said}`)) &&
    pairsHold(
      question,
      () => positionsIn(visible),
      topic,
      new Set([...softKeys, ...byOffer, ...clipped, ...byKind, ...defined, ...(ownThing ? toldWords : [])]),
      waivable,
    );
  const genericCovered = question.generic.filter((term) => keys.has(term.key) || topic.has(term.key));
  // Under a heading that names the whole subject every sentence is on it; the words in the text count for less.
  const score =
    weight(covered) * 2 +
    (topicHoldsAll ? weight(question.judge) * 0.5 + 1 + weight(inText) * 0.5 : weight(inText)) +
    weight(genericCovered) * 0.5 +
    (question.type === 'count'
      ? countsSubject(question, said)
        ? 3
        : typeHolds
          ? 0.5
          : 0
      : typeHolds && answerTypeScored(question.type)
        ? 2
        : 0) +
    (/\d/.test(said) ? 0.2 : 0) +
    meaning * 0.5;
  return { pass, score, topicHoldsAll };
}

/**
 * The text is about another of the business's items when it names one the question does not
 * before naming what was asked ("Wedding cakes are delivered … for £35" to "what do you charge
 * to deliver?"); named after it, the item is only the scope ("quotes for boilers and bathrooms
 * are free"). An extra's charge is often said in another item's text ("Flat white … £3.40. Oat
 * or soya milk at no extra charge."): a sentence that names the asked thing first and gives an
 * amount is on it, whatever the text's other amounts belong to.
 */
function aboutOtherItem(question: Question, said: string, topic: Set<string>, byKind: Set<string>): boolean {
  // A thing met by its kind ("labradors" by "dogs … £15 per dog") is asked where the kind is named.
  const subject = new Set([...question.judge.map((term) => term.key), ...kindHeads(question.things, byKind)]);
  // A passage headed by another item (a service's own chunk) is that item's: its heading's words count too.
  const headedByAsked = [...subject].some((key) => topic.has(key));
  // Only a sentence that states an amount can give another item's amount.
  const amounts = sentences(said)
    .filter((sentence) => MONEY.test(sentence))
    .map((sentence) => {
      const list = words(sentence).map((word) => termKey(word.replace(/'/g, '')));
      const firstAsked = list.findIndex((key) => subject.has(key));
      const firstOther = list.findIndex(
        (key) => question.items.has(key) && !question.keys.has(key) && !(headedByAsked && topic.has(key)),
      );
      return { firstAsked, firstOther };
    });
  const givesAsked = amounts.some(
    ({ firstAsked, firstOther }) => firstAsked >= 0 && (firstOther < 0 || firstAsked < firstOther),
  );
  return (
    !givesAsked &&
    amounts.some(({ firstAsked, firstOther }) => firstOther >= 0 && (firstAsked < 0 || firstOther < firstAsked))
  );
}

/** The asked kind of answer is in the text, and an amount in it is the asked thing's. */
export const givesAskedType = (question: Question, text: string) =>
  answerTypeHolds(question.type, text) &&
  !(question.type === 'price' && freeOnlyOfAnotherThing(new Set(question.judge.map((term) => term.key)), text));

/**
 * "How soon could you do X?": the part of the text that can say how soon — the clauses naming
 * the subject, else the first ("Takes 2 hours; the certificate is emailed within 48 hours"
 * says nothing of how soon the job itself can be done).
 */
function clausesOnSubject(question: Question, said: string): string {
  const clauses = said.split(/;\s*|(?<=[.!?])\s+/).filter((clause) => clause.trim());
  const subject = new Set(question.judge.map((term) => term.key));
  const naming = clauses.filter((clause) => [...termKeys(clause)].some((key) => subject.has(key)));
  return (naming.length ? naming : clauses.slice(0, 1)).join(' ');
}

/** "How many engineers?": a number right before the subject ("nine engineers"). */
function countsSubject(question: Question, said: string): boolean {
  const list = words(withoutAmounts(said));
  const subject = new Set(question.judge.map((term) => term.key));
  return list.some(
    (word, index) =>
      subject.has(termKey(word)) && list.slice(Math.max(0, index - 2), index).some((before) => COUNT.test(before)),
  );
}
