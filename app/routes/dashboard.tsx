import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { DashboardShell } from '../components/dashboard-shell';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { RealtimeIsland } from '../components/realtime-island';
import { requireDashboard } from '../lib/guard.server';
import { loadNotifications } from '../lib/notifications.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const { user, businesses, business, wizardFinished } = state;
  return { user, businesses, business, wizardFinished, realtime: context.realtime, notifications: await loadNotifications(state) };
}

export default function DashboardLayout() {
  const { user, businesses, business, wizardFinished, realtime, notifications } = useLoaderData<typeof loader>();
  return (
    <DashboardShell user={user} businesses={businesses} business={business} wizardFinished={wizardFinished} notifications={notifications}>
      <RealtimeIsland config={realtime} userId={user.id} businessId={business?._id ?? null} />
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
