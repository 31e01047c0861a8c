import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ServiceForm } from '#app/routes/dashboard+/services+/__service-form.deferred';
import { serviceDefaults } from '#app/routes/dashboard+/services+/__service-bits';
import { requireServiceEditor, serviceFormAction } from '#app/routes/dashboard+/services+/__services.server';
import { CancelLink } from '#app/components/forms';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'New service · Business Assistant' }];

/**
 * The create form as a full page: what "New service" opens without JavaScript (with it,
 * the same form opens in a dialog on the services page and posts here).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireServiceEditor(request, context);
  return null;
}

export function action({ request, context }: ActionFunctionArgs) {
  return serviceFormAction(request, context, {});
}

export default function NewServiceRoute() {
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="New service" />
      <Card>
        <ServiceForm
          id="service-create"
          action="/dashboard/services/new"
          reply={reply}
          defaultValue={serviceDefaults()}
          submitLabel="Create service"
          pendingText="Creating…"
          cancel={<CancelLink to="/dashboard/services" />}
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
