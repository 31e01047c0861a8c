import { parseWithZod } from '@conform-to/zod/v4';
import { PageHeader } from '#app/components/ui/page-header';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { NoteForm } from '#app/components/note-form.deferred';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { noteFormDefaults, noteFormSchema, toNotePayload } from '#app/lib/note-form';
import { businessTimeZone, loadCustomerOptions } from '#app/lib/timeline.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1';
import { dateToZonedLocal } from '#app/lib/timezone';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'New note · Business Assistant' }];

const HOUR_MS = 60 * 60 * 1000;

/** ?customer_id= preselects the contact; ?task=1 starts with a reminder at the next full hour. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'notes/edit');
  const url = new URL(request.url);
  const timeZone = businessTimeZone(state);
  const defaults = noteFormDefaults(null, timeZone, url.searchParams.get('customer_id'));
  if (url.searchParams.get('task'))
    defaults.reminder = dateToZonedLocal(new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS), timeZone);
  return {
    defaults,
    customers: await loadCustomerOptions(state),
    timeZone,
    task: Boolean(url.searchParams.get('task')),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  const submission = parseWithZod(await request.formData(), { schema: noteFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(state.caller).notes.create(toNotePayload(submission.value, businessTimeZone(state)));
  if (!result.ok) return replyWithApiErrors(submission, result);
  const to = `/dashboard/notes/${result.data.note._id}`;
  return redirectWithToasts(request, to, apiToasts(v1Calls.notes.create.path, result));
}

export default function NewNoteRoute() {
  const { defaults, customers, timeZone, task } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={task ? 'New task' : 'New note'} />
      <Card>
        <NoteForm
          id="note-create"
          lastResult={lastResult}
          defaultValue={defaults}
          customers={customers}
          timeZone={timeZone}
          submitText="Save"
          cancelTo="/dashboard/notes"
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
