import type { Context } from 'hono';
import { messages } from '#contract/messages';
import { ASSIGNABLE_PERMISSIONS, hasPermission } from '#contract/permissions';
import { memberMessages } from '#contract/schemas/member';
import { members } from '#contract/v1/members';
import type { ApiEnv } from '#api/lib/context';
import { forbidden } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { serializeBusiness } from '#api/lib/serialize';
import { serveCalls } from '#api/lib/v1-call';
import {
  acceptInvitation,
  describeInvitation,
  inviteMember,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from '#api/features/members/invitations';
import {
  editMember,
  findMember,
  isAdmin,
  listMembers,
  makeAdmin,
  removeAdmin,
  removeMember,
  restoreMember,
  serializeMember,
  transferOwnership,
} from '#api/features/members/service';

/** The caller's own permissions, for what only an admin may grant or change (the declaration let them in). */
async function callerPermissions(c: Context<ApiEnv>, businessId: string): Promise<string[]> {
  return (await loadMembership(c.var.deps.db, businessId, c.var.auth.user.id)).membership.permissions;
}

/** The member calls declared in contract/v1/members.ts; permissions are checked from there. */
export const membersRouter = serveCalls(members, {
  list: async (c, { params, body }) => {
    const { db, clock } = c.var.deps;
    const members = await listMembers(db, params.business_id, { includeRemoved: body.include_removed });
    const invitations = hasPermission(await callerPermissions(c, params.business_id), 'business_users/edit')
      ? await listPendingInvitations(db, params.business_id, clock.now())
      : [];
    return { data: { business_users: members, users: members, invitations, total: members.length } };
  },
  get: async (c, { params }) => {
    const row = await findMember(c.var.deps.db, params.business_id, params.member_id);
    return { data: { user: serializeMember(row.member, row.user, row.ownerId) } };
  },
  invite: async (c, { params, body }) => {
    if (isAdmin(body.permissions) && !isAdmin(await callerPermissions(c, params.business_id)))
      throw forbidden(memberMessages.adminOnly);
    const invitation = await inviteMember(c.var.deps, params.business_id, body, c.var.auth.user);
    return { data: { invitation }, messages: [memberMessages.invited] };
  },
  accept: async (c, { params, body }) => {
    const { user } = c.var.auth;
    const { business, membership } = await acceptInvitation(c.var.deps, params.business_id, body.token, user);
    return {
      data: {
        business: {
          ...serializeBusiness(business, user, c.var.deps.version),
          permissions: membership.permissions,
          role: isAdmin(membership.permissions) ? ('admin' as const) : ('member' as const),
        },
      },
      messages: [`You have joined ${business.name}.`],
    };
  },
  resendInvitation: async (c, { params }) => {
    const permissions = await callerPermissions(c, params.business_id);
    const invitation = await resendInvitation(
      c.var.deps,
      params.business_id,
      params.invitation_id,
      c.var.auth.user,
      permissions,
    );
    return { data: { invitation }, messages: [messages.team.invitationResent] };
  },
  revokeInvitation: async (c, { params }) => ({
    data: { invitation: await revokeInvitation(c.var.deps, params.business_id, params.invitation_id) },
    messages: ['Invitation withdrawn.'],
  }),
  edit: async (c, { params, body }) => {
    const user = await editMember(c.var.deps, params.business_id, params.member_id, body.permissions, {
      userId: c.var.auth.user.id,
      permissions: await callerPermissions(c, params.business_id),
    });
    return { data: { user }, messages: ['Permissions saved.'] };
  },
  remove: async (c, { params }) => {
    const user = await removeMember(c.var.deps, params.business_id, params.member_id, c.var.auth.user.id);
    return { data: { user }, messages: [`${user.user.name} has been removed.`] };
  },
  restore: async (c, { params }) => {
    const user = await restoreMember(c.var.deps, params.business_id, params.member_id);
    return { data: { user }, messages: [`${user.user.name} has been restored.`] };
  },
  makeAdmin: async (c, { params, body }) => {
    const user = await makeAdmin(c.var.deps, params.business_id, body.user_id);
    return { data: { user }, messages: [`${user.user.name} is now an admin.`] };
  },
  removeAdmin: async (c, { params, body }) => {
    const user = await removeAdmin(c.var.deps, params.business_id, body.user_id, c.var.auth.user.id);
    return { data: { user }, messages: [`${user.user.name} is no longer an admin.`] };
  },
  transferOwnership: async (c, { params, body }) => {
    const user = await transferOwnership(c.var.deps, params.business_id, body.user_id, c.var.auth.user.id);
    return { data: { user }, messages: [`${user.user.name} now owns the business.`] };
  },
  availablePermissions: async () => ({ data: { permissions: [...ASSIGNABLE_PERMISSIONS] } }),
  invitation: async (c, { params }) => ({
    data: { invitation: await describeInvitation(c.var.deps, params.token) },
  }),
});
