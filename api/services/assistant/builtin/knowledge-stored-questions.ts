import type { ApiKnowledgeHit } from '#contract/envelope';
import { describesAnAction } from '#api/services/language/part-of-speech';
import { sentenceSimilarity } from '#api/services/language/similarity';
import { wordImportance } from '#api/services/language/vectors';
import { plainVerbs, questionTerms, words, type Term } from './text';
import { closestWord, STRONG_WORD } from './knowledge-judge';
import { QUESTION_WORDS, requiredCount, type Question } from './knowledge-question';

/** Stored questions (answered questions, FAQ lines) and whether the caller asks the same thing, in the same or other words. */

const contentKeys = (terms: Term[]) => [
  ...new Set(terms.filter((term) => !QUESTION_WORDS.has(term.key)).map((term) => term.key)),
];

/**
 * Every content word of the stored question is the caller's, one of them a subject word: the
 * caller asks it with details of their own ("Can I book a table?" in "can I book a table for 4
 * on Saturday morning?").
 */
export function storedQuestionWithin(question: Question, asked: string): boolean {
  const caller = new Set(contentKeys([...question.judge, ...question.generic]));
  const stored = contentKeys(questionTerms(asked));
  const subject = new Set(question.judge.map((term) => term.key));
  return stored.length > 0 && stored.every((key) => caller.has(key)) && stored.some((key) => subject.has(key));
}

export function similarQuestions(question: Question, asked: string): boolean {
  const caller = contentKeys([...question.judge, ...question.generic]);
  const stored = contentKeys(questionTerms(asked));
  if (!caller.length || !stored.length) return false;
  const callerSet = new Set(caller);
  const storedSet = new Set(stored);
  return (
    caller.filter((key) => storedSet.has(key)).length >= requiredCount(caller.length) &&
    stored.filter((key) => callerSet.has(key)).length >= requiredCount(stored.length)
  );
}

const DETAIL_LEAD = new Set(['for', 'with', 'to', 'from', 'by', 'at', 'on', 'in', 'my', 'our', 'his', 'her', 'their']);

/**
 * The caller's words as their terms were read: a verb of two words as the one word it means ("can I sign up" is
 * "can I enrol"), so a term found in the text is found where the caller said it.
 */
const termWords = (text: string) => words(plainVerbs(text)).map((entry) => entry.replace(/'/g, ''));

/** "…for my mum", "…with my son": the word follows, within two words, one that leads a detail of the caller's own case. */
function inDetailPhrase(text: string, word: string): boolean {
  const list = termWords(text);
  const at = list.indexOf(word);
  return at > 0 && list.slice(Math.max(0, at - 2), at).some((before) => DETAIL_LEAD.has(before));
}

/** "can I sign up", "we book in": a word after a subject or a modal, or before a particle, is the caller's verb, not a thing. */
function saidAsVerb(text: string, word: string): boolean {
  const list = termWords(text);
  const at = list.indexOf(word);
  return (
    at >= 0 &&
    (/^(i|we|you|to|can|could|will|would|do|please)$/.test(list[at - 1] ?? '') ||
      /^(up|in|out|off|on|over)$/.test(list[at + 1] ?? ''))
  );
}

const WHAT_ASKED_OF = String.raw`(?:do|does|did|should|shall|will|would|can|could|must|may|might)\b`;
const ASKS_WHAT_KIND = new RegExp(String.raw`^\W*(?:what|which)\s+([a-z]+)\s+${WHAT_ASKED_OF}`, 'i');
const ASKS_WHAT = new RegExp(String.raw`^\W*what\s+${WHAT_ASKED_OF}`, 'i');

/**
 * "What paperwork should I show you…?" where the owner answered "What do I need to show you…?": the noun
 * after "what"/"which" names the kind of the answer (documents, papers, things), which a stored question
 * asking "what" with no noun of its own leaves to its answer. Its lower-case word, or null.
 */
function kindOfAnswerNamed(callerText: string, storedText: string): string | null {
  if (!ASKS_WHAT.test(storedText)) return null;
  return ASKS_WHAT_KIND.exec(callerText)?.[1].toLowerCase() ?? null;
}

/** A stored question means the caller's when their sentence vectors are this alike (paraphrases ~0.8, other questions of the same business ~0.5-0.7). */
const SAME_MEANING = 0.78;

/**
 * The caller asks the stored question in other words ("can I buy a gift voucher for my
 * mum?" ~ "Do you do gift vouchers?"): alike in meaning, sharing a content word, and no
 * telling word of the caller's (a name, "macarons", "loyalty") left unmatched, but one
 * in a longer question (the "mum").
 */
export function sameMeaning(question: Question, asked: string): boolean {
  const caller = contentKeys([...question.judge, ...question.generic]);
  const storedTerms = questionTerms(asked);
  const stored = new Set(contentKeys(storedTerms));
  if (!caller.some((key) => stored.has(key) && !question.domain.has(key))) return false;
  const storedWords = storedTerms.map((term) => term.word);
  const kind = kindOfAnswerNamed(question.text, asked);
  // The business's everyday words are left out of the likeness below, and of what must be matched: "which class should I go
  // to?" at a studio asks what "where do I start?" does.
  const unmatched = [...question.judge, ...question.generic].filter(
    (term) =>
      !stored.has(term.key) &&
      !QUESTION_WORDS.has(term.key) &&
      !question.domain.has(term.key) &&
      term.word !== kind &&
      closestWord(term.word, storedWords) < 0.6,
  );
  // A thing the caller names that the stored question lacks may only be a detail of their case, said after
  // "for", "with"…: "a gift voucher for my mum" is "gift vouchers"; "bread making classes" is not "the bread".
  const beside = unmatched.filter(
    (term) =>
      !inDetailPhrase(question.text, term.word) &&
      !describesAnAction(term.word) &&
      !saidAsVerb(question.text, term.word),
  );
  if (beside.some((term) => question.judge.includes(term) || wordImportance(term.word) >= STRONG_WORD)) return false;
  // "Do you do hot yoga?" is not "I've never done yoga": half of the caller's compound missing, it names another kind.
  const compounds = new Set(question.pairs.flat());
  if (unmatched.some((term) => compounds.has(term.key))) return false;
  if (unmatched.filter((term) => wordImportance(term.word) >= STRONG_WORD).length > (caller.length >= 3 ? 1 : 0))
    return false;
  return sentenceSimilarity(question.text, asked, question.everydayWords) >= SAME_MEANING;
}

/** An answered question's chunk: "question\n\nanswer" (the question may be left out of later chunks). */
export function splitQuestionAnswer(hit: ApiKnowledgeHit): { question: string; answer: string } {
  const paragraphs = hit.text.split(/\n\s*\n/);
  const heading = (hit.heading ?? '').trim().toLowerCase();
  const first = paragraphs[0]?.trim() ?? '';
  if (paragraphs.length > 1 && (first.endsWith('?') || first.toLowerCase() === heading))
    return { question: first, answer: paragraphs.slice(1).join('\n\n').trim() };
  return { question: hit.heading ?? '', answer: hit.text.trim() };
}

const FAQ_QUESTION = /^\W*(?:q(?:uestion)?\s*[:.)-]\s*)?(.+\?)\W*$/i;

/** "Q: Can I eat in?" (or any line that is a question) and the lines after it up to the next question. */
export function questionsAndAnswers(text: string): { question: string; answer: string }[] {
  const pairs: { question: string; answer: string[] }[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const asked = FAQ_QUESTION.exec(trimmed.replace(/[*_]/g, ''));
    if (asked && trimmed.length <= 200) pairs.push({ question: asked[1].trim(), answer: [] });
    else if (pairs.length) pairs[pairs.length - 1].answer.push(trimmed.replace(/^\W*a(?:nswer)?\s*[:.)-]\s*/i, ''));
  }
  return pairs
    .filter((pair) => pair.answer.length)
    .map((pair) => ({ question: pair.question, answer: pair.answer.join('\n') }));
}
