import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';

import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { MemoryForm } from '#app/routes/dashboard+/memories+/__memory-form.deferred';
import { TEXT_MEMORY_TYPES, memoryDefaults } from '#app/lib/memories';
import { memoryFormAction, requireMemoryEditor } from '#app/lib/memories.server';
import { CancelLink } from '#app/components/forms';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'New memory · Business Assistant' }];

/**
 * The create form as a full page: what "New memory" opens without JavaScript (with it, the
 * same form opens in a dialog on the knowledge base page and posts here).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMemoryEditor(request, context);
  const wanted = new URL(request.url).searchParams.get('type') ?? '';
  return { type: (TEXT_MEMORY_TYPES as readonly string[]).includes(wanted) ? wanted : 'text' };
}

export function action({ request, context }: ActionFunctionArgs) {
  return memoryFormAction(request, context, {});
}

export default function NewMemoryRoute() {
  const { type } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="New memory" />
      <Card>
        <MemoryForm
          id="memory-create"
          action="/dashboard/memories/new"
          reply={reply}
          defaultValue={memoryDefaults(null, type)}
          submitLabel="Create memory"
          pendingText="Creating…"
          cancel={<CancelLink to="/dashboard/memories" />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
