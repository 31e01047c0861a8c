import type { SubmissionResult } from '@conform-to/react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { ChatComposer } from '#app/components/assistant/chat-composer.deferred';
import { ChatMessages, SuggestedQuestions, useAssistantChat } from '#app/components/assistant/chat';
import { PushToTalk } from '#app/components/assistant/voice.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ErrorList, SubmitButton } from '#app/components/forms';
import { OnboardingFrame } from '#app/routes/dashboard+/onboard+/__onboarding-frame';
import { onboardingMessages } from '#contract/messages';
import { TEST_CONVERSATION_TITLE, type CorrectionReply } from '#app/lib/assistant';
import {
  assistantAbilities,
  correctionAction,
  findConversation,
  getBusinessSettings,
  listSuggestions,
  sendMessageAction,
} from '#app/lib/assistant.server';
import { v1Calls } from '#contract/v1/index';
import { v1 } from '#app/lib/v1.server';
import { requireDashboard } from '#app/lib/guard.server';
import { assistantHasAnswered, latestTestConversationId, requireOnboardingBusiness } from '#app/lib/onboarding.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';

// The path keeps the spec's spelling; on screen it is simply "the assistant".
export const meta: MetaFunction = () => [{ title: 'Test the assistant · Business Assistant' }];

export const handle = { scroll: false };

const SELF = '/dashboard/onboard/test-ella';
const selfWith = (conversationId: string | null) =>
  conversationId ? `${SELF}?c=${encodeURIComponent(conversationId)}` : SELF;

/**
 * Onboarding step 6: talk to the assistant about the business it has just learned, with
 * questions to try drawn from its knowledge. Answers say which memory they came from; a
 * wrong one is corrected in place (an answered question, used from the next message on).
 * The test conversation is in the address (?c=), so a refresh keeps it, and coming back to
 * the step reopens the member's newest one. "Finish" needs at least one answer from the
 * assistant (checked here, on the server), then marks the test done (v1 completed-test):
 * the wizard is finished and the whole dashboard opens.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const business = requireOnboardingBusiness(state);
  const conversationId = new URL(request.url).searchParams.get('c') ?? '';
  if (!conversationId && !business.onboarding.test_completed) {
    const earlier = await latestTestConversationId(state);
    if (earlier) throw redirect(selfWith(earlier));
  }
  const [conversation, settings, suggestions] = await Promise.all([
    findConversation(state, conversationId),
    getBusinessSettings(state),
    listSuggestions(state),
  ]);
  return {
    conversation,
    suggestions,
    ...assistantAbilities(state, settings),
    timeZone: businessTimeZone(state),
    done: Boolean(business.onboarding.test_completed),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const business = requireOnboardingBusiness(state);
  const conversationId = new URL(request.url).searchParams.get('c') || null;
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'finish') {
    // The wizard ends with the assistant tested: at least one of its answers read by the owner.
    if (
      !business.onboarding.test_completed &&
      !assistantHasAnswered(await findConversation(state, conversationId ?? ''))
    ) {
      return data({ finishErrors: [onboardingMessages.testFirst] }, { status: 400 });
    }
    const result = await v1(state.caller, business._id).businesses.completedTest();
    return redirectWithToasts(
      request,
      result.ok ? '/dashboard/home' : selfWith(conversationId),
      apiToasts(v1Calls.businesses.completedTest.path, result),
    );
  }
  if (intent === 'correct') return correctionAction(request, state, formData, selfWith(conversationId));
  return sendMessageAction(request, state, formData, {
    conversationId,
    title: TEST_CONVERSATION_TITLE,
    back: (id) => `${selfWith(id)}#composer`,
  });
}

export default function TestAssistantRoute() {
  const { conversation, suggestions, links, canCorrect, voiceAvailable, timeZone, done } =
    useLoaderData<typeof loader>();
  const replied = useActionData<typeof action>() as
    SubmissionResult<string[]> | CorrectionReply | { finishErrors: string[] } | undefined;
  const finishErrors = replied && 'finishErrors' in replied ? replied.finishErrors : undefined;
  const reply = replied && !('finishErrors' in replied) ? replied : undefined;
  const navigate = useNavigate();
  const chat = useAssistantChat({
    conversationId: conversation?.id ?? null,
    messages: conversation?.messages ?? [],
    title: TEST_CONVERSATION_TITLE,
    onConversationCreated: (id) => navigate(selfWith(id), { replace: true, preventScrollReset: true }),
  });
  const self = selfWith(conversation?.id ?? null);
  return (
    <OnboardingFrame
      step="test-ella"
      finished={done}
      subtitle="Ask what your callers ask. The assistant answers from what it has learned, and shows where each answer came from."
    >
      <div className="flex flex-col gap-6">
        <SuggestedQuestions suggestions={suggestions} action={self} chat={chat} />
        <section
          aria-label="Conversation with the assistant"
          className="rounded-2xl bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <ChatMessages
            messages={conversation?.messages ?? []}
            turn={chat.turn}
            links={links}
            timeZone={timeZone}
            emptyText="Ask a question, or pick one above."
            correction={canCorrect ? { action: self, reply: reply && 'messageId' in reply ? reply : null } : null}
          />
        </section>
        <ChatComposer
          chat={chat}
          action={self}
          reply={reply && !('messageId' in reply) ? reply : null}
          label="Your question"
          placeholder="What would a caller ask?"
        />
        <PushToTalk chat={chat} available={voiceAvailable} />
        <Form method="post" action={self} className="flex flex-col gap-2 border-t border-slate-200 pt-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {done ? (
              <span />
            ) : (
              <Link to="/dashboard/onboard/training-questions" className="text-sm text-brand-600 underline">
                Back to training
              </Link>
            )}
            <SubmitButton name="intent" value="finish" pendingText="Finishing…">
              {done ? 'Go to the dashboard' : 'Finish'}
            </SubmitButton>
          </div>
          <ErrorList errors={finishErrors} />
        </Form>
      </div>
    </OnboardingFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
