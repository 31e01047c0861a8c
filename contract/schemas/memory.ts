import { z } from 'zod';
import { optionalText, optionalWebUrl } from '../fields';
import { messages } from '../messages';

/** The twelve memory types (docs/product.md#entities). */
export const MEMORY_TYPES = [
  'web_page',
  'question',
  'answered_question',
  'ignored_question',
  'pdf',
  'image',
  'text',
  'file',
  'feedback',
  'category',
  'product',
  'order',
] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

export const MEMORY_TYPE_LABELS: Record<MemoryType, string> = {
  web_page: 'Web page',
  question: 'Question to answer',
  answered_question: 'Answered question',
  ignored_question: 'Ignored question',
  pdf: 'PDF',
  image: 'Image',
  text: 'Text',
  file: 'File',
  feedback: 'Feedback',
  category: 'Category',
  product: 'Product',
  order: 'Order',
};

/** Memory statuses: active (the assistant uses it), inactive (kept, not used), processing (a file being read), failed. */
export const MEMORY_STATUSES = ['active', 'inactive', 'processing', 'failed'] as const;
/** The statuses a person chooses; processing and failed belong to the upload reader (api/features/memories/upload.ts). */
export const USER_MEMORY_STATUSES = ['active', 'inactive'] as const;

/** The memory types whose content comes from an uploaded file. */
export const FILE_MEMORY_TYPES = ['pdf', 'image', 'file'] as const;

/** Upload limits (clear errors when passed). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The most a memory's content holds, whoever writes it (a longer extracted text is cut here). */
export const MAX_MEMORY_CONTENT_CHARS = 200_000;
/** List calls and list pages answer this much of each content (the memory's own call and page have it whole). */
export const MEMORY_PREVIEW_CHARS = 300;

/** The start of a content for a list, with "…" when it was cut (so longer than MEMORY_PREVIEW_CHARS means cut). */
export const memoryPreview = (content: string) =>
  content.length > MEMORY_PREVIEW_CHARS ? `${content.slice(0, MEMORY_PREVIEW_CHARS)}…` : content;

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
