import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { DashboardShell } from '../components/dashboard-shell';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { RealtimeIsland } from '../components/realtime-island';
import { setPagePhoneCountry } from '#contract/phone-scope';
import { requireDashboard } from '../lib/guard.server';
import { loadInboxUnread } from '../lib/inbox.server';
import { loadNotifications } from '../lib/notifications.server';
import { phoneExample } from '#app/lib/phone-labels.server';
import { layoutShouldRevalidate } from '../lib/realtime-revalidation';
import { updateNotice } from '../lib/version.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const { user, businesses, business, wizardFinished } = state;
  const [notifications, notice, inboxUnread] = await Promise.all([
    loadNotifications(state),
    updateNotice(state.caller, state.session),
    loadInboxUnread(state, request),
  ]);
  return {
    user,
    businesses,
    business,
    wizardFinished,
    realtime: context.realtime,
    notifications,
    updateNotice: notice,
    inboxUnread,
    phoneExample: phoneExample(business?.country),
  };
}

export const shouldRevalidate: ShouldRevalidateFunction = layoutShouldRevalidate;

export default function DashboardLayout() {
  const {
    user,
    businesses,
    business,
    wizardFinished,
    realtime,
    notifications,
    updateNotice: notice,
    inboxUnread,
  } = useLoaderData<typeof loader>();
  // Before the pages render: their numbers are shown, and their forms read, in the business's country.
  setPagePhoneCountry(business?.country);
  return (
    <DashboardShell
      user={user}
      businesses={businesses}
      business={business}
      wizardFinished={wizardFinished}
      notifications={notifications}
      updateNotice={notice}
      inboxUnread={inboxUnread}
    >
      <RealtimeIsland config={realtime} userId={user.id} businessId={business?._id ?? null} />
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
