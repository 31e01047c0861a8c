import { isMostlyVerb } from '#api/services/language/part-of-speech';
import { COVERAGE_WORDS, placesIn } from './areas';
import { PERSON } from './knowledge-question';
import { carrySubject, GREETING, QUESTION_OPENER } from './question-parts';
import { sentences } from './text';

/**
 * "We're getting married next summer. Do you make wedding cakes?": callers say their situation
 * first and ask after. The situation's words are details of the caller's case, not what is
 * asked: required as subject words they made every such question go to the team. The question
 * sentences are read on their own; one with at most one subject word of its own ("Can she get
 * in ok?", "Do you supply flour?") carries the situation's subject words.
 *
 * Returns null when there is nothing to set aside: one sentence, a question first ("Do you
 * deliver? I'm in BS8."), no question at all (a statement is a request, read as before), or a
 * question that points back at the situation ("I'm in Cheadle. Do you come out this way?").
 */
export function situationQuestion(message: string, extraGeneric: string[] = []): string | null {
  const greeting = message.trim().match(GREETING)?.[0] ?? '';
  const parts = sentences(situationClauseApart(message.trim().slice(greeting.length)));
  if (parts.length < 2) return null;
  const asks = (sentence: string) => /\?$/.test(sentence) || new RegExp(`^${QUESTION_OPENER}\\b`, 'i').test(sentence);
  const first = parts.findIndex(asks);
  // Every sentence before the first question is the situation, and every one after it asks too.
  if (first < 1 || !parts.slice(first).every(asks)) return null;
  const situation = parts.slice(0, first).join(' ');
  const [question, ...more] = parts.slice(first);
  // A question that points back at the situation is about it, places and all: the message is read whole.
  if (POINTS_BACK.test(question)) return null;
  // "We're in Acomb, is travel extra?": a question on travel or coverage is about the place the situation names.
  const place = placesIn(situation);
  if ((place.names.length || place.districts.length) && COVERAGE_WORDS.test(question)) return null;
  return (
    greeting +
    [
      carrySubject(question, situation, extraGeneric, {
        carries: (word) => isSubjectWord(word, situation),
        leansUnder: 2,
      }),
      ...more,
    ].join(' ')
  );
}

/**
 * "I've never driven before, roughly how many lessons will I need?": a statement of the caller's
 * own (I, we, my, our…) and a question after a comma is a situation and a question, as two
 * sentences are. A hedge before the question word ("roughly", "so", "but") is no part of it.
 */
const SITUATION_CLAUSE = new RegExp(
  `^((?:i|i'm|i've|i'd|we|we're|we've|we'd|my|our)\\b[^?,]*),\\s+(?:(?:so|but|and|roughly|approximately|about|just)\\s+)*(${QUESTION_OPENER}\\b[^?]*\\?)\\s*$`,
  'i',
);

function situationClauseApart(message: string): string {
  const clause = SITUATION_CLAUSE.exec(message.replace(/[’‘]/g, "'"));
  // "My daughter is coeliac, is the bread safe for her?": the question is about who the clause describes.
  if (!clause || ABOUT_THE_PERSON.test(clause[2])) return message;
  const question = clause[2];
  return `${clause[1]}. ${question.charAt(0).toUpperCase()}${question.slice(1)}`;
}

const ABOUT_THE_PERSON = /\b(she|he|her|him|his|hers|they|them|their)\b/i;

/** "Do you come out this way?", "how much to regas it?": the question is about the situation itself. */
const POINTS_BACK = /\b(it|they|them|that|this|those|these|here|there)\b/i;

/**
 * What the caller does ("thinking", "run", "moving") is no subject, nor who they speak of ("my
 * mum"), nor a name, place or month ("Leeds", "March": the caller's details); what it is about
 * is ("a piano", "a wheelchair").
 */
function isSubjectWord(word: string, situation: string): boolean {
  const named = new RegExp(`(?<=\\S\\s+)${word[0].toUpperCase()}${word.slice(1)}\\b`).test(situation);
  return word.length > 2 && !isMostlyVerb(word) && !PERSON.test(word.toLowerCase()) && !named;
}
