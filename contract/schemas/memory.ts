import { z } from 'zod';
import { optionalText, optionalWebUrl } from '../fields';
import { messages } from '../messages';
import { MAX_MEMORY_CONTENT_CHARS, MEMORY_TYPES, USER_MEMORY_STATUSES } from '../memory-terms';

export * from '../memory-terms';

/** docs/product.md#validation "Memory": type, content and status required (the fields; memorySchema adds the rule across them). */
export const memoryFields = z.object({
  type: z.enum(MEMORY_TYPES, { error: messages.memory.typeRequired }),
  content: z
    .string({ error: messages.memory.contentRequired })
    .trim()
    .min(1, { error: messages.memory.contentRequired, abort: true })
    .max(MAX_MEMORY_CONTENT_CHARS),
  status: z.enum(USER_MEMORY_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? messages.memory.statusRequired : messages.memory.statusChoice,
  }),
  title: optionalText(300),
  answer: optionalText(10_000),
  source_url: optionalWebUrl({ max: 2000 }),
});

/** An answered question is only one with its answer: without it the assistant has nothing to say. */
export function answeredQuestionNeedsAnswer(value: { type?: string; answer?: string | null }, ctx: z.RefinementCtx) {
  if (value.type === 'answered_question' && !value.answer?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['answer'], message: messages.memory.answerRequired });
  }
}

export const memorySchema = memoryFields.superRefine(answeredQuestionNeedsAnswer);
export type MemoryInput = z.infer<typeof memorySchema>;
/** Only the fields sent; the answered-question rule is checked on the memory as saved (api/features/memories/service.ts). */
export const memoryUpdateSchema = memoryFields.partial();

export const knowledgeSearchSchema = z.object({
  query: z
    .string({ error: messages.lookup.required })
    .trim()
    .min(1, { error: messages.lookup.required, abort: true })
    .max(500),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
