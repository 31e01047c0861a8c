import type { NotificationsProps } from './notifications-panel';
import { deferred } from './deferred';
import { Drawer } from './drawer';

/**
 * The drawer's list (its forms, links and times) is not part of every dashboard page's first
 * load: hidden until the drawer opens, it is rendered in place by the server (so it is there
 * without JavaScript) and hydrated when its chunk has arrived.
 */
const Panel = deferred('notifications-panel', () =>
  import('./notifications-panel').then((module) => module.NotificationsPanel),
);

/**
 * The notifications drawer: a <details> like the other drawers, so it opens without
 * JavaScript. The bell's count is part of the page; the list is the deferred panel.
 */
export function NotificationsDrawer({ notifications, timeZone, now }: NotificationsProps) {
  // The bell counts what the member has not opened yet; opened ones stay until dismissed.
  const count = notifications.filter((notification) => !notification.read_at).length;
  return (
    // Following a link to another page closes the drawer; dismissing (which comes back to
    // the same page) leaves it open for the next one (the shared Drawer's behaviour).
    <Drawer
      name="notifications"
      label={count ? `Notifications, ${count > 99 ? '99+' : count} new` : 'Notifications'}
      summaryClassName="relative flex cursor-pointer list-none items-center rounded-lg p-2 hover:bg-slate-100"
      panelClassName="absolute right-0 top-12 max-h-[70vh] w-80 overflow-y-auto rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200 sm:w-96"
      summary={
        <>
          <svg viewBox="0 0 20 20" className="h-5 w-5 fill-slate-700" aria-hidden>
            <path d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.3A1 1 0 0 0 4.1 15h11.8a1 1 0 0 0 .8-1.7L15 10.6V7a5 5 0 0 0-5-5Zm0 16a2.5 2.5 0 0 0 2.4-2h-4.8A2.5 2.5 0 0 0 10 18Z" />
          </svg>
          {count ? (
            <span
              className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold text-white"
              data-testid="notifications-count"
            >
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </>
      }
    >
      <Panel notifications={notifications} timeZone={timeZone} now={now} />
    </Drawer>
  );
}
