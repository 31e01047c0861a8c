import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * What a list shows when it has no rows: a dashed panel with a title, an optional line of help
 * and, when the list is filtered, a link back to the whole list.
 */
export function EmptyState({
  title,
  children,
  testId,
  showAll,
}: {
  title: ReactNode;
  children?: ReactNode;
  testId?: string;
  /** A filtered list's way back: where the unfiltered list is and the link's words. */
  showAll?: { to: string; label: string };
}) {
  return (
    <section className="rounded-2xl border border-dashed border-slate-300 p-8 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
      {showAll ? (
        <Link to={showAll.to} className="mt-2 inline-block text-sm font-medium text-brand-600 underline">
          {showAll.label}
        </Link>
      ) : null}
    </section>
  );
}
