import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import { GeneralErrorBoundary } from '../components/error-boundary';
import { requireDashboard } from '../lib/guard.server';

export const meta: MetaFunction = () => [{ title: 'Settings · Business Assistant' }];

/** The settings hub: one link per settings page the member may open. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  return { business: state.business ? { _id: state.business._id, name: state.business.name } : null, canSeeTeam: hasPermission(state.business?.permissions, 'business_users/view') };
}

export default function SettingsRoute() {
  const { business, canSeeTeam } = useLoaderData<typeof loader>();
  const links = [
    { to: '/dashboard/settings/business-settings', title: 'Business settings', text: 'Opening hours, special dates, timezone and your notifications.' },
    { to: '/dashboard/assistant-settings', title: 'Assistant settings', text: 'How the assistant greets and talks to callers.' },
    ...(business ? [{ to: `/dashboard/businesses/${business._id}`, title: 'Business details', text: 'Name, email, country, phone numbers and address.' }] : []),
    ...(canSeeTeam ? [{ to: '/dashboard/users', title: 'Team', text: 'Invite members and choose what each may do.' }] : []),
    { to: '/dashboard/businesses', title: 'Businesses', text: 'Switch business or add another one.' },
    { to: '/dashboard/account-settings', title: 'Account settings', text: 'Your name, email, mobile number and password.' },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings</h1>
        {business ? <p className="text-sm text-slate-600">{business.name}</p> : null}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="settings-links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block h-full rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50">
              <span className="font-medium text-brand-700">{link.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
