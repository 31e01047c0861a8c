import { contentWords } from '../language/vectors';
import { stem } from './builtin/text';
import type { AssistantTools, HistoryMessage } from './types';

/**
 * A transcript can be confidently wrong ("do you cover Otley" heard as "do you come out to"),
 * and a wrong transcript the assistant cannot answer would become a question in the owner's
 * to-do list. So on a turn whose words a recogniser may have invented, an owner question
 * needs a second hearing: the first time, nothing is recorded and the caller is asked to put
 * it another way; if the next turn cannot be answered either, the caller has said it twice
 * and that wording is recorded, if the two hearings agree (they share at least half of their
 * content words): a recogniser garbles a question differently each time, while a caller who
 * puts it another way keeps its subject ("do you cover Otley?", "do you come out to Otley?").
 * Hearings that disagree are asked for again. Tasks with the caller's details are not held
 * back: a wrong word in them costs the owner nothing a call back does not fix.
 */
export const SAY_IT_ANOTHER_WAY = "Sorry, I'm not sure I caught that. Could you say it another way?";

export type HeldQuestions = { tools: AssistantTools; held: () => boolean };

/** What the caller said before being asked to say it another way, when the assistant's last words asked that (this turn is the second hearing). */
function firstHearing(history: HistoryMessage[]): string | null {
  const lastAssistant = history.map((message) => message.role).lastIndexOf('assistant');
  if (lastAssistant < 0 || !history[lastAssistant]!.content.trim().endsWith(SAY_IT_ANOTHER_WAY)) return null;
  const before = history.slice(0, lastAssistant).filter((message) => message.role === 'user');
  return before[before.length - 1]?.content ?? '';
}

const subjectStems = (text: string) => new Set(contentWords(text).map(stem));

/** Whether two hearings of a question are the same question: at least half the content words of the shorter are in the other (stems compared). */
export function hearingsAgree(first: string, second: string): boolean {
  const [a, b] = [subjectStems(first), subjectStems(second)];
  const [fewer, more] = a.size <= b.size ? [a, b] : [b, a];
  if (!fewer.size) return false;
  const shared = [...fewer].filter((word) => more.has(word)).length;
  return shared >= Math.max(1, fewer.size / 2);
}

/**
 * The tools for a turn whose transcript needs a second hearing: recording an unanswered
 * question is held back (and `held()` says so) unless the caller was just asked to say it
 * another way and both hearings agree.
 */
export function holdingOwnerQuestions(tools: AssistantTools, history: HistoryMessage[]): HeldQuestions {
  const first = firstHearing(history);
  let held = false;
  return {
    tools: {
      ...tools,
      async recordUnansweredQuestion(question) {
        if (first !== null && hearingsAgree(first, question)) return tools.recordUnansweredQuestion(question);
        held = true;
        return [];
      },
    },
    held: () => held,
  };
}
