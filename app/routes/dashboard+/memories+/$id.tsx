import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { isHttpUrl } from '#contract/http-url';
import { v1Calls } from '#contract/v1/index';

import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import {
  DeleteMemoryConfirm,
  MemoryStatusBadge,
  QuestionTodoList,
  TypeBadge,
} from '#app/components/memories/memory-bits';
import { MemoryFormDialog } from '#app/routes/dashboard+/memories+/__memory-form.deferred';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { formatBytes, isFileMemory, memoryHeadline, memoryDefaults } from '#app/lib/memories';
import { canEditMemories, getMemory, questionAction } from '#app/lib/memories.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';
import { DeleteConfirmPanel, DeleteDialog } from '#app/components/delete-restore';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? memoryHeadline(data.memory) : 'Memory'} · Business Assistant` },
];

/**
 * One memory: what the assistant knows from it (for a file, the text read from it, and a
 * link to the file itself), its source, and for an open question the answer form.
 * ?confirm=delete shows the delete confirmation on the page (the no-JavaScript path).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const memory = await getMemory(state, params.id ?? '');
  const canEdit = canEditMemories(state);
  return { memory, canEdit, confirmDelete: canEdit && new URL(request.url).searchParams.get('confirm') === 'delete' };
}

/** Delete and restore; answer or skip a question. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const formData = await request.formData();
  const intent = formData.get('intent');
  const self = `/dashboard/memories/${id}`;
  if (intent === 'delete' || intent === 'restore') {
    requirePermission(state, 'memories/edit');
    const memories = v1(state.caller).memories;
    const result = intent === 'delete' ? await memories.delete(id) : await memories.restore(id);
    const toasts = apiToasts(v1Calls.memories[intent].path, result);
    if (!result.ok) return redirectWithToasts(request, intent === 'delete' ? self : '/dashboard/memories', toasts);
    // After a delete the list offers the undo (restore) right away.
    return redirectWithToasts(
      request,
      intent === 'delete' ? `/dashboard/memories?deleted=${encodeURIComponent(id)}` : self,
      toasts,
    );
  }
  if (intent === 'answer' || intent === 'ignore') {
    formData.set('question_id', id);
    return questionAction(request, state, formData, self);
  }
  return data(null, { status: 400 });
}

export default function MemoryRoute() {
  const { memory, canEdit, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const self = `/dashboard/memories/${memory._id}`;
  const headline = memoryHeadline(memory);
  const file = memory.file;

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/memories" className="text-brand-600 underline">
          Knowledge base
        </Link>
      </nav>
      <Card className="flex flex-col gap-4" aria-labelledby="memory-title">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="memory-title" className="min-w-0 break-words text-2xl font-semibold">
            {headline}
          </h1>
          <TypeBadge type={memory.type} />
          <MemoryStatusBadge status={memory.status} />
          {canEdit ? (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <DialogLink
                to={`${self}/edit`}
                title={`Edit ${headline}`}
                className={buttonClass('secondary')}
                content={(close) => (
                  <MemoryFormDialog
                    id={`memory-edit-dialog-${memory._id}`}
                    action={`${self}/edit`}
                    defaultValue={memoryDefaults(memory)}
                    submitLabel="Save memory"
                    pendingText="Saving…"
                    back={self}
                    close={close}
                  />
                )}
              >
                Edit memory
              </DialogLink>
              <DeleteDialog
                to={`${self}?confirm=delete`}
                noun="memory"
                className={buttonClass('danger')}
                confirm={(cancel) => <DeleteMemoryConfirm memory={memory} cancel={cancel} />}
              >
                Delete memory
              </DeleteDialog>
            </div>
          ) : null}
        </div>
        {confirmDelete ? (
          <DeleteConfirmPanel
            noun="memory"
            cancelTo={self}
            confirm={(cancel) => <DeleteMemoryConfirm memory={memory} cancel={cancel} />}
          />
        ) : null}
        {file ? (
          <p className="text-sm text-slate-700" data-testid="memory-file">
            File:{' '}
            {file.url ? (
              <a href={file.url} className="font-medium text-brand-700 underline" target="_blank" rel="noreferrer">
                {file.name}
              </a>
            ) : (
              <span className="font-medium">{file.name}</span>
            )}{' '}
            <span className="text-slate-500">
              ({file.mime_type}, {formatBytes(file.size_bytes)})
            </span>
          </p>
        ) : null}
        {memory.source_url ? (
          <p className="text-sm text-slate-700" data-testid="memory-source">
            Source: {/* Only an http(s) URL becomes a link: a row stored before that rule is shown as text. */}
            {isHttpUrl(memory.source_url) ? (
              <a
                href={memory.source_url}
                className="break-all text-brand-700 underline"
                target="_blank"
                rel="noreferrer noopener"
              >
                {memory.source_url}
              </a>
            ) : (
              <span className="break-all">{memory.source_url}</span>
            )}
          </p>
        ) : null}
        <div>
          <h2 className="text-sm font-medium text-slate-500">
            {isFileMemory(memory.type)
              ? 'Text read from the file'
              : memory.type.endsWith('question')
                ? 'Question'
                : 'Content'}
          </h2>
          <div
            className="mt-1 max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-900"
            data-testid="memory-content"
          >
            {memory.content || 'No text could be read from this file.'}
          </div>
        </div>
        {memory.answer ? (
          <div>
            <h2 className="text-sm font-medium text-slate-500">Answer</h2>
            <p className="mt-1 whitespace-pre-wrap text-slate-900" data-testid="memory-answer">
              {memory.answer}
            </p>
          </div>
        ) : null}
        <p className="text-xs text-slate-500">
          Added{' '}
          {new Date(memory.created_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
          {memory.updated_at !== memory.created_at
            ? ` · changed ${new Date(memory.updated_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`
            : ''}
        </p>
      </Card>
      {memory.type === 'question' ? (
        <section aria-labelledby="answer-title" className="flex flex-col gap-2">
          <h2 id="answer-title" className="text-lg font-semibold">
            Answer this question
          </h2>
          <QuestionTodoList questions={[memory]} reply={reply ?? null} canEdit={canEdit} />
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
