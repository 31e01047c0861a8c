import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { notFound } from '#api/lib/errors';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { searchKnowledge } from '#api/services/knowledge';
import {
  answerQuestion,
  createMemory,
  deleteMemory,
  findMemory,
  ignoreQuestion,
  restoreMemory,
  updateMemory,
} from '#api/services/memories';
import { memoryForCaller, withFileUrl } from '#api/services/memory-files';
import { listMemories, listQuestions } from '#api/services/memory-records';
import { sendAnswerToCustomers } from '#api/services/question-replies';
import { completeQuestionTasks } from '#api/services/question-tasks';
import { canEditMemories as canEdit, canViewMemories as canView } from './access';
import {
  answerBody,
  answerData,
  memoryCreateBody,
  memoryData,
  memoryIdParam,
  memoryListBody,
  memoryListData,
  memoryUpdateBody,
  questionListBody,
  questionListData,
  searchBody,
  searchData,
} from './schemas';

const tags = ['Memories'];
const optionalJson = <T>(schema: T) => ({ required: false, content: { 'application/json': { schema } } }) as const;

/** The knowledge base calls (memories, open questions, knowledge search). Uploads and file links: upload.ts. */
export const memoriesRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/list',
      tags,
      summary:
        'List memories: paged (limit 500), newest first, filterable by type (one or several), status and text; counts per type for the tabs',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: optionalJson(memoryListBody) },
      responses: envelope(memoryListData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      // With no JSON body the validator is skipped and answers {}: apply the defaults here.
      const filters = memoryListBody.parse(c.req.valid('json') ?? {});
      return ok(c, await listMemories(deps.db, business_id, filters, (row) => memoryForCaller(deps, row)));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/questions/{business_id}/list',
      tags,
      summary: 'The questions waiting for an answer (type question)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: optionalJson(questionListBody) },
      responses: envelope(questionListData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      const filters = questionListBody.parse(c.req.valid('json') ?? {});
      return ok(c, await listQuestions(deps.db, business_id, filters, (row) => memoryForCaller(deps, row)));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/get/{memory_id}',
      tags,
      summary: 'One memory (a file memory carries a short-lived link to its file)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: memoryIdParam },
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { deps } = c.var;
      const { business_id, memory_id } = c.req.valid('param');
      await canView(deps.db, business_id, c.var.auth.user.id);
      const row = await findMemory(deps.db, business_id, memory_id);
      if (!row) throw notFound('The memory');
      return ok(c, { memory: memoryForCaller(deps, row) });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/create',
      tags,
      summary: 'Create a memory (type, content and status required)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: jsonBody(memoryCreateBody) },
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const memory = await createMemory(c.var.deps, business_id, c.req.valid('json'), { actorId: c.var.auth.user.id });
      return ok(c, { memory }, ['Memory created.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/update/{memory_id}',
      tags,
      summary: 'Update a memory (only the fields sent)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: memoryIdParam, body: jsonBody(memoryUpdateBody) },
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { business_id, memory_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const memory = await updateMemory(c.var.deps, business_id, memory_id, c.req.valid('json'));
      return ok(c, { memory: withFileUrl(c.var.deps, memory) }, ['Memory updated.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/delete/{memory_id}',
      tags,
      summary: 'Delete a memory (soft; restore brings it back). Search stops using it at once.',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: memoryIdParam },
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { business_id, memory_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const memory = await deleteMemory(c.var.deps, business_id, memory_id);
      return ok(c, { memory }, ['Memory deleted.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/restore/{memory_id}',
      tags,
      summary: 'Restore a deleted memory',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: memoryIdParam },
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { business_id, memory_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const memory = await restoreMemory(c.var.deps, business_id, memory_id);
      return ok(c, { memory: withFileUrl(c.var.deps, memory) }, ['Memory restored.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/answer/{memory_id}',
      tags,
      summary:
        'Answer a question: it becomes an answered_question, active and searchable; send_to_customer also sends the answer to the contacts who asked',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: memoryIdParam, body: jsonBody(answerBody) },
      responses: envelope(answerData),
    }),
    async (c) => {
      const { business_id, memory_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const body = c.req.valid('json');
      const memory = await answerQuestion(c.var.deps, business_id, memory_id, body.answer);
      // The task the assistant made for the question is done once it is answered.
      await completeQuestionTasks(c.var.deps, business_id, memory_id, { actorId: c.var.auth.user.id });
      if (!body.send_to_customer) return ok(c, { memory }, ['Question answered.']);
      const sent = await sendAnswerToCustomers(c.var.deps, business_id, memory);
      return ok(c, { memory: sent.memory, replies: sent.replies }, [
        'Question answered.',
        ...sent.replies.map((reply) => reply.message),
      ]);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/ignore/{memory_id}',
      tags,
      summary: 'Ignore a question: it becomes an ignored_question',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: memoryIdParam },
      responses: envelope(memoryData),
    }),
    async (c) => {
      const { business_id, memory_id } = c.req.valid('param');
      await canEdit(c.var.deps.db, business_id, c.var.auth.user.id);
      const memory = await ignoreQuestion(c.var.deps, business_id, memory_id);
      return ok(c, { memory }, ['Question ignored.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/memories/{business_id}/search',
      tags,
      summary: "Search the business's knowledge (memories and services), best match first",
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: jsonBody(searchBody) },
      responses: envelope(searchData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id } = c.req.valid('param');
      await canView(db, business_id, c.var.auth.user.id);
      const { query, limit } = c.req.valid('json');
      return ok(c, { results: await searchKnowledge(db, business_id, query, { limit }) });
    },
  );
