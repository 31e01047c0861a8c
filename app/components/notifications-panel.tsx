import { Form, Link, useLocation } from '@remix-run/react';
import type { ApiNotification } from '#contract/envelope';
import { notificationTime } from '#contract/labels';
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
 * The notifications drawer's panel: loaded after the page (`deferred` in notifications-drawer.tsx),
 * since it is hidden until the drawer opens. Dismissing (one, or a contact's whole group) is a
 * plain form posting to a resource route that sends the browser back to the page it was on.
 */
/** What the drawer and its panel are given: the member's notifications, and the clock to word their times by. */
export type NotificationsProps = { notifications: ApiNotification[]; timeZone: string; now: string };

export function NotificationsPanel({ notifications, timeZone, now }: NotificationsProps) {
  const location = useLocation();
  const back = location.pathname + location.search;
  const groups = groupByCustomer(notifications);
  const at = new Date(now);
  return (
    <>
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
    </>
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
