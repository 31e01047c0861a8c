import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ServiceForm } from '#app/routes/dashboard+/services+/__service-form.deferred';
import { serviceDefaults } from '#app/routes/dashboard+/services+/__service-bits';
import { safeRedirect } from '#app/lib/safe-redirect';
import {
  getService,
  requireServiceEditor,
  serviceFormAction,
} from '#app/routes/dashboard+/services+/__services.server';
import { CancelLink } from '#app/components/forms';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.service.name ?? 'service'} · Business Assistant` },
];

/**
 * The edit form as a full page (without JavaScript; with it, the same form opens in a
 * dialog and posts here). `back` is where a save returns: the page the user came from.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireServiceEditor(request, context);
  const service = await getService(state, params.id ?? '');
  const back = safeRedirect(new URL(request.url).searchParams.get('back'), `/dashboard/services/${service._id}`);
  return { service, back };
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return serviceFormAction(request, context, { id: params.id ?? '' });
}

export default function EditServiceRoute() {
  const { service, back } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={<>Edit {service.name}</>} />
      <Card>
        <ServiceForm
          id={`service-edit-${service._id}`}
          action={`/dashboard/services/${service._id}/edit`}
          reply={reply}
          defaultValue={serviceDefaults(service)}
          submitLabel="Save service"
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
