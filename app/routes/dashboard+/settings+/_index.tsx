import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { PageHeader } from '#app/components/ui/page-header';
import { Link, useLoaderData } from '@remix-run/react';
import { hasPermission } from '#contract/permissions';
import { systemCreateSchema } from '#contract/schemas/system';
import { v1Calls } from '#contract/v1/index';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SystemsSection } from '#app/components/systems/systems-section';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { canEditSystems, canViewSystems, listSystems } from '#app/lib/systems.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { v1 } from '#app/lib/v1.server';
import { cardClass } from '#app/components/ui/card';

export const meta: MetaFunction = () => [{ title: 'Settings · Business Assistant' }];

/**
 * The settings hub: one link per settings page the member may open, and the business's
 * systems (with systems/view; adding one needs systems/edit). ?deleted_system=<id> offers
 * the restore after a system was deleted.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const canSeeSystems = Boolean(state.business) && canViewSystems(state);
  const canEdit = canSeeSystems && canEditSystems(state);
  return withPhoneLabels({
    business: state.business ? { _id: state.business._id, name: state.business.name } : null,
    canSeeTeam: hasPermission(state.business?.permissions, 'business_users/view'),
    canManageWebhooks: Boolean(state.business) && hasPermission(state.business?.permissions, 'admin'),
    systems: canSeeSystems ? await listSystems(state) : null,
    canEditSystems: canEdit,
    deletedSystem: canEdit ? new URL(request.url).searchParams.get('deleted_system') : null,
  });
}

/** intent=create-<kind>: adds a system of that kind and opens its page (the setup walk-through). */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'systems/edit');
  const formData = await request.formData();
  const parsed = systemCreateSchema.safeParse({ name: formData.get('name') });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? 'Choose a kind of system.' }, { status: 400 });
  const path = v1Calls.systems.create.path;
  const result = await v1(state.caller).systems.create(parsed.data);
  if (!result.ok) return redirectWithToasts(request, '/dashboard/settings', apiToasts(path, result));
  return redirectWithToasts(request, `/dashboard/systems/${result.data.system._id}`, apiToasts(path, result));
}

export default function SettingsRoute() {
  const { business, canSeeTeam, canManageWebhooks, systems, canEditSystems, deletedSystem } =
    useLoaderData<typeof loader>();
  const links = [
    {
      to: '/dashboard/settings/business-settings',
      title: 'Business settings',
      text: 'Opening hours, special dates, timezone, your notifications and daily summary email.',
    },
    {
      to: '/dashboard/assistant-settings',
      title: 'Assistant settings',
      text: 'How the assistant greets and talks to callers.',
    },
    ...(business
      ? [
          {
            to: `/dashboard/businesses/${business._id}`,
            title: 'Business details',
            text: 'Name, email, country, phone numbers and address.',
          },
        ]
      : []),
    ...(canSeeTeam
      ? [{ to: '/dashboard/users', title: 'Team', text: 'Invite members and choose what each may do.' }]
      : []),
    ...(canManageWebhooks
      ? [
          {
            to: '/dashboard/settings/outgoing-webhooks',
            title: 'Outgoing webhooks',
            text: 'Send contacts, calls, texts, leads and orders to Zapier, Make or your CRM.',
          },
        ]
      : []),
    { to: '/dashboard/businesses', title: 'Businesses', text: 'Switch business or add another one.' },
    {
      to: '/dashboard/account-settings',
      title: 'Account settings',
      text: 'Your name, email, mobile number and password.',
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Settings">
        {business ? <p className="text-sm text-slate-600">{business.name}</p> : null}
      </PageHeader>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="settings-links">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={cardClass({ padding: 'sm', className: 'block h-full hover:bg-slate-50' })}>
              <span className="font-medium text-brand-700">{link.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {systems ? (
        <SystemsSection
          systems={systems.systems}
          error={systems.error}
          canEdit={canEditSystems}
          deleted={deletedSystem}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
