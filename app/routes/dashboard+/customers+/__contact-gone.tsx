import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { RecentlyDeletedLink } from '#app/components/recently-deleted';

/**
 * A contact deleted since the page that links to it was read (the list's Edit dialog): said
 * in place, with where to find it again. `close` closes the dialog; the page links to the list.
 */
export function ContactGone({ close }: { close?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="text-sm text-slate-700">
        This contact was deleted. It can be restored from <RecentlyDeletedLink kind="customers" />.
      </p>
      <div>
        {close ?? (
          <Link to="/dashboard/customers" className="text-sm font-medium text-slate-700 underline">
            Back to contacts
          </Link>
        )}
      </div>
    </div>
  );
}
