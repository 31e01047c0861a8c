import { PageHeader } from '#app/components/ui/page-header';
import { EmptyState } from '#app/components/ui/empty-state';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '#app/components/error-boundary';
import { SubmitButton } from '#app/components/forms';
import { OwnerBadge } from '#app/routes/dashboard+/users+/__role-actions';
import { RestoreMemberBanner } from '#app/routes/dashboard+/users+/__team-forms';
import { InviteForm } from '#app/routes/dashboard+/users+/__invite-form.deferred';
import { RecentlyDeletedLink } from '#app/components/recently-deleted';
import { loadFailure } from '#app/lib/customers.server';
import { replyWithApiErrors } from '#app/lib/forms.server';
import { requireDashboard, requirePermission } from '#app/lib/guard.server';
import { inviteFormSchema } from '#app/lib/team';
import { permissionLabel, permissionsSummary, roleLabel } from '#app/lib/team-labels';
import { availablePermissions, canEditMembers, listMembers } from '#app/lib/team.server';
import { apiToasts, redirectWithToasts } from '#app/lib/toast.server';
import { v1 } from '#app/lib/v1.server';
import { v1Calls } from '#contract/v1';
import { Card } from '#app/components/ui/card';
import { Pill } from '#app/components/ui/pill';

export const meta: MetaFunction = () => [{ title: 'Team · Business Assistant' }];

/** The team: members with their role and permissions, pending invitations, the invite form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireDashboard(request, context);
  const canEdit = canEditMembers(state);
  const [{ members, invitations, total }, available] = await Promise.all([
    listMembers(state),
    canEdit ? availablePermissions(state) : Promise.resolve([]),
  ]);
  const removed = new URL(request.url).searchParams.get('removed');
  return {
    members,
    invitations: canEdit ? invitations : [],
    total,
    available,
    canEdit,
    me: state.user.id,
    removed: canEdit ? removed : null,
  };
}

/** intent=invite (the invite form), intent=resend and intent=revoke (a pending invitation). */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireDashboard(request, context);
  requirePermission(state, 'business_users/edit');
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'revoke' || intent === 'resend') {
    const members = v1(state.caller).members;
    const call = intent === 'revoke' ? 'revokeInvitation' : 'resendInvitation';
    const result = await (intent === 'revoke' ? members.revokeInvitation : members.resendInvitation)(
      String(formData.get('invitation_id') ?? ''),
    );
    if (!result.ok && result.status === 403) loadFailure(result);
    return redirectWithToasts(request, '/dashboard/users', apiToasts(v1Calls.members[call].path, result));
  }
  const submission = parseWithZod(formData, { schema: inviteFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const result = await v1(state.caller).members.invite(submission.value);
  if (!result.ok) {
    if (result.status === 403 || result.status === 404) loadFailure(result);
    return replyWithApiErrors(submission, result);
  }
  return redirectWithToasts(request, '/dashboard/users', apiToasts(v1Calls.members.invite.path, result));
}

export default function UsersRoute() {
  const { members, invitations, total, available, canEdit, me, removed } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Team">
        <p className="text-sm text-slate-600" data-testid="members-total">
          {total === 1 ? '1 member' : `${total} members`}
        </p>
        <RecentlyDeletedLink kind="members" />
      </PageHeader>

      {removed ? <RestoreMemberBanner id={removed} /> : null}

      {members.every((member) => member.user.id === me) ? (
        <EmptyState title="No one else is on the team yet." testId="members-empty">
          {canEdit
            ? 'Invite a colleague by email below: they create an account (or sign in) and land in this business.'
            : 'An admin can invite colleagues.'}
        </EmptyState>
      ) : null}
      {members.length === 0 ? null : (
        <Card as="ul" padding="none" className="flex flex-col divide-y divide-slate-100" data-testid="member-list">
          {members.map((member) => (
            <li
              key={member._id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
              data-testid="member-row"
              data-id={member._id}
            >
              <div className="flex min-w-0 flex-col">
                <Link to={`/dashboard/users/${member._id}`} className="font-medium text-slate-900 hover:underline">
                  {member.user.name}
                  {member.user.id === me ? ' (you)' : ''}
                </Link>
                <span className="truncate text-sm text-slate-600">{member.user.email}</span>
              </div>
              <Pill
                data-testid="member-role"
                colour={member.role === 'admin' ? 'bg-brand-50 text-brand-700' : 'bg-slate-200 text-slate-700'}
              >
                {roleLabel(member.role)}
              </Pill>
              {member.is_owner ? <OwnerBadge /> : null}
              <span className="ml-auto text-sm text-slate-600" data-testid="member-permissions">
                {permissionsSummary(member)}
              </span>
            </li>
          ))}
        </Card>
      )}

      {canEdit ? (
        <>
          <section className="flex flex-col gap-3" aria-labelledby="invitations-heading">
            <h2 id="invitations-heading" className="text-lg font-semibold">
              Pending invitations
            </h2>
            {invitations.length === 0 ? (
              <p className="text-sm text-slate-600" data-testid="invitations-empty">
                No invitations waiting for an answer.
              </p>
            ) : (
              <Card
                as="ul"
                padding="none"
                className="flex flex-col divide-y divide-slate-100"
                data-testid="invitation-list"
              >
                {invitations.map((invitation) => (
                  <li
                    key={invitation._id}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3"
                    data-testid="invitation-row"
                  >
                    <div className="flex min-w-0 flex-col">
                      <span className="font-medium text-slate-900">{invitation.email}</span>
                      <span className="text-sm text-slate-600">
                        {invitation.permissions.length
                          ? invitation.permissions.map(permissionLabel).join(', ')
                          : 'No permissions'}{' '}
                        · expires{' '}
                        {new Date(invitation.expires_at).toLocaleDateString('en-GB', {
                          day: 'numeric',
                          month: 'short',
                          year: 'numeric',
                          timeZone: 'UTC',
                        })}
                      </span>
                    </div>
                    <Form method="post" className="ml-auto flex items-center gap-2">
                      <input type="hidden" name="invitation_id" value={invitation._id} />
                      {/* The same permissions, a new link and 14 more days. */}
                      <SubmitButton variant="secondary" name="intent" value="resend" pendingText="Sending…">
                        Resend
                      </SubmitButton>
                      <SubmitButton variant="secondary" name="intent" value="revoke" pendingText="Revoking…">
                        Revoke
                      </SubmitButton>
                    </Form>
                  </li>
                ))}
              </Card>
            )}
          </section>
          <InviteForm available={available} reply={reply} />
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
