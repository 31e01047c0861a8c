import type { ReactNode } from 'react';
import type { ApiService } from '#contract/envelope';
import { DEFAULT_SERVICE_MINUTES, SERVICE_STATUS_LABELS } from '#contract/service-terms';
import { DeleteConfirmation, RestoreBanner } from '#app/components/delete-restore';
import { Pill } from '#app/components/ui/pill';

/**
 * What the services pages show and the service form starts from, apart from the form
 * (__service-form.tsx, with conform and the schema), which loads after the page
 * (__service-form.deferred.tsx).
 */
export { durationLabel, frequencyLabel } from '#contract/service-terms';

export type ServiceDefaults = {
  name: string;
  status: string;
  frequency: string;
  frequency_unit: string;
  duration_minutes: string;
  description: string;
  price: string;
};

export function serviceDefaults(service?: ApiService | null): ServiceDefaults {
  return {
    name: service?.name ?? '',
    status: service?.status ?? 'active',
    frequency: service ? String(service.frequency) : '0',
    frequency_unit: service?.frequency_unit ?? 'day',
    duration_minutes: String(service?.duration_minutes ?? DEFAULT_SERVICE_MINUTES),
    description: service?.description ?? '',
    price: service?.price ?? '',
  };
}

export function statusLabel(status: string): string {
  return SERVICE_STATUS_LABELS[status as keyof typeof SERVICE_STATUS_LABELS] ?? status;
}

export function ServiceStatusBadge({ status }: { status: string }) {
  const colours = status === 'active' ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700';
  return (
    <Pill data-testid="service-status" colour={colours}>
      {statusLabel(status)}
    </Pill>
  );
}

/**
 * The delete confirmation: posts to the service's page, which deletes and lands on the
 * list with a restore banner. On its own page (?confirm=delete) or in a dialog.
 */
export function DeleteServiceConfirm({
  service,
  cancel,
}: {
  service: Pick<ApiService, '_id' | 'name'>;
  cancel: ReactNode;
}) {
  return (
    <DeleteConfirmation
      action={`/dashboard/services/${service._id}`}
      noun="service"
      subject={service.name}
      consequence="The assistant stops offering it; you can restore it right after."
      cancel={cancel}
      labelId={`delete-${service._id}`}
    />
  );
}

/** After a delete: the undo (restore) action, a form posting back to the service's page. */
export function RestoreServiceBanner({ id }: { id: string }) {
  return <RestoreBanner action={`/dashboard/services/${id}`} noun="service" />;
}
