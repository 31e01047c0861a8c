import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
import { LinkedText } from '#app/components/linked-text';
import { Facts } from '#app/components/facts';
import { ItemPage } from '#app/components/timeline-item-page';
import { requireDashboard } from '#app/lib/guard.server';
import { isOverdue, repeatText } from '#app/lib/timeline';
import { kindItemAction, kindItemLoader } from '#app/lib/timeline.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1';
import { formatDateTime } from '#app/lib/timezone';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Note · Business Assistant' }];

export const loader = (args: LoaderFunctionArgs) => kindItemLoader(args, 'notes');

/**
 * Complete or reopen a task (notes update with {completed}); completing a repeated task
 * makes its next occurrence, which the API does once. Delete and restore are shared.
 */
export async function action(args: ActionFunctionArgs) {
  const formData = await args.request.formData();
  const intent = formData.get('intent');
  if (intent !== 'complete' && intent !== 'reopen') return kindItemAction(args, 'notes', formData);
  const state = await requireDashboard(args.request, args.context);
  const id = args.params.id ?? '';
  const result = await v1(state.caller).notes.update(id, { completed: intent === 'complete' });
  return redirectWithToasts(args.request, `/dashboard/notes/${id}`, apiToasts(v1Calls.notes.update.path, result));
}

export default function NoteViewRoute() {
  const data = useLoaderData<typeof loader>();
  const { item: note, timeZone } = data;
  const overdue = isOverdue(note, new Date(data.now));
  return (
    <ItemPage
      data={data}
      actions={
        data.canEdit ? (
          <>
            {note.reminder ? (
              <Form method="post">
                {note.completed_at ? (
                  <SubmitButton variant="secondary" name="intent" value="reopen" pendingText="Saving…">
                    Reopen task
                  </SubmitButton>
                ) : (
                  <SubmitButton name="intent" value="complete" pendingText="Saving…">
                    Complete task
                  </SubmitButton>
                )}
              </Form>
            ) : null}
            <Link
              to={`/dashboard/notes/${note._id}/edit`}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Edit
            </Link>
          </>
        ) : null
      }
      intro={
        <Card aria-label="Note text">
          <p className="whitespace-pre-wrap" data-testid="note-body">
            <LinkedText text={note.body ?? ''} />
          </p>
        </Card>
      }
    >
      {note.reminder ? (
        <Card aria-labelledby="task-title" tone={overdue ? 'alert' : 'plain'}>
          <h2 id="task-title" className="mb-3 text-lg font-semibold">
            Task
          </h2>
          <Facts
            rows={[
              [
                'Reminder',
                <time key="reminder" dateTime={note.reminder} data-testid="note-reminder">
                  {formatDateTime(note.reminder, timeZone)}
                </time>,
              ],
              ['Repeats', repeatText(note.repeat)],
              [
                'Status',
                note.completed_at
                  ? `Completed ${formatDateTime(note.completed_at, timeZone)}`
                  : overdue
                    ? 'Overdue'
                    : 'Open',
              ],
              ['Internal', note.internal ? 'Yes, for the team' : null],
            ]}
          />
        </Card>
      ) : null}
    </ItemPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
