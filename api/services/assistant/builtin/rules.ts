import type { ApiKnowledgeHit } from '#contract/envelope';
import { wordSimilarity } from '#api/services/language/vectors';
import type { AssistantTools } from '../types';
import { hitSource, type Answer } from './answer';
import { placesIn } from './areas';
import { answerTypeHolds } from './knowledge-answer-type';
import { questionsAndAnswers, splitQuestionAnswer } from './knowledge-stored-questions';
import { isPersonWord } from './people-kinds';
import { isNoise, questionTerms, sentences, words } from './text';

/**
 * Questions about the business's rules asked as the caller's own case: "can my 15 year old
 * come along?", "she's 2, is that ok?" (an age rule), "if your lads drop my telly am I
 * covered?", "can I use my Bupa cover?" (insurance, not the areas covered). The caller's
 * details rarely share words with the rule, so the rule is found by what it is (a sentence
 * giving an age for people, a sentence on insurance or cover) and said whole, its condition
 * with it.
 */

/** The sentences a passage would say, grouped by the answer they belong to (an FAQ's answers each on their own). */
function statementsOf(hit: ApiKnowledgeHit): { topic: string; said: string[] }[] {
  const heading = `${hit.source.title ?? ''}\n${hit.heading ?? ''}`;
  const stored = hit.source.type === 'answered_question' ? [splitQuestionAnswer(hit)] : questionsAndAnswers(hit.text);
  const groups = stored.length
    ? stored.map((pair) => ({ topic: `${heading}\n${pair.question}`, said: sentences(pair.answer) }))
    : [{ topic: heading, said: sentences(hit.text) }];
  return groups.map((group) => ({
    topic: group.topic,
    said: group.said.filter((sentence) => !/\?\s*$/.test(sentence) && !isNoise(sentence)),
  }));
}

/** A leading "Yes," or "No," answers the stored question, not necessarily the caller's case. */
const withoutYesNo = (sentence: string) => {
  const rest = sentence.replace(/^(yes|no)\s*[,:.!]\s*/i, '');
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : sentence;
};

/** "my 12 year old", "our 15 yr old daughter", "she's 2", "my son is 7": a person of the caller's, with an age in years. */
const AGED_PERSON =
  /\b\d{1,2}\s*-?\s*(years?|yrs?|yr)\s*-?\s*olds?\b(?:\s+([a-z]+))?|\b(she|he)(?:'s|’s| is) (?:only |just |nearly |almost )?\d{1,2}\b(?!\s*(weeks?|months?|days?|am|pm|stone|kg|lbs?|cm|ft|feet|[:.]\d))|\b(?:my|our) ([a-z]+)(?:'s|’s| is) (?:only |just |nearly |almost )?\d{1,2}\b(?!\s*(weeks?|months?|days?|am|pm|stone|kg|lbs?|cm|ft|feet|[:.]\d))/i;
/** Whether they may come, be seen, stay or take part. */
const MAY_THEY =
  /\b(can|could|may)\b|\b(is|are) (it|that|this|he|she|they|kids|children)\b|\bdo you (take|let|allow|accept|see|treat|have)\b|\b(allowed|welcome|ok|okay|alright|all right|fine)\b/i;
/** A rule's people: a sentence giving an age must speak of people to be a rule about who may come. */
const PEOPLE_IN_RULE =
  /\b(child(ren)?|kids?|teen(ager)?s?|adults?|under-?\s?\d+s?|over-?\s?\d+s?|year-olds?|guests?|aged|age)\b/i;

/** The age in years of a person of the caller's the message names ("my 8 year old", "my son is 7"), or null. */
export function agedPersonsAge(message: string): number | null {
  const aged = AGED_PERSON.exec(message);
  if (!aged) return null;
  // "my 12 year old cat" is no person: a word naming what is aged must be a person's.
  const named = (aged[2] ?? aged[5] ?? '').toLowerCase();
  const person = !named || !/^[a-z]{3,}$/.test(named) || isPersonWord(named) || !questionTerms(named).length;
  return person ? Number(/\d{1,2}/.exec(aged[0])![0]) : null;
}

/** The caller names a person of theirs by age and asks whether they may come: the age rule answers. */
export function asksAboutAnAgedPerson(message: string): boolean {
  if (!MAY_THEY.test(message) || /\bhow much\b|\bprice|\bcost/i.test(message)) return false;
  return agedPersonsAge(message) !== null;
}

export async function answerAgeRule(tools: AssistantTools, message: string): Promise<Answer | null> {
  if (!asksAboutAnAgedPerson(message)) return null;
  const hits = await tools.searchKnowledge(`${message} children age`, 8);
  for (const hit of hits) {
    if (hit.source.kind === 'service' || hit.source.type === 'product') continue;
    for (const { said: group } of statementsOf(hit)) {
      const at = group.findIndex((sentence) => answerTypeHolds('age', sentence) && PEOPLE_IN_RULE.test(sentence));
      if (at < 0) continue;
      const next = group[at + 1];
      const said = [withoutYesNo(group[at])];
      if (next && (answerTypeHolds('age', next) || PEOPLE_IN_RULE.test(next))) said.push(next);
      return { text: said.join(' '), sources: [hitSource(hit)] };
    }
  }
  return null;
}

/** "am I covered?", "is that covered", "would it be insured", "can I use my Bupa cover?": insurance asked for the caller's case. */
const ASKS_COVER =
  /\b(am i|are we|is (it|that|this|my|our|the|everything)|are (my|our|the|they|things)|(would|will) (i|we|it|that|this|they|my [a-z]+) be)\s+([a-z]+\s+){0,2}(covered|insured)\b|\b(my|our) ([A-Za-z]+ )?(health |travel |pet |home )?(insurance|cover|policy|insurer)\b/i;
const PLACE_WORDS = /\b(areas?|post ?codes?|towns?|villages?|streets?|roads?|city|county|counties|districts?)\b/i;
/** A sentence on insurance or cover (never "we cover Leeds": a sentence naming places is about areas). */
const ON_COVER = /\binsur|\bliabilit|goods[- ]in[- ]transit|\bcover(ed)? (for|against|up to|by)\b|\bcover of\b/i;

/** Capitalised words after a sentence's first: the insurer or brand the caller names ("my Bupa cover"). */
function namesIn(message: string): string[] {
  return (message.match(/(?<=\S\s+)[A-Z][A-Za-z]+/g) ?? []).filter((word) => !/^(I|I'm|Im)$/.test(word));
}

const caseWords = (message: string) =>
  questionTerms(message)
    .filter((term) => term.specific && !/^(cover|insur)/.test(term.key))
    .map((term) => term.word);

/** How many of the caller's case words the sentence holds, or words that much alike ("broken" ~ "breakage"). */
function caseOverlap(sentence: string, said: string[]): number {
  const there = words(sentence.toLowerCase());
  return said.filter((word) => there.some((other) => other === word || wordSimilarity(word, other) >= 0.6)).length;
}

export async function answerCover(tools: AssistantTools, message: string): Promise<Answer | null> {
  if (!ASKS_COVER.test(message)) return null;
  // "Is Otley covered?", "is my area covered?": the areas the business covers (areas.ts).
  const places = placesIn(message);
  if (places.districts.length || places.names.length || PLACE_WORDS.test(message)) return null;
  const hits = await tools.searchKnowledge(`${message} insurance insured cover`, 8);
  const names = namesIn(message);
  const said = caseWords(message);
  let best: { sentence: string; hit: ApiKnowledgeHit; score: number } | null = null;
  hits.forEach((hit, rank) => {
    for (const group of statementsOf(hit))
      for (const sentence of group.said) {
        // Under a heading or stored question on insurance ("Do you take health insurance?") every sentence is on it.
        if (
          !(ON_COVER.test(sentence) || /\binsur/i.test(group.topic)) ||
          placesIn(sentence).districts.length ||
          /\bareas?\b/i.test(sentence)
        )
          continue;
        // The insurer the caller names must be the one the sentence names.
        if (names.length && !names.some((name) => sentence.includes(name))) continue;
        const score = caseOverlap(sentence, said) * 2 + (/\binsur/i.test(sentence) ? 0.5 : 0) - rank * 0.1;
        if (!best || score > best.score) best = { sentence, hit, score };
      }
  });
  const found = best as { sentence: string; hit: ApiKnowledgeHit } | null;
  return found ? { text: found.sentence, sources: [hitSource(found.hit)] } : null;
}

/** "Can I book through ClassPass?", "can we book via Airbnb?": a way of booking, named (in one or two words). */
const BOOKING_CHANNEL =
  /\bbook\s+(?:[a-z]+\s+)?(?:through|via)\s+(?:the\s+|an?\s+)?([a-z0-9][\w.-]*(?:\s+[a-z0-9][\w.-]*)?)/i;
const NOT_A_NAME =
  /^(please|instead|too|or|and|then|at|for|on|the|it|this|that|me|us|you|u|yourselves|them|here|phone|email|text)$/i;
const escapeText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether the business takes bookings through the channel named: only a sentence on booking
 * that names it answers (never a passage that merely shares a word with it, "ClassPass" is no
 * "class" nor "10-class pass"); `known: false` when the data does not say, so the question goes
 * to the team.
 */
export async function answerBookingChannel(
  tools: AssistantTools,
  message: string,
): Promise<{ known: true; answer: Answer } | { known: false } | null> {
  const said = BOOKING_CHANNEL.exec(message)?.[1].split(/\s+/) ?? [];
  while (said.length && NOT_A_NAME.test(said.at(-1)!)) said.pop();
  if (!said.length || NOT_A_NAME.test(said[0])) return null;
  // Its words side by side, as one word or two ("class pass" is how "classpass" may reach here).
  const named = new RegExp(`\\b${said.map(escapeText).join('[\\s-]*')}\\b`, 'i');
  for (const hit of await tools.searchKnowledge(message, 8))
    for (const group of statementsOf(hit))
      for (const sentence of group.said)
        if (/\bbook/i.test(sentence) && named.test(sentence))
          return { known: true, answer: { text: sentence, sources: [hitSource(hit)] } };
  return { known: false };
}

/** A sentence that states a rule: a condition, a limit, a requirement or who is welcome. */
const RULE =
  /\b(must|need(s|ed)? to|minimum|maximum|at least|at most|no more than|only|not allowed|allowed|welcome|in advance|notice|required|requires?|cannot|can't|do not|don't|never|no later than|or more|or over|and over)\b/i;

export const statesARule = (text: string) => RULE.test(text);
