import { Form, Link, useLocation } from '@remix-run/react';
import type { ApiNotification } from '#contract/envelope';
import { notificationTime } from '#contract/labels';
import { Drawer } from './drawer';
import { LinkedText } from './linked-text';

export const DISMISS_ACTION = '/dashboard/notifications/dismiss';
export const OPEN_ACTION = '/dashboard/notifications/open';

type Group = { key: string; customer: { _id: string; name: string } | null; items: ApiNotification[] };

/** docs/product.md#routes: notifications grouped by customer; the newest group first. */
export function groupByCustomer(notifications: ApiNotification[]): Group[] {
  const groups = new Map<string, Group>();
  for (const notification of notifications) {
    const customer = notification.related_entities.customer;
    const key = customer?._id ?? '';
    const group = groups.get(key) ?? { key, customer, items: [] };
    group.items.push(notification);
    groups.set(key, group);
  }
  const newest = (group: Group) => Math.max(...group.items.map((item) => new Date(item.created_at).getTime()));
  return [...groups.values()].sort((a, b) => newest(b) - newest(a));
}

/**
 * The notifications drawer: a <details> like the other drawers, so it opens without
 * JavaScript. Dismissing (one, or a contact's whole group) is a plain form posting to a
 * resource route that sends the browser back to the page it was on.
 */
export function NotificationsDrawer({
  notifications,
  timeZone,
  now,
}: {
  notifications: ApiNotification[];
  timeZone: string;
  now: string;
}) {
  const location = useLocation();
  const back = location.pathname + location.search;
  const groups = groupByCustomer(notifications);
  const at = new Date(now);
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
      <h2 className="px-1 text-sm font-semibold text-slate-700">Notifications</h2>
      {groups.length === 0 ? (
        <p className="px-1 py-4 text-sm text-slate-600">You are all caught up.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-3">
          {groups.map((group) => (
            <li
              key={group.key}
              data-testid="notification-group"
              data-customer={group.customer?._id ?? ''}
              className="rounded-lg ring-1 ring-slate-200"
            >
              <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
                {group.customer ? (
                  <Link
                    to={`/dashboard/customers/${group.customer._id}`}
                    className="truncate font-medium text-slate-900 hover:underline"
                  >
                    {group.customer.name}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-900">Without a contact</span>
                )}
                <DismissForm
                  ids={group.items.map((item) => item._id)}
                  back={back}
                  label={`Dismiss all (${group.items.length})`}
                />
              </div>
              <ul className="divide-y divide-slate-100">
                {group.items.map((notification) => (
                  <li
                    key={notification._id}
                    data-testid="notification"
                    data-read={notification.read_at ? 'true' : 'false'}
                    className={`flex items-start gap-2 px-3 py-2 ${notification.read_at ? '' : 'bg-brand-50/60'}`}
                  >
                    <div className="min-w-0 flex-1">
                      {notification.read_at ? null : (
                        <span
                          className="mr-1 inline-block h-2 w-2 rounded-full bg-brand-600 align-middle"
                          title="Unread"
                        >
                          <span className="sr-only">Unread: </span>
                        </span>
                      )}
                      {notification.internal_link ? (
                        <OpenForm notification={notification} to={notification.internal_link} />
                      ) : (
                        <span className={notification.read_at ? '' : 'font-medium'}>{notification.title}</span>
                      )}
                      {notification.body ? (
                        <p className="line-clamp-2 text-sm text-slate-600">
                          <LinkedText text={notification.body} />
                        </p>
                      ) : null}
                      <time dateTime={notification.created_at} className="text-xs text-slate-500">
                        {notificationTime(notification.created_at, at, timeZone)}
                      </time>
                    </div>
                    {!notification.internal_link && !notification.read_at ? (
                      <OpenForm notification={notification} to={back} label="Mark read" />
                    ) : null}
                    <DismissForm ids={[notification._id]} back={back} label="Dismiss" />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}

/**
 * Opening a notification marks it read: a form posting to a resource route that records
 * read_at and then redirects to the notification's page, with or without JavaScript.
 */
function OpenForm({ notification, to, label }: { notification: ApiNotification; to: string; label?: string }) {
  return (
    <Form method="post" action={OPEN_ACTION} className={label ? 'flex-none' : 'inline'}>
      <input type="hidden" name="id" value={notification._id} />
      <input type="hidden" name="to" value={to} />
      {label ? (
        <button
          type="submit"
          className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          {label}
        </button>
      ) : (
        <button
          type="submit"
          data-testid="notification-open"
          className={`text-left text-brand-700 hover:underline ${notification.read_at ? 'font-normal' : 'font-semibold'}`}
        >
          {notification.title}
        </button>
      )}
    </Form>
  );
}

function DismissForm({ ids, back, label }: { ids: string[]; back: string; label: string }) {
  return (
    <Form method="post" action={DISMISS_ACTION} className="flex-none">
      <input type="hidden" name="redirect_to" value={back} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <button
        type="submit"
        className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        {label}
      </button>
    </Form>
  );
}
