import { z } from '@hono/zod-openapi';
import { COLLECTION_PAGE_SIZE } from '#contract/constants';
import { clearableWebUrl } from '#contract/fields';
import { messages } from '#contract/messages';
import { listFiltersSchema } from '#contract/schemas/list';
import {
  answeredQuestionNeedsAnswer,
  knowledgeSearchSchema,
  memoryFields,
  MEMORY_STATUSES,
  MEMORY_TYPES,
  memoryUpdateSchema,
} from '#contract/schemas/memory';
import { businessIdParam } from '#api/lib/openapi';

/** Request and response schemas of the memory calls (the OpenAPI document is built from them). */
export const memoryIdParam = businessIdParam.extend({
  memory_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'memory_id', in: 'path' } }),
});

export const memoryOut = z
  .object({
    _id: z.string(),
    type: z.string(),
    status: z.string(),
    title: z.string().nullable(),
    content: z.string(),
    answer: z.string().nullable(),
    source_url: z.string().nullable(),
    file: z
      .object({ name: z.string(), mime_type: z.string(), size_bytes: z.number(), url: z.string().nullable() })
      .nullable(),
    meta: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .openapi('Memory');

const typeFilter = z.enum(MEMORY_TYPES, { error: `Type must be one of ${MEMORY_TYPES.join(', ')}.` });
const search = z
  .string()
  .trim()
  .max(100, { error: messages.lookup.tooLong })
  .optional()
  .transform((value) => value || undefined);

/** Memories come in pages of 500 (docs/product.md#limits); filter by one type or a list of them, status and text. */
export const memoryListBody = listFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(COLLECTION_PAGE_SIZE).default(COLLECTION_PAGE_SIZE),
  type: z.union([typeFilter, z.array(typeFilter).max(MEMORY_TYPES.length)]).optional(),
  status: z.enum(MEMORY_STATUSES, { error: `Status must be one of ${MEMORY_STATUSES.join(', ')}.` }).optional(),
  search,
});
export const questionListBody = listFiltersSchema.extend({
  limit: z.coerce.number().int().min(1).max(COLLECTION_PAGE_SIZE).default(COLLECTION_PAGE_SIZE),
  search,
});

/** The API answers title/answer/source_url null when there is none, so a client may send that back (it clears them). */
const clearable = (max: number) => z.string().trim().max(max).nullish();
export const memoryCreateBody = memoryFields
  .extend({ title: clearable(300), answer: clearable(10_000), source_url: clearableWebUrl({ max: 2000 }) })
  .superRefine(answeredQuestionNeedsAnswer);
export const memoryUpdateBody = memoryUpdateSchema.extend({
  title: clearable(300),
  answer: clearable(10_000),
  source_url: clearableWebUrl({ max: 2000 }),
});

export const ANSWER_REQUIRED = messages.memory.answerRequired;
export const answerBody = z.object({
  answer: z.string({ error: ANSWER_REQUIRED }).trim().min(1, { error: ANSWER_REQUIRED, abort: true }).max(10_000),
  /** Also send the answer to the contacts who asked (SMS, or email for a web form lead); see services/question-replies.ts. */
  send_to_customer: z
    .union([
      z.boolean(),
      z
        .enum(['true', 'false', 'on', 'off', '1', '0'])
        .transform((value) => value === 'true' || value === 'on' || value === '1'),
    ])
    .optional()
    .openapi({ description: 'Send the answer to the contacts who asked it (SMS, or email for a web form lead)' }),
});

export const searchBody = knowledgeSearchSchema;

/** Documented only: the upload handler reads and checks the form itself (clear messages per case). */
export const uploadForm = z.object({
  file: z.any().optional().openapi({
    type: 'string',
    format: 'binary',
    description: 'PDF, image, Word (.docx), text, Markdown or HTML; at most 20 MB',
  }),
  title: z.string().optional(),
  type: z.string().optional().openapi({ description: 'pdf, image or file by default from the file' }),
  status: z.string().optional().openapi({ description: 'active by default' }),
  content: z.string().optional().openapi({ description: "An image's caption or description (its searchable text)" }),
});

export const memoryData = z.object({ memory: memoryOut });
/** answer: the memory, and with send_to_customer what was sent to whom. */
export const answerData = memoryData.extend({
  replies: z
    .array(
      z.object({
        customer_id: z.string().nullable(),
        sent: z.boolean(),
        channel: z.enum(['sms', 'email', 'chat']).nullable(),
        to: z.string().nullable(),
        item_id: z.string().nullable(),
        message: z.string(),
      }),
    )
    .optional(),
});
export const memoryListData = z.object({
  memories: z.array(memoryOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  counts: z.record(z.string(), z.number()),
});
export const questionListData = z.object({
  questions: z.array(memoryOut),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export const searchData = z.object({
  results: z.array(
    z.object({
      source: z.object({
        kind: z.enum(['memory', 'service']),
        _id: z.string(),
        type: z.string(),
        title: z.string().nullable(),
      }),
      text: z.string(),
      heading: z.string().nullable(),
      rank: z.number(),
    }),
  ),
});
