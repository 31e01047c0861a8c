import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { truncate } from '#contract/constants';
import { notificationTime } from '#contract/labels';
import { CONVERSATION_CHANNEL_LABELS } from '#contract/conversation-channels';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { LIST_PAGE_SIZE } from '#app/lib/list-query';
import { SubmitButton } from '#app/components/forms';
import { PREVIEW_CLASS } from '#app/components/ui/preview';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { createConversation, loadFailure } from '#app/lib/assistant.server';
import { requireDashboard } from '#app/lib/guard.server';
import { businessTimeZone, pageParam } from '#app/lib/timeline.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export const meta: MetaFunction = () => [{ title: 'Assistant · Business Assistant' }];

const PAGE_SIZE = LIST_PAGE_SIZE;

/**
 * The conversations with the assistant (chats and voice tests from here, and later calls,
 * SMS and web forms), newest first: channel, title, the last message cut at the spec's 30
 * characters, and when. "New conversation" is a form post that starts one and opens it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const page = pageParam(new URL(request.url));
  const result = await v1(state.caller).conversations.list({
    page,
    limit: PAGE_SIZE,
    sort_by: 'created_at',
    sort_order: 'desc',
  });
  if (!result.ok) loadFailure(result);
  return {
    conversations: result.data.conversations,
    total: result.data.total,
    page,
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const { path, result } = await createConversation(state, { channel: 'chat' });
  if (!result.ok) return redirectWithToasts(request, '/dashboard/assistant-conversations', apiToasts(path, result));
  return redirectWithToasts(
    request,
    `/dashboard/assistant-conversations/${result.data.conversation.id}`,
    apiToasts(path, result),
  );
}

export default function ConversationsRoute() {
  const { conversations, total, page, timeZone, now } = useLoaderData<typeof loader>();
  const at = new Date(now);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Assistant"
        actions={
          <div className="flex items-center gap-3">
            <Link to="/dashboard/assistant-settings" className="text-sm font-medium text-brand-600 underline">
              Assistant settings
            </Link>
            <Form method="post">
              <SubmitButton pendingText="Starting…">New conversation</SubmitButton>
            </Form>
          </div>
        }
      >
        <p className="text-sm text-slate-600" data-testid="conversations-total">
          {total === 1 ? '1 conversation' : `${total} conversations`}
        </p>
      </PageHeader>

      {conversations.length === 0 ? (
        <EmptyState title="No conversations yet." testId="conversations-empty">
          Start one to ask the assistant what your callers ask: it answers from what it knows about your business.
        </EmptyState>
      ) : (
        <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="conversations">
          {conversations.map((conversation) => {
            const last = conversation.last_message;
            const preview = last ? `${last.role === 'assistant' ? 'Assistant: ' : ''}${last.content}` : '';
            const when = last?.created_at ?? conversation.updated_at ?? conversation.created_at;
            return (
              <li
                key={conversation.id}
                data-testid="conversation"
                data-id={conversation.id}
                data-channel={conversation.channel}
              >
                <Link
                  to={`/dashboard/assistant-conversations/${conversation.id}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50"
                >
                  <Pill colour="bg-slate-100 text-slate-700" data-testid="conversation-channel">
                    {CONVERSATION_CHANNEL_LABELS[conversation.channel] ?? conversation.channel}
                  </Pill>
                  <span className="font-medium text-slate-900" data-testid="conversation-title">
                    {conversation.title || 'Untitled conversation'}
                  </span>
                  <span className={PREVIEW_CLASS} title={preview} data-testid="conversation-preview">
                    {preview ? truncate(preview) : <span className="italic text-slate-500">No messages yet</span>}
                  </span>
                  <time dateTime={when} className="ml-auto flex-none text-xs text-slate-500">
                    {notificationTime(when, at, timeZone)}
                  </time>
                </Link>
              </li>
            );
          })}
        </Card>
      )}
      <Pager page={page} total={total} pageSize={PAGE_SIZE} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
