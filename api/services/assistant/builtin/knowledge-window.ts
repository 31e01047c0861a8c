import { isNoise, sentences } from './text';
import { answerTypeRequired } from './knowledge-answer-type';
import type { Question } from './knowledge-question';
import { otherLeadTime } from './lead-time';
import { givesAskedType, judgeText, keysIn, topicOf, type Topic } from './knowledge-judge';

/** The one or two sentences of a passage to say, each judged with the stored question it answers (knowledge-judge.ts judges). */

/**
 * "The studio has no parking." is half an answer when the next sentence on the same subject gives the way round it
 * ("There is pay-and-display parking on the surrounding streets"): a "no" is said with what follows it.
 */
const NEGATION = /\b(no|not|never|cannot|can't|don't|doesn't|isn't|aren't|won't)\b|n't\b/i;
const namesSubject = (question: Question, sentence: string) => {
  const keys = keysIn(sentence);
  return question.judge.some((term) => !question.domain.has(term.key) && keys.has(term.key));
};

const INSTRUCTION = /^(please|kindly|make sure|remember|don't|do not|always|never|bring|walk|arrive|wear|allow)\b/i;

const PRONOUN_START = /^(it|this|that|these|those|they|he|she|there|which|also|then)\b/i;

/**
 * A window running from one stored answer into the next (across the question between them) holds two answers: the subject can
 * come from one and the asked amount or time from the other ("A tip run costs £45. [How long does a clearance take?] Most
 * two-bedroom houses are cleared in a day" is no price of a clearance). The asked kind of answer must then come from an answer
 * that, under its own question, is on the caller's question by itself.
 */
function oneAnswerGivesTheType(
  question: Question,
  sentencesOf: { list: string[]; answering: number[]; underLead: (at: number) => Topic },
  start: number,
  end: number,
  waivable: Set<string>,
): boolean {
  const { list, answering, underLead } = sentencesOf;
  if (answering[start] === answering[end - 1] || !answerTypeRequired(question.type)) return true;
  const answers: { from: number; text: string }[] = [];
  for (let at = start; at < end; at += 1) {
    const last = answers[answers.length - 1];
    if (last && answering[at] === answering[at - 1]) last.text += ` ${list[at]}`;
    else answers.push({ from: at, text: list[at] });
  }
  return answers.some(
    (answer) =>
      givesAskedType(question, answer.text) &&
      judgeText(question, answer.text, underLead(answer.from), waivable, { scoreWhenFailing: false }).pass,
  );
}

/** The best one or two sentences of a passage, with the sentence before when the best one leans on it ("It takes…"). */
export function bestWindow(
  question: Question,
  text: string,
  topic: Topic,
  waivable: Set<string>,
): { text: string; score: number } | null {
  const all = sentences(text).filter((sentence) => !isNoise(sentence));
  const isQuestion = (sentence: string) => /\?\s*$/.test(sentence);
  // A question in a passage is never said, but it names what the next sentences answer ("Warning light on? We read the fault codes…"): a heading.
  // Each sentence said keeps the question it answers: its lead (the question right before it) and how many questions come before it.
  const list: string[] = [];
  const leads: string[] = [];
  const answering: number[] = [];
  let questionsBefore = 0;
  all.forEach((sentence, at) => {
    if (isQuestion(sentence)) questionsBefore += 1;
    else {
      list.push(sentence);
      leads.push(at > 0 && isQuestion(all[at - 1]) ? all[at - 1] : '');
      answering.push(questionsBefore);
    }
  });
  const underLead = (at: number) => (leads[at] ? topicOf(`${topic.text}\n${leads[at]}`) : topic);
  let best: { text: string; score: number; end: number } | null = null;
  for (let index = 0; index < list.length; index += 1) {
    for (const size of [1, 2]) {
      if (index + size > list.length) continue;
      const start = PRONOUN_START.test(list[index]) && index > 0 ? index - 1 : index;
      const parts = list.slice(start, index + size);
      const said = parts.join(' ');
      if (said.length > 480) continue;
      // "Please walk your dog before drop-off" tells the caller what to do; it never says the business offers dog walking.
      if (question.asksOffer && parts.some((part) => INSTRUCTION.test(part))) continue;
      if (parts.some((part) => otherLeadTime(question.leadHours, part))) continue;
      const judged = judgeText(question, said, underLead(start), waivable, { scoreWhenFailing: false });
      if (!judged.pass) continue;
      if (!oneAnswerGivesTheType(question, { list, answering, underLead }, start, index + size, waivable)) continue;
      // One sentence unless the second adds to the answer; the first sentence under a heading on the subject leads it.
      // (Not for "what should I do?": a how-to page opens with the problem, the steps follow.)
      const lead = judged.topicHoldsAll && index === 0 && question.type !== 'advice' ? 1 : 0;
      const score = judged.score + lead - (parts.length - 1) * 0.6 - said.length / 2000 - index * 0.05;
      if (!best || score > best.score) best = { text: said, score, end: index + size };
    }
  }
  if (!best) return null;
  const next = list[best.end];
  if (next && best.text.length < 300 && NEGATION.test(best.text) && namesSubject(question, next)) {
    return { text: `${best.text} ${next}`, score: best.score };
  }
  // "What should I do?": the passage's next sentence is usually the instruction that follows the problem.
  if (
    question.type === 'advice' &&
    best.end < list.length &&
    best.text.length < 300 &&
    !/^(posted|share|by)\b/i.test(list[best.end])
  ) {
    return { text: `${best.text} ${list[best.end]}`, score: best.score };
  }
  return best;
}
