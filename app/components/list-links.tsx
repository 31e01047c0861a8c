import { useNavigate } from '@remix-run/react';
import type { MouseEvent, ReactNode } from 'react';

/**
 * A link in a long list (a contact row's name, its Merge): a plain anchor, sent through the
 * router by the list's one click handler (useListLinkClicks) instead of a <Link> per link.
 * Each <Link> resolves its path and sets up its own click handler, prefetch state and
 * navigation hooks on every render; for 500 rows with several links each that was a tenth
 * of the page's server time. `data-discover` is what <Link> writes too: Remix finds the
 * routes these links lead to as soon as they are on the page. One row's links are enough for
 * that (a route found for one contact's path serves every contact), and Remix gives up finding
 * any route ahead when the paths it would ask for pass about 8 kB (a list of 500 rows' links
 * did, the menu's links with them): the list marks the first row's links only (`discover`).
 */
export function ListLink({
  to,
  className,
  children,
  discover = true,
  ...data
}: {
  to: string;
  className?: string;
  children: ReactNode;
  discover?: boolean;
  'aria-label'?: string;
  'data-dialog'?: string;
}) {
  return (
    <a href={to} className={className} data-discover={discover ? 'true' : undefined} {...data}>
      {children}
    </a>
  );
}

/**
 * The list's click handler for its links (every anchor in it is a ListLink): a plain left
 * click goes through the router (as a <Link> would); a click with a modifier key, or one on a
 * link with a target or to another site, is left to the browser. A link with `data-dialog` is
 * handed to `onDialog` instead, which opens it as a dialog. Without JavaScript every link
 * simply goes to its page.
 */
export function useListLinkClicks(onDialog?: (link: HTMLAnchorElement) => void) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link) || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    if (link.dataset.dialog && onDialog) onDialog(link);
    else navigate(url.pathname + url.search + url.hash);
  };
}
