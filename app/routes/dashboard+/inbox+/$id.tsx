import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { notificationTime } from '#contract/labels';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { INBOX_PAUSE_MINUTES } from '#contract/inbox-terms';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
import { authorName } from '#app/routes/dashboard+/inbox+/__inbox-bits';
import { ReplyForm } from '#app/routes/dashboard+/inbox+/__reply-form.deferred';
import { requireDashboard } from '#app/lib/guard.server';
import { canReplyInInbox, inboxThreadAction, openThread } from '#app/lib/inbox.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import type { loader as inboxLoader } from '#app/routes/dashboard+/inbox+/route';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.thread.customer.name || 'Conversation'} · Inbox · Business Assistant` },
];

/** One thread: opening it marks it read for this member. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const { thread, messages } = await openThread(state, params.id ?? '');
  return withPhoneLabels({
    thread,
    messages,
    canReply: canReplyInInbox(state),
    userId: state.user.id,
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  return inboxThreadAction(request, state, params.id ?? '');
}

const buttonClass = 'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50';

export default function InboxThreadRoute() {
  const formatPhone = usePhoneFormat();
  const { thread, messages, canReply, userId, timeZone, now } = useLoaderData<typeof loader>();
  const members = useRouteLoaderData<typeof inboxLoader>('routes/dashboard+/inbox+/route')?.members ?? [];
  const lastResult = useActionData<typeof action>();
  const at = (value: string) => notificationTime(value, new Date(now), timeZone);
  const paused =
    thread.assistant_paused_until && thread.assistant_paused_until > now ? thread.assistant_paused_until : null;
  const name = thread.customer.name || 'Unnamed contact';
  // The API answers on the channel the contact last wrote on: their chat when that was the chat, else a text.
  const replyByChat =
    messages.findLast(
      (message) => message.direction === 'inbound' && (message.type === 'sms' || message.type === 'chat'),
    )?.type === 'chat';

  return (
    <Card
      padding="sm"
      className="flex flex-col gap-4 sm:p-6"
      aria-labelledby="inbox-thread-title"
      data-testid="inbox-open-thread"
    >
      <nav aria-label="Breadcrumb" className="text-sm lg:hidden">
        <Link to="/dashboard/inbox" className="text-brand-600 underline">
          All conversations
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h2 id="inbox-thread-title" className="text-xl font-semibold">
          <Link to={`/dashboard/customers/${thread.customer._id}`} className="hover:underline">
            {name}
          </Link>
        </h2>
        <span className="flex flex-wrap gap-3 text-sm">
          {thread.customer.phones.map((phone) => (
            <span key={phone} className="flex gap-2">
              <a href={`tel:${phone}`} className="text-brand-700 underline" aria-label={`Call ${formatPhone(phone)}`}>
                Call {formatPhone(phone)}
              </a>
              {canReply ? (
                <a href="#reply-message" className="text-brand-700 underline">
                  Text
                </a>
              ) : null}
            </span>
          ))}
        </span>
      </header>

      <div
        className="flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-3 text-sm"
        data-testid="inbox-thread-state"
      >
        <p className="flex-1" data-testid="inbox-assistant-state">
          {paused
            ? `The assistant is paused on this conversation until ${at(paused)}.`
            : 'The assistant answers new texts in this conversation.'}
        </p>
        {canReply ? (
          <Form method="post" replace>
            <input type="hidden" name="intent" value={paused ? 'hand-back' : 'pause'} />
            <SubmitButton variant="secondary" name="intent" value={paused ? 'hand-back' : 'pause'}>
              {paused ? 'Hand back to the assistant' : `Pause the assistant for ${INBOX_PAUSE_MINUTES} minutes`}
            </SubmitButton>
          </Form>
        ) : null}
      </div>

      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p data-testid="inbox-assignee">
          {thread.assigned_to
            ? `Assigned to ${thread.assigned_to._id === userId ? 'you' : thread.assigned_to.name}`
            : 'Not assigned'}
        </p>
        {canReply ? (
          <Form method="post" replace className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="assign" />
            <label htmlFor="inbox-assign" className="sr-only">
              Assign to
            </label>
            <select
              id="inbox-assign"
              name="user_id"
              defaultValue={thread.assigned_to?._id ?? ''}
              key={thread.assigned_to?._id ?? ''}
              className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
            >
              <option value="">Nobody</option>
              {members.map((member) => (
                <option key={member._id} value={member._id}>
                  {member._id === userId ? `Me (${member.name})` : member.name}
                </option>
              ))}
            </select>
            <button type="submit" className={buttonClass}>
              Assign
            </button>
          </Form>
        ) : null}
      </div>

      {messages.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="inbox-no-messages">
          No texts with {name} yet.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Messages" data-testid="inbox-messages">
          {messages.map((message) => (
            <li
              key={message._id}
              data-testid="inbox-message"
              data-author={message.author}
              className={`flex flex-col gap-1 ${message.direction === 'outbound' ? 'items-end' : 'items-start'}`}
            >
              <span className="text-xs text-slate-500">
                <span className="font-medium text-slate-700">{authorName(message, name)}</span>
                {message.type === 'form' ? ' · web form' : message.type === 'chat' ? ' · website chat' : ''} ·{' '}
                {at(message.created_at)}
              </span>
              <p
                className={`max-w-[85%] whitespace-pre-line break-words rounded-2xl px-4 py-2 text-sm ${
                  message.direction === 'outbound'
                    ? message.author === 'assistant'
                      ? 'bg-violet-100 text-violet-950'
                      : 'bg-brand-600 text-white'
                    : 'bg-slate-100 text-slate-900'
                }`}
              >
                {message.body || '(no text)'}
              </p>
            </li>
          ))}
        </ol>
      )}

      {canReply ? <ReplyForm name={name} replyByChat={replyByChat} lastResult={lastResult} /> : null}
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
