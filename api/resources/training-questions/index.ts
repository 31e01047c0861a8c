import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { proposeTrainingQuestions } from '#api/services/training-questions';
import { requireBusinessPermission } from '#api/lib/membership';
import { refusalFor } from '#contract/v1/define';
import { memoryOut } from '#contract/v1/memories';

const tags = ['Memories'];

const proposeData = z.object({
  questions: z
    .array(memoryOut)
    .openapi({ description: 'Every open question of the business (type question), oldest first' }),
  created: z.number().int().openapi({ description: 'How many of them this call proposed' }),
});

/**
 * Onboarding step 5: propose the common caller questions the knowledge base does not
 * answer yet, each as a 'question' memory (once per business; calling again only adds
 * what is still unanswered and was never proposed).
 */
export const trainingQuestionsRouter = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/businesses/memories/{business_id}/propose-questions',
    tags,
    summary: 'Propose the common caller questions the knowledge base does not answer yet (as question memories)',
    security: bearer,
    middleware: [requireAuth] as const,
    request: { params: businessIdParam },
    responses: envelope(proposeData),
  }),
  async (c) => {
    const { business_id } = c.req.valid('param');
    // Proposing creates memories, so it needs what any memory write needs (memories/edit).
    await requireBusinessPermission(
      c.var.deps.db,
      business_id,
      c.var.auth.user.id,
      'memories/edit',
      refusalFor('memories/edit'),
    );
    const { created, questions } = await proposeTrainingQuestions(c.var.deps, business_id, {
      actorId: c.var.auth.user.id,
    });
    const message =
      created.length === 0
        ? 'No new questions: the assistant can already answer the common ones.'
        : created.length === 1
          ? '1 question to answer.'
          : `${created.length} questions to answer.`;
    return ok(c, { questions, created: created.length }, [message]);
  },
);
