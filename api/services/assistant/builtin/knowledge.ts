import type { ApiKnowledgeHit } from '#contract/envelope';
import { kindsOf } from '#api/services/language/kinds';
import type { AssistantTools } from '../types';
import { hitSource, type Answer } from './answer';
import { areaSearch } from './areas';
import { countsAgree, lengthsAgree, namesAnotherItem, namesOnlyOtherItems, namingCounts } from './catalogue-fit';
import { questionTerms, sentences, synonymsOf } from './text';
import {
  capitalizeFirst,
  nameInSentence,
  namePhrase,
  pricePredicate,
  productStatement,
  takesPluralVerb,
} from './naming';
import { answerTypeRequired } from './knowledge-answer-type';
import {
  doneByTheBusiness,
  OFFER_BONUS,
  readQuestion,
  type KnowledgeOptions,
  type Question,
} from './knowledge-question';
import { givesAskedType, judgeText, topicOf, type Topic } from './knowledge-judge';
import { bestWindow } from './knowledge-window';
import {
  questionsAndAnswers,
  sameMeaning,
  similarQuestions,
  splitQuestionAnswer,
  storedQuestionWithin,
} from './knowledge-stored-questions';

export { asksForCount, asksForLength, lengthFromService } from './knowledge-answer-type';
export type { KnowledgeOptions } from './knowledge-question';

/**
 * Answers from the knowledge search: an answered question that matches (its answer is
 * said), or the sentence(s) of a passage that cover the question. The search ranks
 * passages holding ANY of the words, so the judgement of relevance is made here:
 *
 * - the question's subject words (its specific terms: stop words and generic words such
 *   as "offer", "price", "install" left out) must be in the passage: all of them when
 *   there are one or two, all but one when there are more; synonyms and stems count;
 *   a word most passages of this business hold ("boiler" at a heating firm) may be left
 *   out when another subject word is in the quoted sentence;
 * - the quoted sentence(s) must hold one of them, unless the passage's heading holds
 *   them all (the heading gives the topic, the sentence the fact);
 * - two content words next to each other in the question ("heat pump", "credit card")
 *   must both be in the passage and, within one sentence, close together;
 * - a question about a price needs an amount in the answer, "how long" needs a duration.
 *
 * When nothing passes, the caller hears that the assistant does not know (never a guess).
 */

/** `alike`: the other items said with it, when the caller's words name each of them alike (sameNamedItems). */
type Candidate = { hit: ApiKnowledgeHit; text: string; score: number; alike?: ApiKnowledgeHit[] };

function evaluate(
  question: Question,
  hit: ApiKnowledgeHit,
  waivable: Set<string>,
  named: Map<string, number>,
  storedOnly: boolean,
): Candidate | null {
  const rankBonus = Math.min(hit.rank, 2) * 0.15;
  // A service's or product's own passage answers only for that item: not when the caller names another's word or a length it is not.
  if (
    (hit.source.kind === 'service' || hit.source.type === 'product') &&
    (!itemFits(question, `${hit.source.title ?? ''}\n${hit.heading ?? ''}\n${hit.text}`, named) ||
      !countsAgree(question.text, hit.source.title ?? ''))
  )
    return null;
  // "How many lorries have you got?": a service's description counts what one job takes ("two lorries for a larger
  // home"), never what the business has.
  if (hit.source.kind === 'service' && ASKS_WHAT_YOU_HAVE.test(question.text)) return null;
  if (hit.source.type === 'answered_question') {
    const { question: asked, answer } = splitQuestionAnswer(hit);
    if (!answer) return null;
    return answerTo(
      question,
      hit,
      asked,
      answer,
      topicOf(`${hit.heading ?? ''}\n${asked}`),
      waivable,
      rankBonus,
      storedOnly,
    );
  }
  const topic = topicOf(`${hit.heading ?? ''}\n${hit.source.title ?? ''}`);
  if (storedOnly) return storedAnswers(question, hit, waivable, rankBonus, null);
  // "Do I need my own mat?", "can I bring a towel?": whether the caller needs one of theirs, which a product on sale never says.
  if (hit.source.type === 'product')
    return CALLERS_OWN.test(question.text) ? null : productAnswer(question, hit, topic, waivable, rankBonus);
  const window = bestWindow(
    question,
    hit.source.kind === 'service' ? serviceChunkSaid(hit) : hit.text,
    topic,
    waivable,
  );
  const offered = question.asksRecommendation && hit.source.kind === 'service' ? OFFER_BONUS : 0;
  const best: Candidate | null = window ? { hit, text: window.text, score: window.score + rankBonus + offered } : null;
  return storedAnswers(question, hit, waivable, rankBonus, best, false);
}

const ASKS_WHAT_YOU_HAVE = /\bhow many\b.*\b(have you got|do you (have|own|employ)|are there in total)\W*$/i;
const CALLERS_OWN = /\b(my|our) own\b|\bbring(ing)? (my|our|a|an|some|any)\b/i;

/** An FAQ in a page or a pasted text: each question with its answer, like an answered question. */
function storedAnswers(
  question: Question,
  hit: ApiKnowledgeHit,
  waivable: Set<string>,
  rankBonus: number,
  found: Candidate | null,
  storedOnly = true,
): Candidate | null {
  let best = found;
  for (const pair of questionsAndAnswers(hit.text)) {
    const candidate = answerTo(
      question,
      hit,
      pair.question,
      pair.answer,
      topicOf(`${hit.heading ?? ''}\n${pair.question}`),
      waivable,
      rankBonus,
      storedOnly,
    );
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
  }
  return best;
}

/**
 * A service's chunk as sentences a caller can hear: its name line ("EV charger installation.")
 * is a heading, never an answer, and "Price: From £650." becomes "A consumer unit replacement
 * starts at £650." — the price said with the item it belongs to.
 */
function serviceChunkSaid(hit: ApiKnowledgeHit): string {
  const name = (hit.source.title ?? hit.heading ?? '').trim();
  const bare = (line: string) => line.trim().toLowerCase().replace(/[.]+$/, '');
  return hit.text
    .split(/\n\s*\n/)
    .filter((paragraph) => bare(paragraph) !== bare(name) && !/^one-off service\.?$/i.test(paragraph.trim()))
    .map((paragraph) => {
      const price = /^price:\s*(.+?)\.?$/i.exec(paragraph.trim());
      return price && name
        ? `${capitalizeFirst(namePhrase(nameInSentence(name)))} ${pricePredicate(price[1], takesPluralVerb(name))}.`
        : paragraph;
    })
    .join('\n\n');
}

/**
 * A product is said whole, named as what it is ("Our cardamom buns are £2.80 each:
 * Swedish-style cardamom and cinnamon bun."): one of its sentences alone is a fragment
 * without its name or its price.
 */
function productAnswer(
  question: Question,
  hit: ApiKnowledgeHit,
  topic: Topic,
  waivable: Set<string>,
  rankBonus: number,
): Candidate | null {
  const description = sentences(hit.text).join(' ');
  const name = (hit.source.title ?? hit.heading ?? '').trim();
  const text = name ? productStatement(name, description) : description;
  if (!description || text.length > 480) return null;
  const judged = judgeText(question, text, topic, waivable, { scoreWhenFailing: false });
  return judged.pass ? { hit, text, score: judged.score + rankBonus } : null;
}

/** A stored question and its answer: the whole answer when the caller asks the same, else its best sentences. */
function answerTo(
  question: Question,
  hit: ApiKnowledgeHit,
  asked: string,
  answer: string,
  topic: Topic,
  waivable: Set<string>,
  rankBonus: number,
  storedOnly = false,
): Candidate | null {
  const clean = sentences(answer).join(' ');
  // The stored question is the caller's when each holds the other's content words (all but one of three or more).
  const sameWords = similarQuestions(question, asked);
  if (sameWords && clean.length <= 420) {
    const whole = judgeText(question, clean, topic, waivable, { scoreWhenFailing: false });
    if (whole.pass) return { hit, text: clean, score: whole.score + 2 + rankBonus };
  }
  if (storedOnly) {
    // A booking request yields to the owner's answer to the very question, though the caller adds details of their own
    // ("for 2 on Sunday morning"): the answer is to the stored question, so it need not repeat them.
    // Only a yes-or-no question about booking ("Can I book a table?"), never "how do I book…?" (the flow answers that).
    if (!ASKS_TO_BOOK.test(asked) || !storedQuestionWithin(question, asked) || !clean || clean.length > 420)
      return null;
    return { hit, text: clean, score: Math.max(judgeText(question, clean, topic, waivable).score, 0) + 2 + rankBonus };
  }
  // The same question in other words: its answer is the owner's answer to this one (a price or a duration still has to be in it).
  // Also when most words are the same but the answer repeats none of them, and the one left is the stored question's in
  // other words ("a fine from the council for parking…" for "a penalty from the council for parking…").
  if (
    clean &&
    clean.length <= 420 &&
    sameMeaning(question, asked) &&
    (givesAskedType(question, clean) || !answerTypeRequired(question.type)) &&
    !doneByTheBusiness(question, clean, asked)
  ) {
    const whole = judgeText(question, clean, topic, waivable);
    return { hit, text: clean, score: Math.max(whole.score, 0) + 2 + rankBonus };
  }
  const window = bestWindow(question, answer, topic, waivable);
  if (!window) return null;
  // A refusal alone leaves the caller without what is offered instead ("We don't take cash." after "Cheque or bank
  // transfer."): the owner's short answer is said whole.
  const refusedOnly = REFUSAL.test(window.text) && window.text !== clean && clean.length <= SHORT_ANSWER;
  return { hit, text: refusedOnly ? clean : window.text, score: window.score + (sameWords ? 1.5 : 0) + rankBonus };
}

const REFUSAL = /\b(can't|cannot|can not|don't|do not|won't|will not|unable to|not able to)\b/i;
/** An answer short enough to say whole when its best sentence is a refusal. */
const SHORT_ANSWER = 240;

const ASKS_TO_BOOK = /^\W*(can|could|may|do|does|is|are)\b.*\b(book|booking|bookings|reserve|reservations?)\b/i;

const itemFits = (question: Question, itemText: string, named: Map<string, number>) =>
  !namesAnotherItem(question.judge, itemText, named) &&
  !namesOnlyOtherItems(question.judge, itemText, named) &&
  lengthsAgree(question.text, itemText);

function pick(
  question: Question,
  hits: ApiKnowledgeHit[],
  named: Map<string, number>,
  storedOnly: boolean,
  trace?: (line: string) => void,
): Candidate | null {
  // Only the business's own everyday words: a word most found passages hold is no sign (they were found by it).
  const waivable = question.domain;
  trace?.(
    `judge [${question.judge.map((term) => term.key).join(' ')}] generic [${question.generic.map((term) => term.key).join(' ')}] type ${question.type} pairs [${question.pairs.map((pair) => pair.join('+')).join(' ')}] waivable [${[...waivable].join(' ')}]`,
  );
  let best: Candidate | null = null;
  const passed: Candidate[] = [];
  for (const hit of hits) {
    const candidate = evaluate(question, hit, waivable, named, storedOnly);
    trace?.(
      `  ${candidate ? candidate.score.toFixed(2).padStart(6) : '     -'} ${hit.source.type} "${hit.heading}" ${candidate ? `=> ${candidate.text.slice(0, 90)}` : ''}`,
    );
    if (candidate) passed.push(candidate);
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
  }
  return best ? sameNamedItems(question, best, passed) : null;
}

/** Items told apart by a word the caller did not say: more than this many are not read out, the team is asked. */
const MOST_ALIKE_ITEMS = 3;

/**
 * "How much are your boxes?" where a medium moving box and a wardrobe box are sold: the
 * caller's words name each item alike, so picking one would be a guess at which they mean.
 * Every such item is said, or none when there are too many to read out. An item whose whole
 * name the caller said ("how much is the wardrobe box?") is the one meant.
 */
function sameNamedItems(question: Question, best: Candidate, passed: Candidate[]): Candidate | null {
  const isItem = (hit: ApiKnowledgeHit) => hit.source.kind === 'service' || hit.source.type === 'product';
  if (!isItem(best.hit) || !question.judge.length) return best;
  const asked = new Set(question.judge.map((term) => term.key));
  const nameKeys = (hit: ApiKnowledgeHit) =>
    questionTerms(hit.source.title ?? '')
      .filter((term) => term.specific)
      .map((term) => term.key);
  const namedAlike = (hit: ApiKnowledgeHit) => [...asked].every((key) => nameKeys(hit).includes(key));
  const wholeName = (hit: ApiKnowledgeHit) => nameKeys(hit).every((key) => asked.has(key));
  if (!namedAlike(best.hit) || wholeName(best.hit)) return best;
  const items = new Map<string, Candidate>();
  for (const candidate of [best, ...passed]) {
    const id = `${candidate.hit.source.kind}:${candidate.hit.source._id}`;
    if (isItem(candidate.hit) && namedAlike(candidate.hit) && !items.has(id)) items.set(id, candidate);
  }
  if (items.size === 1) return best;
  if (items.size > MOST_ALIKE_ITEMS) return null;
  const alike = [...items.values()];
  return {
    ...best,
    text: alike.map((candidate) => candidate.text).join(' '),
    alike: alike.slice(1).map((candidate) => candidate.hit),
  };
}

/**
 * A second search, when the first found nothing that answers: the subject words that are
 * not the business's everyday words (which crowd the first results: "boiler" at a heating
 * firm), with their synonyms in the website's other words ("mend" → "repair fix") and the
 * nearest kinds of the caller's things, which the owner's general rule names ("can I bring my
 * spaniel?" → "Do you accept dogs?"; the judgement meets them the same way, kinds-of-things.ts).
 */
function focusedQuery(question: Question, waivable: Set<string>): string | null {
  const focus = question.judge.filter((term) => !waivable.has(term.key));
  const focusKeys = new Set(focus.map((term) => term.key));
  const kinds = question.things
    .filter((thing) => thing.keys.every((key) => focusKeys.has(key)))
    .flatMap((thing) => nearestKindWords(thing.phrase));
  const extra = [...focus.flatMap((term) => synonymsOf(term.word).slice(0, 4)), ...new Set(kinds)];
  if (!focus.length || (focus.length === question.judge.length && !extra.length)) return null;
  return [...focus.map((term) => term.word), ...extra].join(' ');
}

/** The head words of a thing's two nearest kinds ("springer spaniel" → spaniel, dog): the words a passage names them by. */
const nearestKindWords = (phrase: string) =>
  kindsOf(phrase)
    .map((kind) => kind.slice(kind.lastIndexOf(' ') + 1))
    .filter((word, index, all) => all.indexOf(word) === index)
    .slice(0, 2);

/** Passages a knowledge search returns; other answers that search the caller's own words use it too, so the turn's search is made once. */
export const SEARCH_LIMIT = 8;

/** `storedQuestionOnly`: only an owner's answer to a stored question (an FAQ's, an answered question's) that is the caller's. */
export async function answerFromKnowledge(
  tools: AssistantTools,
  message: string,
  options: KnowledgeOptions & { storedQuestionOnly?: boolean } = {},
): Promise<Answer | null> {
  const question = readQuestion(message, options);
  if (!question) return null;
  // An area question's search (areas.ts) is already made: its passages are judged too, and no second search is made.
  const area = areaSearch(message);
  const hits = await tools.searchKnowledge(area?.query ?? message, area?.limit ?? SEARCH_LIMIT);
  const named = namingCounts(options.offers ?? []);
  const storedOnly = options.storedQuestionOnly ?? false;
  let best = pick(question, hits, named, storedOnly, options.trace);
  if (!best && !area && !storedOnly && (options.maxSearches ?? 2) > 1) {
    const query = focusedQuery(question, question.domain);
    if (query) {
      const seen = new Set(hits.map((hit) => `${hit.source._id}:${hit.text.slice(0, 40)}`));
      const more = (await tools.searchKnowledge(query, SEARCH_LIMIT)).filter(
        (hit) => !seen.has(`${hit.source._id}:${hit.text.slice(0, 40)}`),
      );
      best = pick(question, more, named, storedOnly, options.trace);
    }
  }
  if (!best) return null;
  // An owner's "Yes, ..." answers a yes-or-no question; to "what happens if ...?" it would sound odd.
  let text = best.text;
  if (/^\W*(what|when|where|which|who|why|how)\b/i.test(message)) {
    const rest = text.replace(/^(yes|no)\s*[,.!]\s*/i, '');
    if (rest !== text && rest) text = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return { text, sources: [best.hit, ...(best.alike ?? [])].map(hitSource) };
}
