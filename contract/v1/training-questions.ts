import { z } from 'zod';
import { businessParams, defineCall } from './define';
import { memoryOut } from './memories';

/**
 * Onboarding step 5: the common caller questions the knowledge base does not answer yet,
 * proposed as 'question' memories (once per business; calling again only adds what is still
 * unanswered and was never proposed). Proposing creates memories, so it needs memories/edit.
 */
export const trainingQuestions = {
  propose: defineCall({
    path: 'businesses/memories/{business_id}/propose-questions',
    params: businessParams,
    response: z.object({
      questions: z
        .array(memoryOut)
        .meta({ description: 'Every open question of the business (type question), oldest first' }),
      created: z.number().int().meta({ description: 'How many of them this call proposed' }),
    }),
    permission: 'memories/edit',
    summary: 'Propose the common caller questions the knowledge base does not answer yet (as question memories)',
    tags: ['Memories'],
  }),
};
