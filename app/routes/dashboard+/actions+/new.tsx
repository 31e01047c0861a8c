import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ActionForm } from '#app/routes/dashboard+/actions+/__action-form.deferred';
import { actionDefaults } from '#app/routes/dashboard+/actions+/__action-types';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CancelLink } from '#app/components/forms';
import {
  actionFormAction,
  assigneeOptions,
  requireActionEditor,
} from '#app/routes/dashboard+/actions+/__actions.server';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'New action · Business Assistant' }];

/** A new action: the editor on its own page (it is too big for a dialog), posting here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireActionEditor(request, context);
  return { assignees: await assigneeOptions(state) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return actionFormAction(request, context, await request.formData(), {});
}

export default function NewActionRoute() {
  const { assignees } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="New action" />
      <Card>
        <ActionForm
          id="action-create"
          reply={reply}
          defaultValue={actionDefaults()}
          assignees={assignees}
          readyMade={false}
          submitLabel="Create action"
          pendingText="Creating…"
          cancel={<CancelLink to="/dashboard/actions" />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
