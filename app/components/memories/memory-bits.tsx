import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ApiMemory } from '#contract/envelope';
import {
  MEMORY_STATUS_LABELS,
  memoryHeadline,
  memoryTypeLabel,
  sendAnswerLabel,
  type QuestionReply,
} from '#app/lib/memories';
import { ErrorList, SubmitButton } from '../forms';
import { DeleteConfirmation, RestoreBanner } from '../delete-restore';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export function TypeBadge({ type }: { type: string }) {
  return (
    <Pill data-testid="memory-type" colour="bg-brand-50 text-brand-800 ring-1 ring-brand-200">
      {memoryTypeLabel(type)}
    </Pill>
  );
}

export function MemoryStatusBadge({ status }: { status: string }) {
  if (status === 'active') return null;
  const colour = status === 'failed' ? 'bg-red-100 text-red-800' : 'bg-slate-200 text-slate-700';
  return (
    <Pill data-testid="memory-status" colour={colour}>
      {MEMORY_STATUS_LABELS[status] ?? status}
    </Pill>
  );
}

/** The delete confirmation: posts to the memory's page, which deletes and lands on the list with an undo banner. */
export function DeleteMemoryConfirm({
  memory,
  cancel,
}: {
  memory: Pick<ApiMemory, '_id' | 'title' | 'content'>;
  cancel: ReactNode;
}) {
  return (
    <DeleteConfirmation
      action={`/dashboard/memories/${memory._id}`}
      noun="memory"
      subject={memoryHeadline(memory)}
      consequence="The assistant stops using it; you can restore it right after."
      cancel={cancel}
      labelId={`delete-${memory._id}`}
    />
  );
}

/** After a delete: the undo (restore) action, a form posting back to the memory's page. */
export function UndoDeleteBanner({ id }: { id: string }) {
  return <RestoreBanner action={`/dashboard/memories/${id}`} noun="memory" />;
}

/**
 * The unanswered questions as a to-do list: each is answered (→ answered_question) or
 * skipped (→ ignored_question) in one step. One small form per question, posting to the
 * page it is on with intent answer|ignore; Skip needs no answer (formNoValidate).
 */
export function QuestionTodoList({
  questions,
  reply,
  canEdit,
}: {
  questions: ApiMemory[];
  reply?: QuestionReply | null;
  canEdit: boolean;
}) {
  return (
    <ol className="flex flex-col gap-3" data-testid="question-todo">
      {questions.map((question) => {
        const errors =
          reply?.questionId === question._id
            ? [...(reply.result.error?.answer ?? []), ...(reply.result.error?.[''] ?? [])]
            : [];
        const inputId = `answer-${question._id}`;
        return (
          <Card key={question._id} as="li" padding="sm" data-testid="question" data-id={question._id}>
            {canEdit ? (
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="question_id" value={question._id} />
                <label htmlFor={inputId} className="font-medium text-slate-900">
                  {question.content}
                </label>
                <textarea
                  id={inputId}
                  name="answer"
                  rows={2}
                  maxLength={10_000}
                  placeholder="The answer the assistant should give"
                  aria-invalid={errors.length ? true : undefined}
                  aria-describedby={errors.length ? `${inputId}-error` : undefined}
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 shadow-sm aria-[invalid=true]:border-red-500"
                />
                <ErrorList id={`${inputId}-error`} errors={errors} />
                {sendAnswerLabel(question) ? (
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      name="send_to_customer"
                      className="h-4 w-4 rounded border-slate-300"
                      data-testid="send-to-customer"
                    />
                    {sendAnswerLabel(question)}
                  </label>
                ) : null}
                <div className="flex items-center justify-end gap-3">
                  <SubmitButton variant="secondary" name="intent" value="ignore" formNoValidate pendingText="Skipping…">
                    Skip<span className="sr-only"> “{question.content}”</span>
                  </SubmitButton>
                  <SubmitButton name="intent" value="answer" pendingText="Saving…">
                    Save answer<span className="sr-only"> to “{question.content}”</span>
                  </SubmitButton>
                </div>
              </Form>
            ) : (
              <p className="font-medium text-slate-900">{question.content}</p>
            )}
          </Card>
        );
      })}
    </ol>
  );
}
