import { useFetcher, useLocation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

export const INBOX_UNREAD_PATH = '/dashboard/inbox-unread';

/**
 * The Inbox link's unread total (the member's own). The layout's loader gives the figure the
 * page was rendered with; with JavaScript it is asked again after every page change (opening
 * a thread reads it) and every live revalidation (a new SMS or form), whichever loaders
 * that revalidation reran.
 */
export function InboxUnreadBadge({ initial }: { initial: number }) {
  const fetcher = useFetcher<{ unread: number | null }>();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { load } = fetcher;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (revalidator.state === 'idle') load(INBOX_UNREAD_PATH);
  }, [location.key, revalidator.state, load]);
  const unread = fetcher.data && fetcher.data.unread !== null ? fetcher.data.unread : initial;
  if (!unread) return null;
  return (
    <span data-testid="nav-inbox-unread" className="ml-2 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
