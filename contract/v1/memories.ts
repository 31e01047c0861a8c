import { z } from 'zod';
import { COLLECTION_PAGE_SIZE } from '../constants';
import { clearableWebUrl } from '../fields';
import { messages } from '../messages';
import { listFiltersSchema, listSearchSchema } from '../schemas/list';
import {
  answeredQuestionNeedsAnswer,
  knowledgeSearchSchema,
  memoryFields,
  MEMORY_STATUSES,
  MEMORY_TYPES,
  memoryUpdateSchema,
} from '../schemas/memory';
import { businessParams, defineCall, idParams } from './define';

/** The knowledge base: memories, the questions waiting for an answer, knowledge search and uploads. */
const tags = ['Memories'];
const memoryParams = idParams('memory_id');

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
  .meta({ id: 'Memory' });

const typeFilter = z.enum(MEMORY_TYPES, { error: `Type must be one of ${MEMORY_TYPES.join(', ')}.` });
const search = listSearchSchema;
const pageLimit = z.coerce.number().int().min(1).max(COLLECTION_PAGE_SIZE).default(COLLECTION_PAGE_SIZE);

/** Memories come in pages of 500 (docs/product.md#limits); filter by one type or a list of them, status and text. */
export const memoryListBody = listFiltersSchema.extend({
  limit: pageLimit,
  type: z.union([typeFilter, z.array(typeFilter).max(MEMORY_TYPES.length)]).optional(),
  status: z.enum(MEMORY_STATUSES, { error: `Status must be one of ${MEMORY_STATUSES.join(', ')}.` }).optional(),
  search,
});
export const questionListBody = listFiltersSchema.extend({ limit: pageLimit, search });

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

const ANSWER_REQUIRED = messages.memory.answerRequired;
export const answerBody = z.object({
  answer: z.string({ error: ANSWER_REQUIRED }).trim().min(1, { error: ANSWER_REQUIRED, abort: true }).max(10_000),
  send_to_customer: z
    .union([
      z.boolean(),
      z
        .enum(['true', 'false', 'on', 'off', '1', '0'])
        .transform((value) => value === 'true' || value === 'on' || value === '1'),
    ])
    .optional()
    .meta({ description: 'Send the answer to the contacts who asked it (SMS, or email for a web form lead)' }),
});

/** Documents the form only: the upload handler reads and checks it itself (a clear message per case). */
export const uploadForm = z.object({
  file: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: 'PDF, image, Word (.docx), text, Markdown or HTML; at most 20 MB',
  }),
  title: z.string().optional(),
  type: z.string().optional().meta({ description: 'pdf, image or file by default from the file' }),
  status: z.string().optional().meta({ description: 'active by default' }),
  content: z.string().optional().meta({ description: "An image's caption or description (its searchable text)" }),
});

const memoryData = z.object({ memory: memoryOut });
const page = { total: z.number(), page: z.number(), limit: z.number() };
/** answer: the memory, and with send_to_customer what was sent to whom. */
const answerData = memoryData.extend({
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
/** One passage the knowledge search found. */
export const knowledgeHitOut = z.object({
  /** Where it comes from: a memory or a service. */
  source: z.object({
    kind: z.enum(['memory', 'service']),
    _id: z.string(),
    type: z.string(),
    title: z.string().nullable(),
  }),
  text: z.string(),
  heading: z.string().nullable(),
  rank: z.number(),
});

export const memories = {
  list: defineCall({
    path: 'businesses/memories/{business_id}/list',
    params: businessParams,
    body: memoryListBody,
    bodyRequired: false,
    response: z.object({ memories: z.array(memoryOut), ...page, counts: z.record(z.string(), z.number()) }),
    permission: 'memories/view',
    summary:
      'List memories: paged (limit 500), newest first, filterable by type (one or several), status and text; counts per type for the tabs',
    tags,
  }),
  questions: defineCall({
    path: 'businesses/memories/questions/{business_id}/list',
    params: businessParams,
    body: questionListBody,
    bodyRequired: false,
    response: z.object({ questions: z.array(memoryOut), ...page }),
    permission: 'memories/view',
    summary: 'The questions waiting for an answer (type question)',
    tags,
  }),
  get: defineCall({
    path: 'businesses/memories/{business_id}/get/{memory_id}',
    params: memoryParams,
    response: memoryData,
    permission: 'memories/view',
    summary: 'One memory (a file memory carries a short-lived link to its file)',
    tags,
  }),
  create: defineCall({
    path: 'businesses/memories/{business_id}/create',
    params: businessParams,
    body: memoryCreateBody,
    response: memoryData,
    permission: 'memories/edit',
    summary: 'Create a memory (type, content and status required)',
    tags,
  }),
  update: defineCall({
    path: 'businesses/memories/{business_id}/update/{memory_id}',
    params: memoryParams,
    body: memoryUpdateBody,
    response: memoryData,
    permission: 'memories/edit',
    summary: 'Update a memory (only the fields sent)',
    tags,
  }),
  delete: defineCall({
    path: 'businesses/memories/{business_id}/delete/{memory_id}',
    params: memoryParams,
    response: memoryData,
    permission: 'memories/edit',
    summary: 'Delete a memory (soft; restore brings it back). Search stops using it at once.',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/memories/{business_id}/restore/{memory_id}',
    params: memoryParams,
    response: memoryData,
    permission: 'memories/edit',
    summary: 'Restore a deleted memory',
    tags,
  }),
  answer: defineCall({
    path: 'businesses/memories/{business_id}/answer/{memory_id}',
    params: memoryParams,
    body: answerBody,
    response: answerData,
    permission: 'memories/edit',
    summary:
      'Answer a question: it becomes an answered_question, active and searchable; send_to_customer also sends the answer to the contacts who asked',
    tags,
  }),
  ignore: defineCall({
    path: 'businesses/memories/{business_id}/ignore/{memory_id}',
    params: memoryParams,
    response: memoryData,
    permission: 'memories/edit',
    summary: 'Ignore a question: it becomes an ignored_question',
    tags,
  }),
  search: defineCall({
    path: 'businesses/memories/{business_id}/search',
    params: businessParams,
    body: knowledgeSearchSchema,
    response: z.object({ results: z.array(knowledgeHitOut) }),
    permission: 'memories/view',
    summary: "Search the business's knowledge (memories and services), best match first",
    tags,
  }),
  upload: defineCall({
    path: 'businesses/memories/{business_id}/upload',
    params: businessParams,
    body: uploadForm,
    bodyKind: 'multipart',
    response: memoryData,
    permission: 'memories/edit',
    summary:
      'Upload a file (multipart/form-data) as a memory: its text is extracted and searchable. At most 20 MB (a larger body is refused with 413); PDF, image, Word (.docx), text, Markdown or HTML.',
    tags,
  }),
};
