import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { onboardingMessages } from '#contract/messages';
import { hasPermission } from '#contract/permissions';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
import { QuestionTodoList } from '#app/components/memories/memory-bits';
import { OnboardingFrame, OnboardingStepFooter } from '#app/routes/dashboard+/onboard+/__onboarding-frame';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { listOpenQuestions, questionAction } from '#app/lib/memories.server';
import { hasAnsweredAQuestion, requireOnboardingBusiness } from '#app/lib/onboarding.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';

export const meta: MetaFunction = () => [{ title: 'Train the assistant · Business Assistant' }];

const SELF = '/dashboard/onboard/training-questions';
const NEXT = '/dashboard/onboard/test-ella';

/**
 * Onboarding step 5: the questions callers ask most that the knowledge base cannot answer
 * yet. Finding them is a POST (it creates question memories), so opening the page changes
 * nothing; the owner answers or skips each, then continues to step 6 (testing the assistant)
 * once at least one is answered, or moves on by "Skip this step". After onboarding the page
 * stays (the knowledge base links to it) without the wizard's frame.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const business = requireOnboardingBusiness(state);
  const canView = hasPermission(business.permissions, 'memories/view');
  return {
    questions: canView ? await listOpenQuestions(state) : [],
    canEdit: hasPermission(business.permissions, 'memories/edit'),
    canView,
    done: Boolean(business.onboarding.training_done),
    finished: state.wizardFinished,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requireOnboardingBusiness(state);
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'propose') {
    requirePermission(state, 'memories/edit');
    const proposed = await v1(state.caller).trainingQuestions.propose();
    return redirectWithToasts(request, SELF, apiToasts(v1Calls.trainingQuestions.propose.path, proposed));
  }
  if (intent === 'continue') {
    // Moving on with nothing answered is a choice of its own ("Skip this step"), not an accident.
    if (!(await hasAnsweredAQuestion(state)))
      return data({ continueErrors: [onboardingMessages.trainFirst] }, { status: 400 });
    const result = await v1(state.caller).businesses.onboard({ step: 'training-questions' });
    // Step 6 follows: testing the assistant.
    return redirectWithToasts(request, result.ok ? NEXT : SELF, apiToasts(v1Calls.businesses.onboard.path, result));
  }
  return questionAction(request, state, formData, SELF);
}

export default function TrainingQuestionsRoute() {
  const { questions, canEdit, canView, done, finished } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const continueErrors = reply && 'continueErrors' in reply ? reply.continueErrors : undefined;
  return (
    <OnboardingFrame
      step="training-questions"
      finished={finished}
      subtitle="The questions callers ask a business like yours that your assistant cannot answer yet. Answer each one, or skip it."
    >
      <div className="flex flex-col gap-6">
        {questions.length > 0 ? (
          <>
            <p className="text-sm text-slate-700" data-testid="questions-left">
              {questions.length === 1 ? '1 question left.' : `${questions.length} questions left.`} Answers become part
              of what the assistant knows.
            </p>
            <QuestionTodoList
              questions={questions}
              reply={reply && 'questionId' in reply ? reply : null}
              canEdit={canEdit}
            />
          </>
        ) : (
          <section
            className="rounded-xl border border-dashed border-slate-300 p-6 text-center"
            data-testid="questions-empty"
          >
            <p className="font-medium">
              {done ? 'No questions left to answer.' : 'Let the assistant find what it cannot answer yet.'}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              It checks the questions callers ask a business like yours (from your services, products and website:
              opening hours, prices, booking, delivery, …) against what it has learned.
            </p>
          </section>
        )}
        {canEdit ? (
          <Form method="post" className="flex justify-center">
            <SubmitButton
              variant={questions.length > 0 ? 'secondary' : 'primary'}
              name="intent"
              value="propose"
              pendingText="Looking…"
            >
              {questions.length > 0 ? 'Look for more questions' : 'Find questions to answer'}
            </SubmitButton>
          </Form>
        ) : null}
        <OnboardingStepFooter
          finished={finished}
          canViewMemories={canView}
          done={done}
          next={NEXT}
          continueLabel="Continue"
          errors={continueErrors}
        />
      </div>
    </OnboardingFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
