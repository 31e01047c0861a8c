import { memories } from '#contract/v1/memories';
import { notFound } from '#api/lib/errors';
import { serveCalls } from '#api/lib/v1-call';
import { searchKnowledge } from '#api/services/knowledge';
import {
  answerQuestion,
  createMemory,
  deleteMemory,
  findMemory,
  ignoreQuestion,
  restoreMemory,
  updateMemory,
} from '#api/features/memories/service';
import { memoryForCaller, withFileUrl } from '#api/features/memories/files';
import { listMemories, listQuestions } from '#api/features/memories/records';
import { sendAnswerToCustomers } from '#api/features/memories/question-replies';
import { completeQuestionTasks } from '#api/features/memories/question-tasks';
import { uploadBodyLimit, uploadMemory } from './upload';

/**
 * The knowledge base calls declared in contract/v1/memories.ts (memories, open questions,
 * knowledge search, uploads); permissions are checked from there. A file's signed link: api/features/files.
 */
export const memoriesRouter = serveCalls(
  memories,
  {
    list: async (c, { params, body }) => ({
      data: await listMemories(c.var.deps.db, params.business_id, body, (row) => memoryForCaller(c.var.deps, row)),
    }),
    questions: async (c, { params, body }) => ({
      data: await listQuestions(c.var.deps.db, params.business_id, body, (row) => memoryForCaller(c.var.deps, row)),
    }),
    get: async (c, { params }) => {
      const row = await findMemory(c.var.deps.db, params.business_id, params.memory_id);
      if (!row) throw notFound('The memory');
      return { data: { memory: memoryForCaller(c.var.deps, row) } };
    },
    create: async (c, { params, body }) => ({
      data: { memory: await createMemory(c.var.deps, params.business_id, body, { actorId: c.var.auth.user.id }) },
      messages: ['Memory created.'],
    }),
    update: async (c, { params, body }) => {
      const memory = await updateMemory(c.var.deps, params.business_id, params.memory_id, body);
      return { data: { memory: withFileUrl(c.var.deps, memory) }, messages: ['Memory updated.'] };
    },
    delete: async (c, { params }) => ({
      data: { memory: await deleteMemory(c.var.deps, params.business_id, params.memory_id) },
      messages: ['Memory deleted.'],
    }),
    restore: async (c, { params }) => {
      const memory = await restoreMemory(c.var.deps, params.business_id, params.memory_id);
      return { data: { memory: withFileUrl(c.var.deps, memory) }, messages: ['Memory restored.'] };
    },
    answer: async (c, { params, body }) => {
      const { deps } = c.var;
      const memory = await answerQuestion(deps, params.business_id, params.memory_id, body.answer);
      // The task the assistant made for the question is done once it is answered.
      await completeQuestionTasks(deps, params.business_id, params.memory_id, { actorId: c.var.auth.user.id });
      if (!body.send_to_customer) return { data: { memory }, messages: ['Question answered.'] };
      const sent = await sendAnswerToCustomers(deps, params.business_id, memory);
      return {
        data: { memory: sent.memory, replies: sent.replies },
        messages: ['Question answered.', ...sent.replies.map((reply) => reply.message)],
      };
    },
    ignore: async (c, { params }) => ({
      data: { memory: await ignoreQuestion(c.var.deps, params.business_id, params.memory_id) },
      messages: ['Question ignored.'],
    }),
    search: async (c, { params, body }) => ({
      data: { results: await searchKnowledge(c.var.deps.db, params.business_id, body.query, { limit: body.limit }) },
    }),
    upload: uploadMemory,
  },
  { upload: [uploadBodyLimit] },
);
