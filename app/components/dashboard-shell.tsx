import { Form, Link, NavLink } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { STORAGE_KEYS } from '#contract/constants';
import type { ApiBusinessListEntry, ApiNotification, ApiUser } from '#contract/envelope';
import { hasPermission } from '#contract/permissions';
import {
  ALWAYS_OPEN,
  DASHBOARD_ROUTES,
  dashboardPath,
  OPEN_WHILE_ONBOARDING,
  type DashboardRoute,
} from '#contract/routes';
import { deferred } from './deferred';
import { Drawer } from './drawer';
import { HelpDrawer } from './help-drawer';
import { InboxUnreadBadge } from './inbox/unread-badge';
import { NotificationsDrawer } from './notifications-drawer';
import { Main, SkipLink } from './skip-link';

/**
 * Shown only when the native app is out of date: the server renders it in place (it is there
 * without JavaScript), the browser loads its code after the page.
 */
const VersionDialog = deferred('version-dialog', () =>
  import('./version-dialog').then((module) => module.VersionDialog),
);

/** Pages that exist so far; the drawer never links to a page that is not built yet. */
const BUILT_PAGES: ReadonlySet<string> = new Set([
  'home',
  'account_settings',
  'customers',
  'notes',
  'calls',
  'forms',
  'sms',
  'inbox',
  'memories',
  'services',
  'orders',
  'appointments',
  'actions',
  'users',
  'businesses',
  'settings',
  'assistant_conversations',
  'assistant_settings',
  'system_view',
  'reports',
]);

type Props = {
  user: ApiUser;
  businesses: ApiBusinessListEntry[];
  business: ApiBusinessListEntry | null;
  wizardFinished: boolean;
  /** The member's open notifications, with the business's timezone and the server's now for their times. */
  notifications?: { items: ApiNotification[]; timeZone: string; now: string } | null;
  /** The version-check dialog's data when the running app is older than the latest version. */
  updateNotice?: { running: string; latest: string } | null;
  /** The member's unread inbox messages (null: no inbox for them), badged on the Inbox link. */
  inboxUnread?: number | null;
  children: ReactNode;
};

/**
 * The dashboard frame: header with the business switcher, the navigation drawer and the
 * account drawer. Drawers are <details> elements, so they open and close without JavaScript.
 */
export function DashboardShell({
  user,
  businesses,
  business,
  wizardFinished,
  notifications,
  updateNotice,
  inboxUnread,
  children,
}: Props) {
  // docs/product.md#business-selection: the selected business id is mirrored to local storage (never the token).
  useEffect(() => {
    if (business) window.localStorage.setItem(STORAGE_KEYS.selectedBusinessId, business._id);
  }, [business]);

  const navigation = (DASHBOARD_ROUTES as readonly DashboardRoute[]).filter(
    (route) =>
      route.label &&
      BUILT_PAGES.has(route.name) &&
      (wizardFinished ||
        route.name === 'home' ||
        OPEN_WHILE_ONBOARDING.has(route.name) ||
        ALWAYS_OPEN.has(route.name)) &&
      hasPermission(business?.permissions, route.permission),
  );

  return (
    <div className="flex min-h-full flex-col">
      {/* Before the header, so it is the first tab stop: past the drawers straight to the page. */}
      <SkipLink />
      <header className="sticky top-0 z-30 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-2 py-2 sm:flex-nowrap sm:gap-3 sm:px-4">
        <Drawer
          name="navigation"
          label="Navigation"
          className="group relative"
          summary={
            <span className="relative block">
              <svg viewBox="0 0 20 20" className="h-5 w-5 fill-slate-700" aria-hidden>
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              </svg>
              {inboxUnread ? (
                <span
                  data-testid="navigation-unread"
                  className="absolute -right-1 -top-1 h-2.5 w-2.5 rounded-full bg-red-600"
                  aria-hidden
                />
              ) : null}
            </span>
          }
        >
          <nav
            aria-label="Main"
            className="absolute left-0 top-12 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
          >
            <ul className="flex flex-col">
              {navigation.map((route) => (
                <li key={route.name}>
                  <NavLink
                    to={dashboardPath(route.path)}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-2 ${isActive ? 'bg-brand-50 font-medium text-brand-700' : 'hover:bg-slate-50'}`
                    }
                  >
                    {route.label}
                    {route.name === 'inbox' && typeof inboxUnread === 'number' ? (
                      <InboxUnreadBadge initial={inboxUnread} />
                    ) : null}
                  </NavLink>
                </li>
              ))}
            </ul>
            {!wizardFinished ? (
              <p className="px-3 py-2 text-xs text-slate-500">Finish setting up to unlock the rest of the dashboard.</p>
            ) : null}
          </nav>
        </Drawer>
        <Link to="/dashboard/home" className="truncate font-semibold text-brand-700">
          Business Assistant
        </Link>
        {/* On a phone the business switcher gets a line of its own (order-last, full width), so neither the
            product name nor the business name is cut short; from sm up it sits beside the drawers. */}
        {businesses.length > 0 ? (
          <div className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
            <BusinessSwitcher businesses={businesses} selectedId={business?._id} />
          </div>
        ) : null}
        <div className={`ml-auto flex shrink-0 items-center gap-1 sm:gap-2 ${businesses.length > 0 ? 'sm:ml-0' : ''}`}>
          {notifications ? (
            <NotificationsDrawer
              notifications={notifications.items}
              timeZone={notifications.timeZone}
              now={notifications.now}
            />
          ) : null}
          <HelpDrawer />
          <Drawer
            name="account"
            // The visible initials lead the accessible name (WCAG 2.5.3, label in name).
            label={`${initials(user.name)} Account`}
            summaryClassName="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            summary={initials(user.name)}
            panelClassName="absolute right-0 top-12 w-64 rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200"
          >
            <p className="font-medium">{user.name}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            <Link to="/dashboard/account-settings" className="mt-3 block rounded-lg px-3 py-2 hover:bg-slate-50">
              Account settings
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="w-full rounded-lg px-3 py-2 text-left text-red-700 hover:bg-red-50">
                Sign out
              </button>
            </Form>
          </Drawer>
        </div>
      </header>
      <Main className="mx-auto w-full max-w-5xl flex-1 p-4 sm:p-6">{children}</Main>
      {updateNotice ? <VersionDialog notice={updateNotice} /> : null}
    </div>
  );
}

function BusinessSwitcher({ businesses, selectedId }: { businesses: ApiBusinessListEntry[]; selectedId?: string }) {
  return (
    <Form method="post" action="/dashboard/select-business" className="flex min-w-0 items-center gap-2" reloadDocument>
      <label htmlFor="business-switcher" className="sr-only">
        Business
      </label>
      <select
        // Keyed on the selection: defaultValue only applies when the element is created, so
        // without a new one the list kept showing the previous business after a client-side
        // navigation selected another (after "Add a business", until the next full load).
        key={selectedId}
        id="business-switcher"
        name="business_id"
        defaultValue={selectedId}
        // With JavaScript the change applies at once; without it the button below submits.
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm sm:max-w-48"
      >
        {businesses.map((b) => (
          <option key={b._id} value={b._id}>
            {b.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-lg border border-slate-300 px-2 py-1 text-sm">
          Switch
        </button>
      </noscript>
    </Form>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
