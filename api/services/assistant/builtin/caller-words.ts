import { normaliseCallerText } from '#api/services/language/caller-text';
import type { AssistantTools, TurnInput } from '../types';
import { captureInProgress } from './capture';
import { joinSplitNames, splitJoinedNames } from './joined-names';

/**
 * What the engine reads of the caller's message: shorthand written out and typos corrected
 * toward the business's own words (language/caller-text.ts). While the assistant is taking
 * a caller's details the message may be a name, so only shorthand is written out then.
 */
export function understoodInput(input: TurnInput): TurnInput {
  const { business } = input;
  const vocabulary = [...business.services, ...business.products].flatMap(
    (item) => `${item.name} ${item.description ?? ''}`.match(/[A-Za-z]+/g) ?? [],
  );
  const names = [...business.services, ...business.products].map((item) => item.name);
  const said = captureInProgress(input.history)
    ? input.message
    : joinSplitNames(splitJoinedNames(input.message, names), names);
  const message = normaliseCallerText(said, {
    vocabulary,
    correctSpelling: !captureInProgress(input.history),
  });
  return message === input.message ? input : { ...input, message };
}

/** The team sees the question in the caller's own words, not the engine's reading of it. */
export function keepingCallerWords(tools: AssistantTools, said: string, understood: string): AssistantTools {
  if (said === understood) return tools;
  return {
    ...tools,
    recordUnansweredQuestion: (question) => tools.recordUnansweredQuestion(question === understood ? said : question),
  };
}
