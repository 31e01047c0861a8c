import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { DashboardShell } from '../components/dashboard-shell';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { RealtimeIsland } from '../components/realtime-island';
import { setPagePhoneCountry } from '#contract/phone-scope';
import { requireDashboard } from '../lib/guard.server';
import { loadNotifications } from '../lib/notifications.server';
import { updateNotice } from '../lib/version.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const { user, businesses, business, wizardFinished } = state;
  const [notifications, notice] = await Promise.all([loadNotifications(state), updateNotice(state.caller, state.session)]);
  return { user, businesses, business, wizardFinished, realtime: context.realtime, notifications, updateNotice: notice };
}

export default function DashboardLayout() {
  const { user, businesses, business, wizardFinished, realtime, notifications, updateNotice: notice } = useLoaderData<typeof loader>();
  // Before the pages render: their numbers are shown, and their forms read, in the business's country.
  setPagePhoneCountry(business?.country);
  return (
    <DashboardShell user={user} businesses={businesses} business={business} wizardFinished={wizardFinished} notifications={notifications} updateNotice={notice}>
      <RealtimeIsland config={realtime} userId={user.id} businessId={business?._id ?? null} />
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
