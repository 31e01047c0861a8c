import { trainingQuestions } from '#contract/v1/training-questions';
import { serveCalls } from '#api/lib/v1-call';
import { proposeTrainingQuestions } from '#api/features/training-questions/service';

/** The onboarding's proposed questions, declared in contract/v1/training-questions.ts. */
export const trainingQuestionsRouter = serveCalls(trainingQuestions, {
  propose: async (c, { params }) => {
    const { created, questions } = await proposeTrainingQuestions(c.var.deps, params.business_id, {
      actorId: c.var.auth.user.id,
    });
    const message =
      created.length === 0
        ? 'No new questions: the assistant can already answer the common ones.'
        : created.length === 1
          ? '1 question to answer.'
          : `${created.length} questions to answer.`;
    return { data: { questions, created: created.length }, messages: [message] };
  },
});
