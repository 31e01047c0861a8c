import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { notificationTime } from '#contract/labels';
import type { ApiAction, ApiActionRun } from '#contract/v1/actions';
import { DeleteConfirmation, RestoreBanner } from '#app/components/delete-restore';
import { SubmitButton } from '#app/components/forms';
import { RUN_STATUS_LABELS, statusLabel } from '#app/routes/dashboard+/actions+/__action-types';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export function ActionStatusBadge({ status }: { status: string }) {
  const colours = status === 'active' ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-800';
  return (
    <Pill data-testid="action-status" colour={colours}>
      {statusLabel(status)}
    </Pill>
  );
}

/**
 * Pause or Enable: a one-button form posting to the actions list, which sends only the
 * new status. Pausing is not destructive (Enable undoes it), so it does not ask first.
 */
export function ActionToggle({ action, back }: { action: Pick<ApiAction, '_id' | 'name' | 'status'>; back: string }) {
  const next = action.status === 'active' ? 'paused' : 'active';
  return (
    <Form method="post" action="/dashboard/actions?index" className="flex-none">
      <input type="hidden" name="id" value={action._id} />
      <input type="hidden" name="status" value={next} />
      <input type="hidden" name="back" value={back} />
      <SubmitButton
        variant="secondary"
        name="intent"
        value={`toggle-${action._id}`}
        pendingText={next === 'paused' ? 'Pausing…' : 'Enabling…'}
      >
        <span aria-hidden>{next === 'paused' ? 'Pause' : 'Enable'}</span>
        <span className="sr-only">
          {next === 'paused' ? 'Pause' : 'Enable'} {action.name}
        </span>
      </SubmitButton>
    </Form>
  );
}

/** When something happened or will: "Today 14:05", or "Never" / "Nothing planned". */
export function When({ at, timeZone, now, none }: { at: string | null; timeZone: string; now: string; none: string }) {
  if (!at) return <span className="text-slate-500">{none}</span>;
  return <time dateTime={at}>{notificationTime(at, new Date(now), timeZone)}</time>;
}

const RUN_COLOURS: Record<ApiActionRun['status'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  running: 'bg-sky-100 text-sky-800',
  done: 'bg-emerald-100 text-emerald-800',
  skipped: 'bg-amber-100 text-amber-800',
  failed: 'bg-red-100 text-red-800',
  stopped: 'bg-slate-200 text-slate-700',
};

/** The run history: when, for whom, the status and what came of it (what was sent, or why not). */
export function RunHistory({ runs, timeZone, now }: { runs: ApiActionRun[]; timeZone: string; now: string }) {
  return (
    <Card as="div" padding="none" className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="action-runs">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              When
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Customer
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Outcome
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr key={run._id} data-testid="action-run" data-status={run.status}>
              <td className="whitespace-nowrap px-4 py-2">
                <When at={run.finished_at ?? run.due_at} timeZone={timeZone} now={now} none="" />
              </td>
              <td className="px-4 py-2">
                {run.customer ? (
                  <Link to={`/dashboard/customers/${run.customer._id}`} className="text-brand-700 underline">
                    {run.customer.name}
                  </Link>
                ) : (
                  <span className="text-slate-500">No contact</span>
                )}
              </td>
              <td className="px-4 py-2">
                <Pill colour={RUN_COLOURS[run.status]}>{RUN_STATUS_LABELS[run.status] ?? run.status}</Pill>
              </td>
              <td className="px-4 py-2 text-slate-700" data-testid="action-run-outcome">
                {run.outcome ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The delete confirmation: posts to the action's page, which deletes and lands on the list with a restore banner. */
export function DeleteActionConfirm({
  action,
  cancel,
}: {
  action: Pick<ApiAction, '_id' | 'name'>;
  cancel: ReactNode;
}) {
  return (
    <DeleteConfirmation
      action={`/dashboard/actions/${action._id}`}
      noun="action"
      subject={action.name}
      consequence="It stops running; you can restore it right after."
      cancel={cancel}
      labelId={`delete-${action._id}`}
    />
  );
}

export function RestoreActionBanner({ id }: { id: string }) {
  return <RestoreBanner action={`/dashboard/actions/${id}`} noun="action" />;
}
