import { parseWithZod } from '@conform-to/zod/v4';
import { PageHeader } from '#app/components/ui/page-header';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { NoteForm } from '#app/components/note-form.deferred';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { noteFormDefaults, noteFormSchema, toNotePayload } from '#app/lib/note-form';
import { businessTimeZone, getItem, loadCustomerOptions } from '#app/lib/timeline.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Edit note · Business Assistant' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'notes/view');
  requirePermission(state, 'notes/edit');
  const timeZone = businessTimeZone(state);
  const [note, customers] = await Promise.all([getItem(state, 'notes', params.id ?? ''), loadCustomerOptions(state)]);
  return { note, defaults: noteFormDefaults(note, timeZone), customers, timeZone };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const id = params.id ?? '';
  const submission = parseWithZod(await request.formData(), { schema: noteFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(state.caller).notes.update(id, toNotePayload(submission.value, businessTimeZone(state)));
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToasts(request, `/dashboard/notes/${id}`, apiToasts(v1Calls.notes.update.path, result));
}

export default function EditNoteRoute() {
  const { note, defaults, customers, timeZone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={note.reminder ? 'Edit task' : 'Edit note'} />
      <Card>
        <NoteForm
          id="note-edit"
          lastResult={lastResult}
          defaultValue={defaults}
          customers={customers}
          timeZone={timeZone}
          submitText="Save changes"
          cancelTo={`/dashboard/notes/${note._id}`}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
