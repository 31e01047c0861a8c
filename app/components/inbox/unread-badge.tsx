import { useLocation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';

export const INBOX_UNREAD_PATH = '/dashboard/inbox-unread';

/**
 * The Inbox link's unread total (the member's own). The layout's loader gives the figure the
 * page was rendered with; with JavaScript it is asked again after every page change (opening
 * a thread reads it) and every live revalidation (a new SMS or form), whichever loaders
 * that revalidation reran. A plain fetch, not a fetcher: Remix revalidates loaded fetchers
 * after every action and sends a fetcher's failure to the layout's error boundary, so a badge
 * that could not refresh (a redirect mid-navigation, a business just deleted) would replace
 * the page with an error; a badge that cannot refresh keeps its figure instead.
 */
export function InboxUnreadBadge({ initial }: { initial: number }) {
  const [fresh, setFresh] = useState<number | null>(null);
  const location = useLocation();
  const revalidator = useRevalidator();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (revalidator.state !== 'idle') return;
    const controller = new AbortController();
    fetch(INBOX_UNREAD_PATH, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ unread: number | null }>) : null))
      .then((body) => {
        if (body && typeof body.unread === 'number') setFresh(body.unread);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [location.key, revalidator.state]);
  const unread = fresh ?? initial;
  if (!unread) return null;
  return (
    <span
      data-testid="nav-inbox-unread"
      className="ml-2 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
    >
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
