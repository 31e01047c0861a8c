import { Link } from '@remix-run/react';
import { recentlyDeletedUrl, type DeletedPageKind } from '#contract/recently-deleted-kinds';

/** The link every list page shows to its deleted rows (/dashboard/recently-deleted/{kind}). */
export function RecentlyDeletedLink({ kind }: { kind: DeletedPageKind }) {
  return (
    <Link
      to={recentlyDeletedUrl(kind)}
      className="text-sm font-medium text-brand-700 underline"
      data-testid="recently-deleted-link"
    >
      Recently deleted
    </Link>
  );
}
