import type { ConversationAction } from '#contract/schemas/conversation';
import type { AssistantTools } from './types';

/**
 * The owner's side of a turn (a question for the team, a task) is written after the caller
 * has been given the reply, not before its first word: the built-in provider's words never
 * depend on what those writes return, so the turn (turns.ts) lets it call them at once and
 * runs them when the reply's text is out, before the reply is stored. Each call answers a
 * placeholder action, which `run` swaps for the actions the write made, in the order asked.
 * Every write is awaited inside the turn (so `waitForReplies` and a waiting `postMessage`
 * see it done) and none is dropped when the reply fails. The openai-compatible provider is
 * not given these tools: its model reads what a tool returned before it goes on.
 */
export type DeferredWrites = {
  tools: AssistantTools;
  /** Whether any write is waiting. */
  pending: () => boolean;
  /**
   * Runs the waiting writes one after another; answers `actions` with each placeholder
   * replaced by what its write made (nothing when it failed) and the writes that failed.
   */
  run: (actions: ConversationAction[]) => Promise<{ actions: ConversationAction[]; failures: unknown[] }>;
};

type Waiting = { placeholder: ConversationAction; write: () => Promise<ConversationAction[]> };

export function deferringWrites(tools: AssistantTools): DeferredWrites {
  let waiting: Waiting[] = [];
  const defer = (placeholder: ConversationAction, write: () => Promise<ConversationAction[]>) => {
    waiting.push({ placeholder, write });
    return placeholder;
  };
  return {
    tools: {
      ...tools,
      async createTask(input) {
        return defer(
          { type: 'task_created', note_id: '', summary: input.title.trim() || 'Task created for the team' },
          async () => [await tools.createTask(input)],
        );
      },
      async updateRequestTask(details) {
        return defer({ type: 'task_updated', note_id: '', summary: 'Added to the task' }, async () => {
          const action = await tools.updateRequestTask(details);
          return action ? [action] : [];
        });
      },
      async recordUnansweredQuestion(question) {
        if (!question.trim()) return [];
        return [
          defer(
            {
              type: 'question_recorded',
              memory_id: '',
              summary: 'Question recorded for the team to answer',
              duplicate: false,
            },
            () => tools.recordUnansweredQuestion(question),
          ),
        ];
      },
    },
    pending: () => waiting.length > 0,
    async run(actions) {
      const made = new Map<ConversationAction, ConversationAction[]>();
      const failures: unknown[] = [];
      const writes = waiting;
      waiting = [];
      for (const { placeholder, write } of writes) {
        try {
          made.set(placeholder, await write());
        } catch (error) {
          made.set(placeholder, []);
          failures.push(error);
        }
      }
      return { actions: actions.flatMap((action) => made.get(action) ?? [action]), failures };
    },
  };
}
