import { Link } from '@remix-run/react';
import type { ApiMemory } from '#contract/envelope';
import { MEMORY_PREVIEW_CHARS } from '#contract/memory-terms';

import { DialogLink } from '#app/components/dialog-link';
import { DeleteMemoryConfirm, MemoryStatusBadge, TypeBadge } from '#app/components/memories/memory-bits';
import { MemoryFormDialog } from '#app/routes/dashboard+/memories+/__memory-form.deferred';
import { formatBytes, memoryHeadline, memoryDefaults } from '#app/lib/memories';
import { markdownToPlainText } from '#app/lib/plain-text';
import { DeleteDialog } from '#app/components/delete-restore';
import { Card } from '#app/components/ui/card';

/**
 * One row per memory: its title (or first words), type, status, source, and Edit/Delete. The
 * list carries only the start of each content: a memory whose content was cut is edited on
 * its own page (which loads it whole), never in a dialog that would save the cut text.
 */
export function MemoryList({ memories, canEdit, back }: { memories: ApiMemory[]; canEdit: boolean; back: string }) {
  return (
    <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="memory-list">
      {memories.map((memory) => {
        const headline = memoryHeadline(memory);
        const source = memory.file ? `${memory.file.name} · ${formatBytes(memory.file.size_bytes)}` : memory.source_url;
        return (
          <li key={memory._id} className="flex flex-col gap-1 px-4 py-3" data-testid="memory-row" data-id={memory._id}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link
                to={`/dashboard/memories/${memory._id}`}
                className="min-w-0 font-medium text-slate-900 hover:underline"
              >
                {headline}
              </Link>
              <TypeBadge type={memory.type} />
              <MemoryStatusBadge status={memory.status} />
              {canEdit ? (
                <div className="ml-auto flex items-center gap-3 text-sm">
                  {memory.content.length > MEMORY_PREVIEW_CHARS ? (
                    <Link
                      to={`/dashboard/memories/${memory._id}/edit?back=${encodeURIComponent(back)}`}
                      className="font-medium text-brand-700 underline"
                    >
                      Edit<span className="sr-only"> {headline}</span>
                    </Link>
                  ) : (
                    <DialogLink
                      to={`/dashboard/memories/${memory._id}/edit?back=${encodeURIComponent(back)}`}
                      title={`Edit ${headline}`}
                      className="font-medium text-brand-700 underline"
                      content={(close) => (
                        <MemoryFormDialog
                          id={`memory-edit-dialog-${memory._id}`}
                          action={`/dashboard/memories/${memory._id}/edit`}
                          defaultValue={memoryDefaults(memory)}
                          submitLabel="Save memory"
                          pendingText="Saving…"
                          back={back}
                          close={close}
                        />
                      )}
                    >
                      Edit<span className="sr-only"> {headline}</span>
                    </DialogLink>
                  )}
                  <DeleteDialog
                    to={`/dashboard/memories/${memory._id}?confirm=delete`}
                    noun="memory"
                    className="font-medium text-red-700 underline"
                    confirm={(cancel) => <DeleteMemoryConfirm memory={memory} cancel={cancel} />}
                  >
                    Delete<span className="sr-only"> {headline}</span>
                  </DeleteDialog>
                </div>
              ) : null}
            </div>
            {memory.title ? (
              <p className="line-clamp-2 text-sm text-slate-600" data-testid="memory-preview">
                {markdownToPlainText(memory.content)}
              </p>
            ) : null}
            {memory.answer ? <p className="line-clamp-2 text-sm text-emerald-800">Answer: {memory.answer}</p> : null}
            {source ? <p className="truncate text-xs text-slate-500">{source}</p> : null}
          </li>
        );
      })}
    </Card>
  );
}
