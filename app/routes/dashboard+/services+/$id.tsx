import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { Link, useLoaderData } from '@remix-run/react';
import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { ServiceFormDialog } from '#app/routes/dashboard+/services+/__service-form.deferred';
import {
  DeleteServiceConfirm,
  ServiceStatusBadge,
  durationLabel,
  frequencyLabel,
  serviceDefaults,
} from '#app/routes/dashboard+/services+/__service-bits';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { canEditServices, getService } from '#app/routes/dashboard+/services+/__services.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1/index';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { DeleteConfirmPanel, DeleteDialog } from '#app/components/delete-restore';
import { Card } from '#app/components/ui/card';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.service.name ?? 'Service'} · Business Assistant` },
];

/** One service. ?confirm=delete shows the delete confirmation on the page (the no-JavaScript path). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const service = await getService(state, params.id ?? '');
  const canEdit = canEditServices(state);
  return { service, canEdit, confirmDelete: canEdit && new URL(request.url).searchParams.get('confirm') === 'delete' };
}

/** Delete (then the list offers the restore) and restore. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'services/edit');
  const id = params.id ?? '';
  const intent = (await request.formData()).get('intent');
  if (intent !== 'delete' && intent !== 'restore') return data(null, { status: 400 });
  const services = v1(state.caller).services;
  const result = intent === 'delete' ? await services.delete(id) : await services.restore(id);
  const toasts = apiToasts(v1Calls.services[intent].path, result);
  if (!result.ok)
    return redirectWithToasts(
      request,
      intent === 'delete' ? `/dashboard/services/${id}` : '/dashboard/services',
      toasts,
    );
  if (intent === 'delete')
    return redirectWithToasts(request, `/dashboard/services?deleted=${encodeURIComponent(id)}`, toasts);
  return redirectWithToasts(request, `/dashboard/services/${id}`, toasts);
}

export default function ServiceRoute() {
  const { service, canEdit, confirmDelete } = useLoaderData<typeof loader>();
  const self = `/dashboard/services/${service._id}`;
  const facts: [string, string][] = [
    ['Frequency', frequencyLabel(service.frequency, service.frequency_unit)],
    ['Duration', durationLabel(service.duration_minutes)],
    ['Price', service.price ?? 'Not set'],
  ];

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/services" className="text-brand-600 underline">
          Services
        </Link>
      </nav>

      <Card className="flex flex-col gap-4" aria-labelledby="service-name">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="service-name" className="text-2xl font-semibold">
            {service.name}
          </h1>
          <ServiceStatusBadge status={service.status} />
          {canEdit ? (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <DialogLink
                to={`${self}/edit`}
                title={`Edit ${service.name}`}
                className={buttonClass('secondary')}
                content={(close) => (
                  <ServiceFormDialog
                    id={`service-edit-dialog-${service._id}`}
                    action={`${self}/edit`}
                    defaultValue={serviceDefaults(service)}
                    submitLabel="Save service"
                    pendingText="Saving…"
                    back={self}
                    close={close}
                  />
                )}
              >
                Edit service
              </DialogLink>
              <DeleteDialog
                to={`${self}?confirm=delete`}
                noun="service"
                className={buttonClass('danger')}
                confirm={(cancel) => <DeleteServiceConfirm service={service} cancel={cancel} />}
              >
                Delete service
              </DeleteDialog>
            </div>
          ) : null}
        </div>
        {confirmDelete ? (
          <DeleteConfirmPanel
            noun="service"
            cancelTo={self}
            confirm={(cancel) => <DeleteServiceConfirm service={service} cancel={cancel} />}
          />
        ) : null}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" data-testid="service-details">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-500">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {service.description ? (
          <p className="whitespace-pre-line text-slate-800" data-testid="service-description">
            {service.description}
          </p>
        ) : (
          <p className="text-sm text-slate-500">
            No description yet: add one so the assistant can explain this service to callers.
          </p>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
