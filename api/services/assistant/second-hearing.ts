import type { AssistantTools, HistoryMessage } from './types';

/**
 * A transcript can be confidently wrong ("do you cover Otley" heard as "do you come out to"),
 * and a wrong transcript the assistant cannot answer would become a question in the owner's
 * to-do list. So on a turn whose words a recogniser may have invented, an owner question
 * needs a second hearing: the first time, nothing is recorded and the caller is asked to put
 * it another way; if the next turn cannot be answered either, the caller has said it twice
 * and that wording is recorded. Tasks with the caller's details are not held back: a wrong
 * word in them costs the owner nothing a call back does not fix.
 */
export const SAY_IT_ANOTHER_WAY = "Sorry, I'm not sure I caught that. Could you say it another way?";

export type HeldQuestions = { tools: AssistantTools; held: () => boolean };

/** Whether the assistant's last words asked the caller to say it another way: this turn is the second hearing. */
function askedForAnotherWay(history: HistoryMessage[]): boolean {
  const last = [...history].reverse().find((message) => message.role === 'assistant');
  return Boolean(last?.content.trim().endsWith(SAY_IT_ANOTHER_WAY));
}

/**
 * The tools for a turn whose transcript needs a second hearing: recording an unanswered
 * question is held back (and `held()` says so) unless the caller was just asked to say it
 * another way.
 */
export function holdingOwnerQuestions(tools: AssistantTools, history: HistoryMessage[]): HeldQuestions {
  if (askedForAnotherWay(history)) return { tools, held: () => false };
  let held = false;
  return {
    tools: {
      ...tools,
      async recordUnansweredQuestion() {
        held = true;
        return [];
      },
    },
    held: () => held,
  };
}
