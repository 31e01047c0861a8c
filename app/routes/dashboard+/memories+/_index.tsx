import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { COLLECTION_PAGE_SIZE } from '#contract/constants';
import { MEMORY_TYPES, type MemoryType } from '#contract/memory-terms';
import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { readPage } from '#app/lib/list-query';
import { QuestionTodoList, UndoDeleteBanner } from '#app/components/memories/memory-bits';
import { MemoryFormDialog, UploadForm } from '#app/routes/dashboard+/memories+/__memory-form.deferred';

import { EmptyState } from '#app/components/ui/empty-state';
import { Pager } from '#app/components/ui/pager';
import { requireDashboard } from '#app/lib/guard.server';
import { TEXT_MEMORY_TYPES, memoryTypeLabel, memoryDefaults } from '#app/lib/memories';
import { canEditMemories, loadFailure, questionAction } from '#app/lib/memories.server';
import { v1 } from '#app/lib/v1.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { MemoryList } from '#app/routes/dashboard+/memories+/__list';
import { CancelButton } from '#app/components/forms';
import { ListFilters, SearchFilter } from '#app/components/list-filters';
import { RecentlyDeletedLink } from '#app/components/recently-deleted';

export const meta: MetaFunction = () => [{ title: 'Knowledge base · Business Assistant' }];

/** Memories shown per page (of the 500 each list call fetches). */
const SHOWN_PER_PAGE = 25;

const isType = (value: unknown): value is MemoryType => (MEMORY_TYPES as readonly unknown[]).includes(value);

/**
 * The knowledge base: tabs by type with their counts, a search (GET, so a result can be
 * bookmarked), newest first. The API is asked for pages of 500 (docs/product.md#limits) and the page
 * shows SHOWN_PER_PAGE of them at a time (?page= counts those), so a knowledge base of a few
 * hundred memories is not one endless page on a phone. The "Questions to answer" tab is a
 * to-do list where each question is answered or skipped in one step.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const typeParam = url.searchParams.get('type');
  const type: MemoryType | '' = isType(typeParam) ? typeParam : '';
  const page = readPage(url.searchParams);
  const first = page * SHOWN_PER_PAGE;
  const body = {
    page: Math.floor(first / COLLECTION_PAGE_SIZE),
    limit: COLLECTION_PAGE_SIZE,
    ...(q ? { search: q } : {}),
    ...(type ? { type } : {}),
  };
  const result = await v1(state.caller).memories.list(body);
  if (!result.ok) loadFailure(result);
  // Oldest first for the to-do list: the most-asked questions were proposed first. (A copy:
  // the answer is the API's own object in process, contract/in-process-answer.server.ts.)
  const fetched =
    type === 'question'
      ? [...result.data.memories].sort((a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id))
      : result.data.memories;
  const offset = first % COLLECTION_PAGE_SIZE;
  return {
    memories: fetched.slice(offset, offset + SHOWN_PER_PAGE),
    total: result.data.total,
    counts: result.data.counts,
    page,
    q,
    type,
    canEdit: canEditMemories(state),
    deleted: url.searchParams.get('deleted'),
  };
}

/** The to-do list's answer and skip, back to the same tab. */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const formData = await request.formData();
  // Back to the same tab (Remix adds ?index to an index route's own form posts).
  const url = new URL(request.url);
  url.searchParams.delete('index');
  const back = safeRedirect(url.pathname + url.search, '/dashboard/memories?type=question');
  return questionAction(request, state, formData, back);
}

export default function MemoriesRoute() {
  const { memories, total, counts, page, q, type, canEdit, deleted } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete('deleted');
  const here = location.pathname + (params.toString() ? `?${params}` : '');
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const tabs = MEMORY_TYPES.filter((t) => (counts[t] ?? 0) > 0 || t === type || t === 'question');
  const query = (changes: Record<string, string>) => {
    const next = new URLSearchParams({ ...(q ? { q } : {}), ...(type ? { type } : {}), ...changes });
    for (const [key, value] of [...next]) if (!value) next.delete(key);
    const text = next.toString();
    return text ? `/dashboard/memories?${text}` : '/dashboard/memories';
  };
  const defaultType = type && (TEXT_MEMORY_TYPES as readonly string[]).includes(type) ? type : 'text';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Knowledge base"
        actions={
          canEdit ? (
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to="/dashboard/memories/website"
                className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium shadow-sm hover:bg-slate-50"
              >
                Learn from my website
              </Link>
              <DialogLink
                to="/dashboard/memories/upload"
                title="Upload a file"
                className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium shadow-sm hover:bg-slate-50"
                content={(close) => <UploadForm cancel={<CancelButton onClick={close} />} />}
              >
                Upload a file
              </DialogLink>
              <DialogLink
                to={`/dashboard/memories/new?type=${defaultType}`}
                title="New memory"
                className={buttonClass()}
                content={(close) => (
                  <MemoryFormDialog
                    id="memory-create-dialog"
                    action="/dashboard/memories/new"
                    defaultValue={memoryDefaults(null, defaultType)}
                    submitLabel="Create memory"
                    pendingText="Creating…"
                    close={close}
                  />
                )}
              >
                New memory
              </DialogLink>
            </div>
          ) : null
        }
      >
        <p className="text-sm text-slate-600" data-testid="memories-total">
          {total === 1 ? '1 memory' : `${total} memories`}
          {q ? ' found' : ''} · what the assistant knows about your business
        </p>
        <RecentlyDeletedLink kind="memories" />
      </PageHeader>

      {deleted && canEdit ? <UndoDeleteBanner id={deleted} /> : null}

      <nav aria-label="Memory types" className="flex flex-wrap gap-1 text-sm" data-testid="memory-tabs">
        {[
          { key: '', label: 'All', count: all },
          ...tabs.map((t) => ({ key: t, label: memoryTypeLabel(t), count: counts[t] ?? 0 })),
        ].map((tab) => (
          <Link
            key={tab.key || 'all'}
            to={query({ type: tab.key, page: '' })}
            aria-current={type === tab.key ? 'page' : undefined}
            className={`rounded-full px-3 py-1.5 ${type === tab.key ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'}`}
          >
            {tab.label} <span className={type === tab.key ? 'text-brand-100' : 'text-slate-500'}>{tab.count}</span>
          </Link>
        ))}
      </nav>

      <ListFilters filtered={Boolean(q)} clearTo={query({ q: '' })} submitLabel="Search">
        {type ? <input type="hidden" name="type" value={type} /> : null}
        <SearchFilter
          id="memory-search"
          value={q}
          placeholder="Words in the title or content"
          maxLength={200}
          width="w-72"
        />
      </ListFilters>

      {memories.length === 0 ? (
        q ? (
          <EmptyState title={`Nothing matches “${q}”.`} testId="memories-empty">
            <Link to={query({ q: '' })} className="font-medium text-brand-600 underline">
              Show everything
            </Link>
          </EmptyState>
        ) : type === 'question' ? (
          <EmptyState title="No questions to answer." testId="memories-empty">
            The assistant proposes the questions callers ask most that it cannot answer yet.{' '}
            {canEdit ? (
              <Link to="/dashboard/onboard/training-questions" className="font-medium text-brand-600 underline">
                Find questions to answer
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <EmptyState
            title={type ? `No ${memoryTypeLabel(type).toLowerCase()} memories yet.` : 'The knowledge base is empty.'}
            testId="memories-empty"
          >
            Add what the assistant should know: your opening hours, prices, policies, documents.
            {canEdit ? ' Use “New memory” or “Upload a file”.' : ''}
          </EmptyState>
        )
      ) : type === 'question' ? (
        <QuestionTodoList questions={memories} reply={reply} canEdit={canEdit} />
      ) : (
        <MemoryList memories={memories} canEdit={canEdit} back={here} />
      )}

      <Pager page={page} total={total} pageSize={SHOWN_PER_PAGE} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
