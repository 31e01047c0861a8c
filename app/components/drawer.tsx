import { useLocation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';

export type DrawerName = 'navigation' | 'account' | 'filter' | 'notifications' | 'help';

/**
 * One drawer of the dashboard shell (docs/product.md#routes: navigation, account, filter,
 * notifications and help can each be toggled). It is a <details> element, so it opens and
 * closes without JavaScript, and each drawer keeps its own open state: opening one never
 * toggles another. With JavaScript it also closes on Escape, on a click outside every
 * drawer (when `overlay`), and when the page changes.
 */
export function Drawer({
  name,
  label,
  summary,
  summaryClassName,
  className,
  panelClassName,
  overlay = true,
  defaultOpen = false,
  children,
}: {
  name: DrawerName;
  /** The accessible name of the toggle. */
  label: string;
  summary: ReactNode;
  summaryClassName?: string;
  className?: string;
  panelClassName?: string;
  /** A floating panel (closes on an outside click); an inline one (the filter) stays until toggled. */
  overlay?: boolean;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const firstPath = useRef(location.pathname);

  // Following a link to another page closes a floating drawer; staying on the page (a
  // dismissal, a filter change) leaves it as it was.
  useEffect(() => {
    if (location.pathname === firstPath.current) return;
    firstPath.current = location.pathname;
    if (overlay && ref.current) ref.current.open = false;
  }, [location.pathname, overlay]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      // An inline drawer only closes when the key was pressed inside it.
      if (!overlay && !details.contains(document.activeElement)) return;
      // A modal dialog above the drawer takes Escape for itself.
      if (document.querySelector('dialog[open]')) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!overlay || !details.open) return;
      const target = event.target as Element | null;
      // Clicks inside any drawer (including another drawer's toggle) leave this one alone:
      // the drawers are toggled independently.
      if (target?.closest?.('[data-drawer]')) return;
      if (target?.closest?.('dialog')) return;
      details.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [overlay]);

  return (
    <details ref={ref} className={className ?? 'relative'} data-drawer={name} open={defaultOpen || undefined}>
      <summary
        className={summaryClassName ?? 'flex cursor-pointer list-none items-center rounded-lg p-2 hover:bg-slate-100'}
        aria-label={label}
      >
        {summary}
      </summary>
      {/* No label of its own: the toggle names the drawer (a second "Account" label would be ambiguous). */}
      <div className={panelClassName} data-drawer-panel={name}>
        {children}
      </div>
    </details>
  );
}
