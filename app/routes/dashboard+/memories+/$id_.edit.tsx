import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';

import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { MemoryForm } from '#app/routes/dashboard+/memories+/__memory-form.deferred';
import { memoryHeadline, memoryDefaults } from '#app/lib/memories';
import { getMemory, memoryFormAction, requireMemoryEditor } from '#app/lib/memories.server';
import { safeRedirect } from '#app/lib/safe-redirect';
import { CancelLink } from '#app/components/forms';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Edit memory · Business Assistant' }];

/**
 * The edit form as a full page (without JavaScript; with it, the same form opens in a
 * dialog and posts here). `back` is where a save returns: the page the user came from.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireMemoryEditor(request, context);
  const memory = await getMemory(state, params.id ?? '');
  const back = safeRedirect(new URL(request.url).searchParams.get('back'), `/dashboard/memories/${memory._id}`);
  return { memory, back };
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return memoryFormAction(request, context, { id: params.id ?? '' });
}

export default function EditMemoryRoute() {
  const { memory, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={<>Edit {memoryHeadline(memory)}</>} />
      <Card>
        <MemoryForm
          id={`memory-edit-${memory._id}`}
          action={`/dashboard/memories/${memory._id}/edit`}
          reply={reply}
          defaultValue={memoryDefaults(memory)}
          submitLabel="Save memory"
          pendingText="Saving…"
          back={back}
          cancel={<CancelLink to={back} />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
