import type { Answer } from './answer';
import { combine } from './answer';
import type { AssistantTools } from '../types';
import { joinStatements } from './naming';
import { wordImportance } from '#api/services/language/vectors';
import { STRONG_WORD } from './knowledge-judge';
import { callersPlaceKeys } from './callers-place';
import { questionTerms, sentences, termKey, termKeys, words } from './text';
import { STOP_WORDS } from '#api/services/language/stop-words';
import { classify } from './intents';

/**
 * A message that asks two things ("How much is a wedding cake and how much notice do you
 * need?", "Are you open on Saturday? And do you take cards?") is answered a part at a time,
 * and the answers are joined as one reply. A later part that leans on the first ("…and how
 * long does it take?") carries the first part's subject with it, so it is not answered about
 * something else.
 */
export const QUESTION_OPENER =
  '(?:how|what|when|where|which|who|why|do|does|did|can|could|will|would|is|are|should|have|has)';
/**
 * "have"/"do" followed by what is done rather than by who does it ("…sit down and have a coffee?",
 * "…and have it fitted") go on with the same request; a new question puts its subject there
 * ("…and have you got a lift?", "…and do you deliver?").
 */
const SAME_REQUEST_VERB = '(?:have|do)\\s+(?:a|an|some|another|it|them|me|us|my|our)\\b';
const SPLIT = new RegExp(
  `\\s*(?:[,;]\\s*and|[,;]|\\band)\\s+(?=${QUESTION_OPENER}\\b)(?!${SAME_REQUEST_VERB})|(?<=\\?)\\s+(?=\\S)`,
  'i',
);

export const GREETING = /^(hi|hello|hey|hiya|good (morning|afternoon|evening))\b[\s,!.]*/i;

export function questionParts(message: string, extraGeneric: string[] = []): string[] {
  const raw = ownParts(message);
  return raw.length < 2
    ? [message]
    : raw.map((part, index) => (index === 0 ? part : carrySubject(part, raw[0], extraGeneric)));
}

/**
 * Sentences before the questions that ask nothing ("First class tomorrow!", "My van is booked in
 * for Monday."): they say what the questions are about, so they stay with the first question.
 */
function statementsBefore(text: string): string {
  const found = new RegExp(`^[^?]*[.!](?=\\s+${QUESTION_OPENER}\\b)`, 'i').exec(text)?.[0] ?? '';
  const asksItself = found
    .split(/(?<=[.!])\s+/)
    .some((sentence) => new RegExp(`^\\W*${QUESTION_OPENER}\\b`, 'i').test(sentence));
  return asksItself ? '' : found;
}

/**
 * "Do you do evening appointments? I work till 6", "can you do it without bleach? we have
 * little kids": a statement after the question says the caller's circumstances. Returns the
 * question (with anything before it), or null when what follows the last question mark asks
 * something itself (a question word, a request: "Please call me back").
 */
export function questionBeforeStatement(message: string): string | null {
  const found = /^(.*\?)\s+([^?]*[a-z][^?]*)$/is.exec(message.trim());
  if (!found) return null;
  const [, question, statement] = found;
  const asks = new RegExp(`^\\W*${QUESTION_OPENER}\\b|\\b(?:how|what|when|where|which|who|why)\\b`, 'i');
  return asks.test(statement) || classify(statement).request ? null : question;
}

/** The questions an answer would pass to the team, held back until the reply is known (`release` records them). */
export function holdingQuestions(tools: AssistantTools) {
  const held: string[] = [];
  const holding: AssistantTools = {
    ...tools,
    recordUnansweredQuestion: async (question) => {
      held.push(question);
      return [];
    },
  };
  const release = async (answer: Answer): Promise<Answer> => {
    const actions = [...(answer.actions ?? [])];
    for (const question of held) actions.push(...(await tools.recordUnansweredQuestion(question)));
    return { ...answer, actions };
  };
  return { holding, release };
}

/** The parts of a message as the caller said them (the greeting and statements kept on the first), or the whole message as one. */
function ownParts(message: string): string[] {
  const greeting = message.match(GREETING)?.[0] ?? '';
  const statements = statementsBefore(message.slice(greeting.length));
  const lead = statements ? `${greeting}${statements} ` : greeting;
  const raw = message
    .slice(greeting.length + statements.length)
    .split(SPLIT)
    .map((part) => part.trim().replace(/^(and|also|plus)\s+/i, ''))
    .filter((part) => /[a-z]/i.test(part));
  // Each part must ask something of its own: "what time do you open and close?" and "my tap drips, how much to fix it?" stay whole.
  const asks = (part: string) =>
    part.split(/\s+/).length >= 3 && (/\?$/.test(part) || new RegExp(`^${QUESTION_OPENER}\\b`, 'i').test(part));
  if (raw.length < 2 || !raw.every(asks)) return [message];
  return raw.map((part, index) => (index === 0 ? `${lead}${part}` : part));
}

/**
 * Words that name a property of something rather than a thing ("how much notice", "is there a
 * deposit", "how long"), or the units a service is given in ("how many sessions", "lessons",
 * "visits"): a question made only of them is about the subject asked before.
 */
const PROPERTY_WORDS = new Set(
  [
    'notice',
    'deposit',
    'time',
    'warning',
    'advance',
    'ahead',
    'lead',
    'wait',
    'waiting',
    'duration',
    'minimum',
    'maximum',
    'earliest',
    'latest',
    'price',
    'cost',
    'refund',
    'refundable',
    'cancel',
    'order',
    'book',
    'session',
    'lesson',
    'visit',
    'appointment',
    'treatment',
  ].map(termKey),
);
const LEANS_ON_BEFORE = /\b(it|they|them|that|this|those|these|one)\b/i;
const ASKING_VERB =
  /^\W*(?:do|does|can|could|will|would)\s+(?:you|u|you\s+guys|they)\s+(?:also\s+|still\s+)?([a-z]+)\b/i;

/** "…per person", "per hour": the unit a price is given in, never the subject a later part asks about. */
const RATE_UNIT = /\bper\s+[a-z]+/gi;

/** `part` read with the subject of `before` when it has none of its own ("…and how much notice do you need?"). */
export function carrySubject(
  part: string,
  before: string,
  extraGeneric: string[] = [],
  options: { carries?: (word: string) => boolean; leansUnder?: number } = {},
): string {
  const { carries = () => true, leansUnder = 0 } = options;
  const own = questionTerms(part, extraGeneric).filter((term) => term.specific);
  const leans =
    LEANS_ON_BEFORE.test(part) ||
    own.every((term) => PROPERTY_WORDS.has(term.key)) ||
    own.filter((term) => !PROPERTY_WORDS.has(term.key)).length < leansUnder;
  if (!leans) return part;
  // The everyday verb that asks whether the business does it ("do you run a puppy course?") is no subject; a telling
  // one is the very thing asked ("can you microchip my puppy?": the cost asked next is the microchip's, not the puppy's).
  const asking = ASKING_VERB.exec(before)?.[1]?.toLowerCase();
  const everydayAsking = asking && wordImportance(asking) < STRONG_WORD ? asking : undefined;
  // Where the caller's thing is ("…mice in the kitchen, what do you charge?") is not what the later part asks about.
  const places = callersPlaceKeys(before);
  const theirs = questionTerms(before.replace(RATE_UNIT, ' '), extraGeneric).filter(
    (term) =>
      term.specific &&
      !places.has(term.key) &&
      term.word.toLowerCase() !== everydayAsking &&
      !own.some((mine) => mine.key === term.key) &&
      carries(term.word),
  );
  const things = theirs.filter((term) => !PROPERTY_WORDS.has(term.key));
  // "Do you do 1-2-1 sessions, how much are they?": when the unit is all the first part named, the unit is its subject.
  const carried = (things.length || !LEANS_ON_BEFORE.test(part) ? things : theirs).map((term) => term.word);
  return carried.length ? `${part.replace(/[?.!]+$/, '')} (${asSaid(carried, before)})?` : part;
}

/** Words that join two things, each its own ("a fine from HMRC", "a cake for my son"): never one compound thing. */
const JOINS_TWO_THINGS = /^(from|for|with|by|of|about|to)$/;

/**
 * The carried words, side by side as the question's subject, except two the caller joined by "from", "for"… ("a fine
 * from HMRC" carries "fine and hmrc"): words next to each other are read as one compound thing ("filing late").
 */
function asSaid(carried: string[], before: string): string {
  const said = words(before).map((word) => word.replace(/'/g, ''));
  const at = (word: string) => said.indexOf(word.toLowerCase().replace(/'/g, ''));
  return carried
    .map((word, index) => {
      if (index === 0) return word;
      const [from, to] = [at(carried[index - 1]), at(word)];
      const apart = from >= 0 && to > from && said.slice(from + 1, to).some((gap) => JOINS_TWO_THINGS.test(gap));
      return apart ? `and ${word}` : word;
    })
    .join(' ');
}

/** A follow-up turn with no subject of its own ("And how much notice would you need?") asks about the caller's last question's subject. */
export function withEarlierSubject(
  message: string,
  previous: string | null | undefined,
  extraGeneric: string[] = [],
): string {
  if (!previous || !/\?\s*$|^\W*(and|also|what about|how about)\b/i.test(message.trim())) return message;
  const bare = message.replace(/^\W*(and|also|plus)\s+/i, '');
  const carried = carrySubject(bare, previous, extraGeneric);
  return carried === bare ? message : carried;
}

/**
 * "Can your team box everything up for us, and what does that cost?": "that" is the thing the
 * first part was answered with (the packing service), whatever words the caller used for it.
 * Only a part that points back with a pronoun, and only at an answer drawn from one service or
 * product; otherwise the first part's own words are its subject.
 */
function pointedAt(part: string, first: Answer | undefined): string | null {
  if (!first || first.escalated || !LEANS_ON_BEFORE.test(part)) return null;
  const items = first.sources.filter((source) => source.kind === 'service' || source.type === 'product');
  return items.length === 1 && first.sources.length === 1 ? (items[0].title ?? null) : null;
}

/** Per answer, its sentences no earlier answer said ("Do you run X? What days is it on?": the first answer gave the days). */
function newSentences(answers: Answer[]): string[][] {
  const said = new Set<string>();
  const saidWords = new Set<string>();
  return answers.map((answer) => {
    const own = sentences(answer.text).filter(
      (sentence) => !said.has(sentence.trim()) && !saysAgain(sentence, saidWords),
    );
    for (const sentence of own) {
      said.add(sentence.trim());
      for (const key of termKeys(sentence)) saidWords.add(key);
    }
    return own;
  });
}

/** "A packing service costs £250 per day." after "Yes, we offer packing services, which cost £250 per day.": an amount said again in the same words. */
const saysAgain = (sentence: string, saidWords: Set<string>) =>
  /\d/.test(sentence) && [...termKeys(sentence)].every((key) => saidWords.has(key) || STOP_WORDS.has(key));

/**
 * Each part answered in turn, its questions for the team held back until the reply is known:
 * a part whose every sentence an earlier part already said ("I'm not sure about that; I've
 * passed your question to the team…" twice) adds nothing for the caller, so it adds no second
 * question (and task) to the owner's list either. A part that says anything new records its own.
 */
export async function answerParts(
  message: string,
  extraGeneric: string[],
  tools: AssistantTools,
  answerPart: (part: string, tools: AssistantTools) => Promise<Answer>,
): Promise<Answer> {
  const own = ownParts(message);
  const answers: Answer[] = [];
  const releases: ((answer: Answer) => Promise<Answer>)[] = [];
  for (const [index, said] of own.entries()) {
    const part = index === 0 ? said : carrySubject(said, pointedAt(said, answers[0]) ?? own[0], extraGeneric);
    const { holding, release } = holdingQuestions(tools);
    answers.push(await answerPart(part, holding));
    releases.push(release);
  }
  const fresh = newSentences(answers);
  const recorded: Answer[] = [];
  for (const [index, answer] of answers.entries())
    recorded.push(fresh[index].length ? await releases[index](answer) : answer);
  return joinParts(recorded);
}

/** The answers of the parts as one reply: the same sentence never twice, answers before what was passed on, two short statements joined by "and". */
export function joinParts(answers: Answer[]): Answer {
  const fresh = newSentences(answers);
  const kept = answers.flatMap((answer, index) => {
    const own = fresh[index];
    if (!own.length) return [];
    return [own.length === sentences(answer.text).length ? answer : { ...answer, text: own.join(' ') }];
  });
  // The answers first, then what was passed on: "I'm not sure…" before an answer reads as if the answer were a guess.
  kept.sort((a, b) => Number(Boolean(a.escalated)) - Number(Boolean(b.escalated)));
  const joined = combine(kept);
  if (
    kept.length === 2 &&
    kept.every((answer) => sentences(answer.text).length === 1) &&
    !kept.some((answer) => answer.escalated)
  ) {
    return { ...joined, text: joinStatements(kept[0].text, kept[1].text) };
  }
  return joined;
}
