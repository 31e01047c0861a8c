import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { CONVERSATION_CHANNEL_LABELS, isMemberChannel } from '#contract/conversation-channels';
import { ChatComposer } from '#app/components/assistant/chat-composer.deferred';
import { ChatMessages, useAssistantChat } from '#app/components/assistant/chat';
import { PushToTalk } from '#app/components/assistant/voice.deferred';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import type { CorrectionReply } from '#app/lib/assistant';
import {
  assistantAbilities,
  correctionAction,
  getBusinessSettings,
  getConversation,
  sendMessageAction,
} from '#app/lib/assistant.server';
import { requireDashboard } from '#app/lib/guard.server';
import { businessTimeZone } from '#app/lib/timeline.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.conversation.title || 'Conversation'} · Business Assistant` },
];

/**
 * The chat page (spec: footer hidden): it keeps its scroll position across refreshes
 * (each realtime ConversationUpdated revalidates it) and keeps the newest message in view
 * itself; the message box stays at the bottom of the screen.
 */
export const handle = { scroll: false, hideFooter: true };

/**
 * One conversation with the assistant, oldest message first, each answer with where it
 * came from and what the assistant did. Without JavaScript the message box posts here and
 * the page comes back with the reply; with it the reply streams in (chat.tsx).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const [conversation, settings] = await Promise.all([
    getConversation(state, params.id ?? ''),
    getBusinessSettings(state),
  ]);
  return { conversation, ...assistantAbilities(state, settings), timeZone: businessTimeZone(state) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const self = `/dashboard/assistant-conversations/${encodeURIComponent(id)}`;
  const formData = await request.formData();
  if (formData.get('intent') === 'correct') return correctionAction(request, state, formData, self);
  return sendMessageAction(request, state, formData, { conversationId: id, back: () => `${self}#composer` });
}

export default function ConversationRoute() {
  const { conversation, links, canCorrect, voiceAvailable, timeZone } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as SubmissionResult<string[]> | CorrectionReply | undefined;
  const chat = useAssistantChat({ conversationId: conversation.id, messages: conversation.messages });
  const self = `/dashboard/assistant-conversations/${conversation.id}`;
  // A call, SMS or web form: the customer talked to the assistant; the page only shows it.
  const customers = !isMemberChannel(conversation.channel);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link to="/dashboard/assistant-conversations" className="text-sm text-brand-600 underline">
            All conversations
          </Link>
          <h1 className="truncate text-2xl font-semibold">{conversation.title || 'Conversation with the assistant'}</h1>
          <p className="text-sm text-slate-600">
            {CONVERSATION_CHANNEL_LABELS[conversation.channel] ?? conversation.channel}
          </p>
        </div>
      </div>
      <section aria-label="Messages" className="rounded-2xl bg-slate-100/60 p-4">
        <ChatMessages
          messages={conversation.messages}
          turn={chat.turn}
          links={links}
          timeZone={timeZone}
          correction={canCorrect ? { action: self, reply: reply && 'messageId' in reply ? reply : null } : null}
          speaker={customers ? 'The customer' : 'You'}
        />
      </section>
      {customers ? (
        <p className="text-sm text-slate-600" data-testid="conversation-read-only">
          The assistant had this conversation with a customer. Only the customer writes in it.
        </p>
      ) : (
        <div
          className="sticky bottom-0 flex flex-col gap-3 border-t border-slate-200 bg-slate-50 pb-2 pt-3"
          data-chat-dock=""
          data-testid="chat-dock"
        >
          <ChatComposer chat={chat} action={self} reply={reply && !('messageId' in reply) ? reply : null} />
          <PushToTalk chat={chat} available={voiceAvailable} />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
