import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { DashboardShell } from '../components/dashboard-shell';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { RealtimeIsland } from '../components/realtime-island';
import { requireDashboard } from '../lib/guard.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, businesses, business, wizardFinished } = await requireDashboard(request, context);
  return { user, businesses, business, wizardFinished, realtime: context.realtime };
}

export default function DashboardLayout() {
  const { user, businesses, business, wizardFinished, realtime } = useLoaderData<typeof loader>();
  return (
    <DashboardShell user={user} businesses={businesses} business={business} wizardFinished={wizardFinished}>
      <RealtimeIsland config={realtime} userId={user.id} businessId={business?._id ?? null} />
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
