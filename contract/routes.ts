import type { Permission } from './permissions';

/**
 * The dashboard route table in docs/product.md#routes: name, path under /dashboard, permission.
 * Loaders look their permission up here; the navigation drawer is built from it.
 * "not stated" in the spec is `null` here: any member of the business may open it.
 */
export type DashboardRoute = {
  name: string;
  path: string;
  permission: Permission | null;
  label?: string;
};

export const DASHBOARD_ROUTES = [
  { name: 'home', path: 'home', permission: null, label: 'Recents' },
  { name: 'reports', path: 'reports', permission: null, label: 'Reports' },
  { name: 'customers', path: 'customers', permission: 'customers/view', label: 'Contacts' },
  { name: 'customer_view', path: 'customers/:id', permission: null },
  { name: 'notes', path: 'notes', permission: 'notes/view', label: 'Notes & tasks' },
  { name: 'note_view', path: 'notes/:id', permission: 'notes/view' },
  { name: 'calls', path: 'calls', permission: 'calls/view', label: 'Calls' },
  { name: 'call_view', path: 'calls/:id', permission: 'calls/view' },
  { name: 'forms', path: 'forms', permission: 'forms/view', label: 'Forms' },
  { name: 'form_view', path: 'forms/:id', permission: 'forms/view' },
  { name: 'sms', path: 'sms', permission: 'smses/view', label: 'SMS' },
  { name: 'sms_view', path: 'sms/:id', permission: 'smses/view' },
  { name: 'inbox', path: 'inbox', permission: 'smses/view', label: 'Inbox' },
  { name: 'inbox_thread', path: 'inbox/:id', permission: 'smses/view' },
  { name: 'services', path: 'services', permission: 'services/view', label: 'Services' },
  { name: 'service_view', path: 'services/:id', permission: 'services/view' },
  { name: 'orders', path: 'orders', permission: 'orders/view', label: 'Orders' },
  { name: 'order_view', path: 'orders/:id', permission: 'orders/view' },
  { name: 'appointments', path: 'appointments', permission: 'customers/view', label: 'Appointments' },
  { name: 'appointment_view', path: 'appointments/:id', permission: 'customers/view' },
  { name: 'actions', path: 'actions', permission: 'actions/view', label: 'Actions' },
  { name: 'action_view', path: 'actions/:id', permission: 'actions/view' },
  { name: 'users', path: 'users', permission: 'business_users/view', label: 'Team' },
  { name: 'user_view', path: 'users/:id', permission: 'business_users/view' },
  { name: 'businesses', path: 'businesses', permission: null, label: 'Businesses' },
  { name: 'business_view', path: 'businesses/:id', permission: null },
  { name: 'business_create', path: 'business-create', permission: null },
  { name: 'business_welcome', path: 'business-welcome', permission: null },
  { name: 'business_welcome_id', path: 'business-welcome/:id', permission: null },
  // The user's own deleted businesses (admins restore them): open with no business left. Other kinds'
  // recently deleted pages check their list's view permission in their loader.
  { name: 'recently_deleted_businesses', path: 'recently-deleted/businesses', permission: null },
  { name: 'system_view', path: 'systems/:id', permission: null },
  { name: 'memories', path: 'memories', permission: 'memories/view', label: 'Knowledge base' },
  { name: 'memory_view', path: 'memories/:id', permission: 'memories/view' },
  { name: 'settings', path: 'settings', permission: null, label: 'Settings' },
  { name: 'business_settings', path: 'settings/business-settings', permission: null },
  // Endpoints that receive the business's records (each endpoint's page checks admin in its loader too).
  { name: 'outgoing_webhooks', path: 'settings/outgoing-webhooks', permission: 'admin' },
  { name: 'assistant_settings', path: 'assistant-settings', permission: null },
  { name: 'account_settings', path: 'account-settings', permission: null, label: 'Account' },
  { name: 'assistant_conversations', path: 'assistant-conversations', permission: null, label: 'Assistant' },
  { name: 'assistant_conversations_view', path: 'assistant-conversations/:id', permission: null },
] as const satisfies readonly DashboardRoute[];

export type DashboardRouteName = (typeof DASHBOARD_ROUTES)[number]['name'];

/** The six onboarding steps (docs/product.md#routes), each its own route under /dashboard. */
export const ONBOARDING_STEPS = [
  { key: 'mobile-submit', path: 'onboard/mobile-submit', title: 'Verify your mobile number' },
  { key: 'mobile-verify', path: 'onboard/mobile-verify', title: 'Enter the verification code' },
  { key: 'your-business', path: 'onboard/your-business', title: 'Tell us about your business' },
  { key: 'data-loader', path: 'onboard/data-loader', title: 'Let the assistant learn about your business' },
  { key: 'training-questions', path: 'onboard/training-questions', title: 'Train the assistant' },
  // The path keeps the spec's spelling; on screen it is simply "the assistant".
  { key: 'test-ella', path: 'onboard/test-ella', title: 'Test the assistant' },
] as const;

export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];

export function dashboardPath(path: string): string {
  return `/dashboard/${path}`;
}

/** Find the table entry for a pathname such as /dashboard/customers/abc. */
export function matchDashboardRoute(pathname: string): DashboardRoute | undefined {
  const rest = pathname.replace(/^\/dashboard\/?/, '').replace(/\/$/, '');
  const parts = rest.split('/');
  return DASHBOARD_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}

/**
 * Pages open while the selected business's wizard is unfinished, besides home and the
 * onboarding steps: choosing, creating and greeting businesses (docs/product.md#states).
 */
export const OPEN_WHILE_ONBOARDING: ReadonlySet<string> = new Set([
  'businesses',
  'business_view',
  'business_create',
  'business_welcome',
  'business_welcome_id',
]);

export function isOpenWhileOnboarding(pathname: string): boolean {
  const route = matchDashboardRoute(pathname);
  return Boolean(route && OPEN_WHILE_ONBOARDING.has(route.name));
}

/**
 * Pages every signed-in user may open whatever state their business is in (none yet, or
 * its setup unfinished): their own account (change a password, delete a mistaken account),
 * help, and their deleted businesses (deleting one's only business can still be undone).
 * Sign-out is a POST to /logout, outside the dashboard.
 */
export const ALWAYS_OPEN: ReadonlySet<string> = new Set(['account_settings', 'recently_deleted_businesses']);

export function isAlwaysOpen(pathname: string): boolean {
  if (pathname === '/dashboard/help') return true;
  const route = matchDashboardRoute(pathname);
  return Boolean(route && ALWAYS_OPEN.has(route.name));
}

export function isOnboardingPath(pathname: string): boolean {
  return pathname.startsWith('/dashboard/onboard/');
}
