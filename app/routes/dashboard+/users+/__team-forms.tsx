import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { permissionLabel } from '#app/lib/team-labels';
import { SubmitButton } from '#app/components/forms';

/**
 * Permissions as a checklist of labelled checkboxes, all named `permissions` (the form sends
 * the checked ones). View and edit permissions are listed in two columns.
 */
export function PermissionChecklist({
  idPrefix,
  available,
  checked,
  disabled,
  legend = 'Permissions',
}: {
  idPrefix: string;
  available: string[];
  checked: readonly string[];
  disabled?: boolean;
  legend?: string;
}) {
  const groups: [string, string[]][] = [
    ['Can view', available.filter((permission) => permission.endsWith('/view'))],
    ['Can change', available.filter((permission) => !permission.endsWith('/view'))],
  ];
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled} data-testid="permission-checklist">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {groups.map(([title, list]) =>
          list.length ? (
            <div key={title} className="flex flex-col gap-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
              {list.map((permission) => {
                const id = `${idPrefix}-${permission.replace(/\W/g, '-')}`;
                return (
                  <div key={permission} className="flex items-center gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      name="permissions"
                      value={permission}
                      defaultChecked={checked.includes(permission)}
                      className="h-4 w-4 rounded border-slate-300"
                    />
                    <label htmlFor={id} className="text-sm text-slate-800">
                      {permissionLabel(permission)}
                    </label>
                  </div>
                );
              })}
            </div>
          ) : null,
        )}
      </div>
    </fieldset>
  );
}

/** The remove confirmation: posts intent=remove to the member's page, which offers the restore after. */
export function RemoveMemberConfirm({ id, name, cancel }: { id: string; name: string; cancel: ReactNode }) {
  const labelId = `remove-${id}`;
  return (
    <div className="flex flex-col gap-4" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="text-slate-700">
        Remove <strong>{name}</strong> from the team? They lose access to this business at once; you can restore them
        right after.
      </p>
      <Form method="post" action={`/dashboard/users/${id}`} className="flex items-center justify-end gap-3">
        {cancel}
        <SubmitButton variant="danger" name="intent" value="remove" pendingText="Removing…">
          Remove member
        </SubmitButton>
      </Form>
    </div>
  );
}

/** After a removal: the undo, a form posting intent=restore back to the member's page. */
export function RestoreMemberBanner({ id, name }: { id: string; name?: string | null }) {
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-xl bg-slate-800 px-4 py-3 text-white"
      data-testid="undo-banner"
    >
      <span>{name ? `${name} was removed from the team.` : 'The member was removed from the team.'}</span>
      <Form method="post" action={`/dashboard/users/${id}`}>
        <button
          type="submit"
          name="intent"
          value="restore"
          className="rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-900"
        >
          Restore
        </button>
      </Form>
    </div>
  );
}
