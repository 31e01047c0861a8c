import { Form, Link } from '@remix-run/react';
import { SYSTEM_KIND_DESCRIPTIONS, SYSTEM_KIND_LABELS, SYSTEM_KINDS } from '#contract/system-terms';
import type { ApiSystem } from '#contract/v1/systems';
import { RestoreBanner } from '../delete-restore';
import { SubmitButton } from '../forms';
import { RecentlyDeletedLink } from '../recently-deleted';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { Card } from '#app/components/ui/card';
import { EmptyState } from '#app/components/ui/empty-state';
import { SystemStatusBadge } from './system-status-badge';

/**
 * The settings page's systems: each with its number and status and a link to its page
 * ("Set up" until it is active, then "Open"), and one "Add" form per kind for members who
 * may edit systems. Any System event reloads this list (the realtime island revalidates).
 */
export function SystemsSection({
  systems,
  error,
  canEdit,
  deleted,
}: {
  systems: ApiSystem[];
  error: string | null;
  canEdit: boolean;
  deleted: string | null;
}) {
  const phone = usePhoneFormat();
  return (
    <section aria-labelledby="systems-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="systems-heading" className="text-lg font-semibold">
          Systems
        </h2>
        <p className="text-sm text-slate-600">
          How customers reach your assistant: a business phone number, a web form on your site, your mobile’s missed
          calls.
        </p>
        <RecentlyDeletedLink kind="systems" />
      </div>
      {deleted && canEdit ? (
        <RestoreBanner action={`/dashboard/systems/${encodeURIComponent(deleted)}`} noun="system" />
      ) : null}
      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      ) : systems.length === 0 ? (
        <EmptyState title="No systems yet." testId="systems-empty">
          {canEdit
            ? 'Add one below: the assistant starts answering as soon as it is set up.'
            : 'A member who may set up systems can add one.'}
        </EmptyState>
      ) : (
        <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="system-list">
          {systems.map((system) => (
            <li
              key={system._id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
              data-testid="system-row"
              data-id={system._id}
            >
              <div className="flex min-w-0 flex-col">
                <span className="font-medium text-slate-900">{system.label}</span>
                <span className="text-sm text-slate-600" data-testid="system-number">
                  {phone(system.phone_number) ?? (system.name === 'leadcatcher' ? 'Web form' : 'No number yet')}
                </span>
              </div>
              <SystemStatusBadge status={system.status} />
              <Link
                to={`/dashboard/systems/${system._id}`}
                className="ml-auto rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-50"
                aria-label={`${system.status === 'active' ? 'Open' : 'Set up'} ${system.label}${system.phone_number ? ` ${phone(system.phone_number)}` : ''}`}
              >
                {system.status === 'active' ? 'Open' : 'Set up'}
              </Link>
            </li>
          ))}
        </Card>
      )}
      {canEdit ? (
        <Card as="div" padding="sm">
          <h3 className="font-medium">Add a system</h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="add-system">
            {SYSTEM_KINDS.map((kind) => (
              <li key={kind} className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                <span className="font-medium">{SYSTEM_KIND_LABELS[kind]}</span>
                <span className="flex-1 text-sm text-slate-600">{SYSTEM_KIND_DESCRIPTIONS[kind]}</span>
                <Form method="post">
                  <input type="hidden" name="name" value={kind} />
                  <SubmitButton variant="secondary" name="intent" value={`create-${kind}`} pendingText="Adding…">
                    Add {SYSTEM_KIND_LABELS[kind].toLowerCase()}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
