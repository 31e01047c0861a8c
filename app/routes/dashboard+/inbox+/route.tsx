import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, Outlet, useLoaderData, useParams } from '@remix-run/react';
import { notificationTime } from '#contract/labels';
import { INBOX_FILTER_LABELS, INBOX_FILTERS } from '#contract/inbox-terms';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage } from '#app/lib/list-query';
import { AuthorLabel } from '#app/routes/dashboard+/inbox+/__inbox-bits';
import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { requireDashboard } from '#app/lib/guard.server';
import { inboxFilter, listInbox } from '#app/lib/inbox.server';
import { businessTimeZone } from '#app/lib/timeline.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Inbox · Business Assistant' }];

const PAGE_SIZE = 30;

/**
 * The shared inbox: one thread per contact (their SMS and web forms), newest first, with
 * this member's unread counts; filter all / mine / unassigned (?filter=). The open thread
 * ($id.tsx beside this file) shows beside the list. Live: any SMS, form or thread event
 * revalidates the page (realtime island).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const filter = inboxFilter(url);
  const page = readPage(url.searchParams);
  const inbox = await listInbox(state, filter, page);
  return {
    ...inbox,
    filter,
    timeZone: businessTimeZone(state),
    now: new Date().toISOString(),
  };
}

export default function InboxRoute() {
  const { threads, total, page, filter, timeZone, now } = useLoaderData<typeof loader>();
  const { id: openId } = useParams();
  const search = filter === 'all' ? '' : `?filter=${filter}`;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Inbox" />
      <div className="flex flex-col gap-6 lg:flex-row">
        <section
          aria-labelledby="inbox-threads-title"
          className={`flex flex-col gap-3 lg:w-96 lg:shrink-0 ${openId ? 'hidden lg:flex' : ''}`}
        >
          <h2 id="inbox-threads-title" className="sr-only">
            Conversations
          </h2>
          <nav aria-label="Filter conversations" className="flex gap-2 text-sm">
            {INBOX_FILTERS.map((value) => (
              <Link
                key={value}
                to={value === 'all' ? '/dashboard/inbox' : `/dashboard/inbox?filter=${value}`}
                aria-current={value === filter ? 'page' : undefined}
                className="rounded-full border border-slate-300 px-3 py-1 font-medium aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {INBOX_FILTER_LABELS[value]}
              </Link>
            ))}
          </nav>
          {threads.length === 0 ? (
            <EmptyState
              title={
                filter === 'mine'
                  ? 'No conversations are assigned to you.'
                  : filter === 'unassigned'
                    ? 'Every conversation is assigned.'
                    : 'No messages yet.'
              }
              testId="inbox-empty"
            >
              Texts and web forms from your contacts appear here.
            </EmptyState>
          ) : (
            <Card
              as="ul"
              padding="none"
              className="flex flex-col divide-y divide-slate-100"
              data-testid="inbox-threads"
            >
              {threads.map((listed) => {
                // The open thread is read: its loader marks it while this list loads beside it.
                const thread = listed._id === openId ? { ...listed, unread: 0 } : listed;
                return (
                  <li key={thread._id} data-testid="inbox-thread">
                    <Link
                      to={`/dashboard/inbox/${thread._id}${search}`}
                      aria-current={thread._id === openId ? 'page' : undefined}
                      className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 aria-[current=page]:bg-brand-50"
                    >
                      <span className="flex items-center gap-2">
                        <span className={`min-w-0 flex-1 truncate ${thread.unread ? 'font-semibold' : 'font-medium'}`}>
                          {thread.customer.name || 'Unnamed contact'}
                        </span>
                        {thread.unread ? (
                          <span
                            className="rounded-full bg-brand-600 px-2 text-xs font-semibold text-white"
                            data-testid="inbox-unread"
                          >
                            {thread.unread} <span className="sr-only">unread</span>
                          </span>
                        ) : null}
                        {thread.last_message_at ? (
                          <span className="shrink-0 text-xs text-slate-500">
                            {notificationTime(thread.last_message_at, new Date(now), timeZone)}
                          </span>
                        ) : null}
                      </span>
                      {thread.last_message ? (
                        <span className="truncate text-sm text-slate-600">
                          <AuthorLabel message={thread.last_message} short />
                          {thread.last_message.body}
                        </span>
                      ) : null}
                      {thread.assigned_to || thread.assistant_paused_until ? (
                        <span className="flex gap-3 text-xs text-slate-500">
                          {thread.assigned_to ? <span>Assigned to {thread.assigned_to.name}</span> : null}
                          {thread.assistant_paused_until && thread.assistant_paused_until > now ? (
                            <span>Assistant paused</span>
                          ) : null}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </Card>
          )}
          <Pager page={page} total={total} pageSize={PAGE_SIZE} search={search} />
        </section>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
