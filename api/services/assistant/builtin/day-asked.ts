import type { Weekday } from '#contract/schemas/business-settings';
import type { AssistantTools } from '../types';
import type { Answer } from './answer';
import { dayPattern, daysOf } from './timetable-read';
import { sentences } from './text';

/**
 * "Do you deliver on Sundays?": a yes-or-no question about doing something on a day. The
 * day is when, not what: the question is read without it ("Do you deliver?"), and an answer
 * that says on which days it is done ("We deliver … from Tuesday to Saturday") answers the
 * day too: yes when the days said hold it, no when they do not. An answer that names no days,
 * or names them in a negative ("closed on Sundays", "except Mondays"), is no answer to the day.
 */
const YES_NO = /^\W*(?:do|does|can|could|will|would|are|is)\b/i;
const ON_DAY = (flags: string) =>
  new RegExp(`\\s*\\b(?:on|at|over)\\s+(?:a\\s+|the\\s+)?(${dayPattern().source})`, flags);
const NOT = /\b(?:no|not|never|closed|except|excluding|apart from|cannot|can't|don't|doesn't|won't)\b/i;

export type DayAsked = { rest: string; days: Weekday[]; said: string };

/** The question without its day ("Do you deliver?"), and the day asked; null when it asks no one day of the week. */
export function dayAskedApart(message: string): DayAsked | null {
  if (!YES_NO.test(message)) return null;
  const found = [...message.matchAll(ON_DAY('gi'))];
  if (found.length !== 1) return null;
  const days = daysOf(found[0][1]);
  if (!days.length) return null;
  const rest = message.replace(found[0][0], '').replace(/\s+([?.!])/, '$1');
  return { rest, days, said: found[0][1].trim() };
}

/** The answer to the question without its day, said as a yes or no for the day asked; null when it does not tell. */
export function answerForTheDay(answer: Answer, asked: DayAsked): Answer | null {
  if (answer.escalated) return null;
  const telling = sentences(answer.text).filter((sentence) => dayPattern().test(sentence));
  if (!telling.length || telling.some((sentence) => NOT.test(sentence))) return null;
  const stated = new Set(
    telling.flatMap((sentence) => [...sentence.matchAll(dayPattern('gi'))].flatMap((m) => daysOf(m[0]))),
  );
  if (!stated.size) return null;
  const yes = asked.days.every((day) => stated.has(day));
  const verdict = yes ? 'Yes.' : `No, not on ${asked.said}.`;
  return { ...answer, text: `${verdict} ${telling.join(' ')}` };
}

/** `ask`: the turn's own answering, put the question without its day; what it would pass to the team is not passed (the caller's question is). */
export async function answerOnTheDay(
  message: string,
  tools: AssistantTools,
  ask: (message: string, tools: AssistantTools) => Promise<Answer>,
): Promise<Answer | null> {
  const asked = dayAskedApart(message);
  if (!asked) return null;
  const quiet: AssistantTools = { ...tools, recordUnansweredQuestion: async () => [] };
  return answerForTheDay(await ask(asked.rest, quiet), asked);
}
