import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { buttonClass } from '#app/components/ui/button';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { isPermission } from '#contract/permissions';
import { DialogLink } from '#app/components/dialog-link';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { CancelButton, CancelLink, SubmitButton } from '#app/components/forms';
import {
  isRoleIntent,
  OwnerBadge,
  RoleActionLink,
  RoleConfirmPanel,
} from '#app/routes/dashboard+/users+/__role-actions';
import {
  PermissionChecklist,
  RemoveMemberConfirm,
  RestoreMemberBanner,
} from '#app/routes/dashboard+/users+/__team-forms';
import { loadFailure } from '#app/lib/customers.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { permissionLabel, roleLabel } from '#app/lib/team-labels';
import { availablePermissions, canEditMembers, getMember, isBusinessAdmin, listMembers } from '#app/lib/team.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1, type CallResult } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1';
import { usePhoneFormat } from '#app/lib/phone-labels';
import { withPhoneLabels } from '#app/lib/phone-labels.server';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member.user.name ?? 'Member'} · Team · Business Assistant` },
];

/**
 * One member: their permissions as a checklist. ?confirm=remove (or make-admin, remove-admin,
 * transfer-ownership) shows that confirmation on the page (no JavaScript). The business's
 * owner is never offered for removal or demotion; only the owner may hand the business over.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const canEdit = canEditMembers(state);
  const admin = isBusinessAdmin(state);
  const [member, available, team] = await Promise.all([
    getMember(state, params.id ?? ''),
    canEdit ? availablePermissions(state) : Promise.resolve([]),
    // Whether the signed-in user owns the business (only the owner hands it over).
    admin ? listMembers(state) : Promise.resolve(null),
  ]);
  const isAdminMember = member.role === 'admin' || member.permissions.includes('admin');
  const self = member.user.id === state.user.id;
  const removed = Boolean(member.removed_at);
  const iOwn = Boolean(team?.members.some((entry) => entry.is_owner && entry.user.id === state.user.id));
  const roleActions = removed
    ? []
    : [
        admin && !isAdminMember ? ('make-admin' as const) : null,
        admin && isAdminMember && !member.is_owner ? ('remove-admin' as const) : null,
        iOwn && !self ? ('transfer-ownership' as const) : null,
      ].filter((intent) => intent !== null);
  const confirm = new URL(request.url).searchParams.get('confirm');
  return withPhoneLabels({
    roleActions,
    confirmRole: isRoleIntent(confirm) && roleActions.includes(confirm) ? confirm : null,
    member,
    isAdminMember,
    self,
    removed,
    available,
    canEdit: canEdit && !removed,
    canRestore: canEdit && removed,
    canRemove: canEdit && !removed && !member.is_owner,
    confirmRemove: canEdit && !removed && !member.is_owner && confirm === 'remove',
  });
}

/** The role intents' calls. */
const ROLE_CALLS = {
  'make-admin': 'makeAdmin',
  'remove-admin': 'removeAdmin',
  'transfer-ownership': 'transferOwnership',
} as const;

/** intent=permissions | make-admin | remove-admin | transfer-ownership | remove | restore, each one v1 call, then back with its toast. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'business_users/edit');
  const id = params.id ?? '';
  const self = `/dashboard/users/${encodeURIComponent(id)}`;
  const formData = await request.formData();
  const intent = formData.get('intent');
  const members = v1(state.caller).members;

  let call: (typeof ROLE_CALLS)[keyof typeof ROLE_CALLS] | 'edit' | 'remove' | 'restore';
  // Each of these answers the member: { user }.
  let result: CallResult<typeof v1Calls.members.edit>;
  let done = self;
  let failed = self;
  switch (intent) {
    case 'permissions':
      call = 'edit';
      result = await members.edit(id, {
        permissions: formData.getAll('permissions').map(String).filter(isPermission),
      });
      break;
    case 'make-admin':
    case 'remove-admin':
    case 'transfer-ownership': {
      // The API decides who may (admins; the owner for a transfer) and answers why not.
      const member = await getMember(state, id);
      call = ROLE_CALLS[intent];
      // Named one by one (not members[call]) so the route map (scripts/route-map.ts) sees each call.
      const roleCall = {
        makeAdmin: members.makeAdmin,
        removeAdmin: members.removeAdmin,
        transferOwnership: members.transferOwnership,
      }[call];
      result = await roleCall({ user_id: member.user.id });
      break;
    }
    case 'remove':
      call = 'remove';
      result = await members.remove(id);
      done = `/dashboard/users?removed=${encodeURIComponent(id)}`;
      break;
    case 'restore':
      call = 'restore';
      result = await members.restore(id);
      failed = '/dashboard/users';
      break;
    default:
      return data(null, { status: 400 });
  }
  // A refused role change (the owner is protected, only the owner transfers) comes back as a toast on the page.
  if (!result.ok && result.status === 403 && !isRoleIntent(intent)) loadFailure(result);
  return redirectWithToasts(request, result.ok ? done : failed, apiToasts(v1Calls.members[call].path, result));
}

export default function UserRoute() {
  const phone = usePhoneFormat();
  const {
    member,
    isAdminMember,
    self,
    removed,
    available,
    canEdit,
    canRestore,
    canRemove,
    confirmRemove,
    roleActions,
    confirmRole,
  } = useLoaderData<typeof loader>();
  const page = `/dashboard/users/${member._id}`;
  const name = member.user.name;

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/dashboard/users" className="text-brand-600 underline">
          Team
        </Link>
      </nav>

      {canRestore ? <RestoreMemberBanner id={member._id} name={name} /> : null}
      {removed && !canRestore ? (
        <p className="rounded-xl bg-slate-100 p-4 text-slate-700">{name} was removed from the team.</p>
      ) : null}

      <Card className="flex flex-col gap-4" aria-labelledby="member-name">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="member-name" className="text-2xl font-semibold">
            {name}
            {self ? ' (you)' : ''}
          </h1>
          <Pill data-testid="member-role" colour="bg-slate-200 text-slate-700">
            {roleLabel(member.role)}
          </Pill>
          {member.is_owner ? <OwnerBadge /> : null}
          {roleActions.length || canRemove ? (
            <div className="ml-auto flex flex-wrap items-center gap-3 text-sm">
              {roleActions.map((intent) => (
                <RoleActionLink key={intent} intent={intent} memberId={member._id} name={name} />
              ))}
              {canRemove ? (
                <DialogLink
                  to={`${page}?confirm=remove`}
                  title="Remove member"
                  className={buttonClass('danger')}
                  content={(close) => (
                    <RemoveMemberConfirm id={member._id} name={name} cancel={<CancelButton onClick={close} />} />
                  )}
                >
                  Remove member
                </DialogLink>
              ) : null}
            </div>
          ) : null}
        </div>
        {confirmRole ? <RoleConfirmPanel intent={confirmRole} memberId={member._id} name={name} /> : null}
        {confirmRemove ? (
          <div className="rounded-xl bg-red-50 p-4 ring-1 ring-red-200" role="alertdialog" aria-label="Remove member">
            <RemoveMemberConfirm id={member._id} name={name} cancel={<CancelLink to={page} />} />
          </div>
        ) : null}
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm" data-testid="member-details">
          <dt className="font-medium text-slate-500">Email</dt>
          <dd className="break-all text-slate-900">{member.user.email}</dd>
          {member.user.mobile ? (
            <>
              <dt className="font-medium text-slate-500">Mobile</dt>
              <dd className="text-slate-900">{phone(member.user.mobile)}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-500">Member since</dt>
          <dd className="text-slate-900">
            {new Date(member.created_at).toLocaleDateString('en-GB', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            })}
          </dd>
        </dl>
      </Card>

      <Card className="flex flex-col gap-4" aria-labelledby="permissions-heading">
        <h2 id="permissions-heading" className="text-lg font-semibold">
          Permissions
        </h2>
        {removed ? (
          <p className="text-sm text-slate-600">Restore {name} to change what they may do.</p>
        ) : isAdminMember ? (
          <p className="text-sm text-slate-600" data-testid="member-admin-note">
            {member.is_owner
              ? `${name} is an admin and the owner of this business, and may do everything.`
              : `${name} is an admin of this business and may do everything.`}
          </p>
        ) : canEdit && !self ? (
          // Keyed on the saved list, so a change made elsewhere (realtime) shows here too.
          <Form method="post" className="flex flex-col gap-4" key={member.permissions.join(',')}>
            <PermissionChecklist
              idPrefix={`member-${member._id}`}
              available={available}
              checked={member.permissions}
              legend={`What ${name} may see and change`}
            />
            <div className="flex justify-end">
              <SubmitButton name="intent" value="permissions" pendingText="Saving…">
                Save permissions
              </SubmitButton>
            </div>
          </Form>
        ) : member.permissions.length ? (
          <ul className="list-inside list-disc text-sm text-slate-800" data-testid="member-permission-list">
            {member.permissions.map((permission) => (
              <li key={permission}>{permissionLabel(permission)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No permissions: {name} sees only the pages every member sees.</p>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
