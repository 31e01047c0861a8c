import { createRoute, z } from '@hono/zod-openapi';
import { messages } from '#contract/messages';
import { ASSIGNABLE_PERMISSIONS, hasPermission } from '#contract/permissions';
import {
  acceptInvitationSchema,
  makeAdminSchema,
  memberEditSchema,
  memberInviteSchema,
  memberListSchema,
  memberMessages,
} from '#contract/schemas/member';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { forbidden } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, businessSchemaOut, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { serializeBusiness } from '#api/lib/serialize';
import {
  acceptInvitation,
  describeInvitation,
  inviteMember,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from '#api/services/invitations';
import {
  canEditMembers,
  canViewMembers,
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
} from '#api/services/members';
import { optionalJsonBody, parseWith } from '../timeline/schemas';

const tags = ['Members'];
const common = { tags, security: bearer, middleware: [requireAuth] };
const base = '/businesses/users/{business_id}';

const memberIdParam = businessIdParam.extend({
  member_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'member_id', in: 'path' } }),
});
const invitationIdParam = businessIdParam.extend({
  invitation_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'invitation_id', in: 'path' } }),
});
const tokenParam = z.object({
  token: z
    .string()
    .min(1)
    .openapi({ param: { name: 'token', in: 'path' } }),
});

const memberOut = z
  .object({
    _id: z.string().openapi({ description: 'The membership id' }),
    user: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable() }),
    permissions: z.array(z.string()),
    role: z.enum(['admin', 'member']),
    is_owner: z.boolean().openapi({
      description:
        "The business's owner: its creator or whoever they handed it to; always an admin, and no other admin may remove or demote them",
    }),
    created_at: z.string(),
    removed_at: z.string().nullable(),
  })
  .openapi('BusinessUser');
const invitationOut = z
  .object({
    _id: z.string(),
    email: z.string(),
    permissions: z.array(z.string()),
    status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .openapi('BusinessInvitation');
const memberData = z.object({ user: memberOut });
const listEntry = businessSchemaOut.extend({ permissions: z.array(z.string()), role: z.enum(['admin', 'member']) });

/** Members (docs/product.md#v1-calls, under businesses/users/{business_id}/) and the public invitation lookup. */
export const membersRouter = createRouter()
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/list`,
      summary: 'The members (admin or business_users/view); pending invitations too for those who may edit members',
      request: { params: businessIdParam, body: optionalJsonBody(memberListSchema) },
      responses: envelope(
        z.object({
          business_users: z.array(memberOut),
          users: z.array(memberOut).openapi({ description: 'The same list as business_users' }),
          invitations: z.array(invitationOut),
          total: z.number(),
        }),
      ),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { business_id } = c.req.valid('param');
      const { membership } = await canViewMembers(db, business_id, c.var.auth.user.id);
      const options = parseWith(memberListSchema, c.req.valid('json'));
      const members = await listMembers(db, business_id, { includeRemoved: options.include_removed });
      const invitations = hasPermission(membership.permissions, 'business_users/edit')
        ? await listPendingInvitations(db, business_id, clock.now())
        : [];
      return ok(c, { business_users: members, users: members, invitations, total: members.length });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/get/{member_id}`,
      summary: 'One member (admin or business_users/view)',
      request: { params: memberIdParam },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { business_id, member_id } = c.req.valid('param');
      await canViewMembers(db, business_id, c.var.auth.user.id);
      const row = await findMember(db, business_id, member_id);
      return ok(c, { user: serializeMember(row.member, row.user, row.ownerId) });
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/invite`,
      summary:
        'Invite someone by email (business_users/edit or admin); emails an accept link that works for 14 days. An email with a pending invitation is refused (422) and that invitation keeps its permissions: resend-invitation mails it again',
      request: { params: businessIdParam, body: jsonBody(memberInviteSchema) },
      responses: envelope(z.object({ invitation: invitationOut })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const { membership } = await canEditMembers(c.var.deps.db, business_id, c.var.auth.user.id);
      const input = c.req.valid('json');
      if (isAdmin(input.permissions) && !isAdmin(membership.permissions)) throw forbidden(memberMessages.adminOnly);
      const invitation = await inviteMember(c.var.deps, business_id, input, c.var.auth.user);
      return ok(c, { invitation }, [memberMessages.invited]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/accept`,
      summary:
        "Accept an invitation (token from the link): the signed-in user's email must be the invited one; answers the business list entry",
      request: { params: businessIdParam, body: jsonBody(acceptInvitationSchema) },
      responses: {
        ...envelope(z.object({ business: listEntry })),
        410: { description: 'The invitation expired, was withdrawn or was already used' },
      },
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const { user } = c.var.auth;
      const { business, membership } = await acceptInvitation(c.var.deps, business_id, c.req.valid('json').token, user);
      return ok(
        c,
        {
          business: {
            ...serializeBusiness(business, user, c.var.deps.version),
            permissions: membership.permissions,
            role: isAdmin(membership.permissions) ? ('admin' as const) : ('member' as const),
          },
        },
        [`You have joined ${business.name}.`],
      );
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/resend-invitation/{invitation_id}`,
      summary:
        'Email an invitation again (business_users/edit or admin): the same permissions, a new link for 14 more days; the old link stops working',
      request: { params: invitationIdParam },
      responses: envelope(z.object({ invitation: invitationOut })),
    }),
    async (c) => {
      const { business_id, invitation_id } = c.req.valid('param');
      const { membership } = await canEditMembers(c.var.deps.db, business_id, c.var.auth.user.id);
      const invitation = await resendInvitation(
        c.var.deps,
        business_id,
        invitation_id,
        c.var.auth.user,
        membership.permissions,
      );
      return ok(c, { invitation }, [messages.team.invitationResent]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/revoke-invitation/{invitation_id}`,
      summary: 'Withdraw a pending invitation (business_users/edit or admin)',
      request: { params: invitationIdParam },
      responses: envelope(z.object({ invitation: invitationOut })),
    }),
    async (c) => {
      const { business_id, invitation_id } = c.req.valid('param');
      await canEditMembers(c.var.deps.db, business_id, c.var.auth.user.id);
      const invitation = await revokeInvitation(c.var.deps, business_id, invitation_id);
      return ok(c, { invitation }, ['Invitation withdrawn.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/edit/{member_id}`,
      summary:
        "Set a member's permissions (the whole list; business_users/edit or admin; granting or taking away admin is for admins, and the last admin keeps it; only an admin may change their own)",
      request: { params: memberIdParam, body: jsonBody(memberEditSchema) },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { business_id, member_id } = c.req.valid('param');
      const { membership } = await canEditMembers(c.var.deps.db, business_id, c.var.auth.user.id);
      const user = await editMember(c.var.deps, business_id, member_id, c.req.valid('json').permissions, {
        userId: c.var.auth.user.id,
        permissions: membership.permissions,
      });
      return ok(c, { user }, ['Permissions saved.']);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/remove/{member_id}`,
      summary:
        'Remove a member (soft; restore brings them back; the last admin cannot be removed, nor the owner by anyone else: an owner who removes themself hands ownership to the longest-standing other admin)',
      request: { params: memberIdParam },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { business_id, member_id } = c.req.valid('param');
      await canEditMembers(c.var.deps.db, business_id, c.var.auth.user.id);
      const user = await removeMember(c.var.deps, business_id, member_id, c.var.auth.user.id);
      return ok(c, { user }, [`${user.user.name} has been removed.`]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/restore/{member_id}`,
      summary: 'Restore a removed member with their permissions',
      request: { params: memberIdParam },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { business_id, member_id } = c.req.valid('param');
      await canEditMembers(c.var.deps.db, business_id, c.var.auth.user.id);
      const user = await restoreMember(c.var.deps, business_id, member_id);
      return ok(c, { user }, [`${user.user.name} has been restored.`]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/make-admin`,
      summary: 'Make a member an admin (admin only); payload user_id',
      request: { params: businessIdParam, body: jsonBody(makeAdminSchema) },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const { membership } = await loadMembership(c.var.deps.db, business_id, c.var.auth.user.id);
      if (!isAdmin(membership.permissions)) throw forbidden(memberMessages.adminOnly);
      const user = await makeAdmin(c.var.deps, business_id, c.req.valid('json').user_id);
      return ok(c, { user }, [`${user.user.name} is now an admin.`]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/remove-admin`,
      summary:
        'Take admin away from a member (admin only); payload user_id. They keep their other permissions. Never the last admin; the owner only by themself (ownership then passes to the longest-standing other admin)',
      request: { params: businessIdParam, body: jsonBody(makeAdminSchema) },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      const { membership } = await loadMembership(c.var.deps.db, business_id, c.var.auth.user.id);
      if (!isAdmin(membership.permissions)) throw forbidden(messages.team.adminOnlyDemote);
      const user = await removeAdmin(c.var.deps, business_id, c.req.valid('json').user_id, c.var.auth.user.id);
      return ok(c, { user }, [`${user.user.name} is no longer an admin.`]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/transfer-ownership`,
      summary:
        'Hand the business to another member (the owner only); payload user_id. They become an admin if they were not; the former owner stays an admin',
      request: { params: businessIdParam, body: jsonBody(makeAdminSchema) },
      responses: envelope(memberData),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await loadMembership(c.var.deps.db, business_id, c.var.auth.user.id);
      const user = await transferOwnership(c.var.deps, business_id, c.req.valid('json').user_id, c.var.auth.user.id);
      return ok(c, { user }, [`${user.user.name} now owns the business.`]);
    },
  )
  .openapi(
    createRoute({
      ...common,
      method: 'post',
      path: `${base}/available-permissions`,
      summary: 'The permission strings a member can be given (labels: contract/permissions.ts PERMISSION_LABELS)',
      request: { params: businessIdParam },
      responses: envelope(z.object({ permissions: z.array(z.string()) })),
    }),
    async (c) => {
      const { business_id } = c.req.valid('param');
      await loadMembership(c.var.deps.db, business_id, c.var.auth.user.id);
      return ok(c, { permissions: [...ASSIGNABLE_PERMISSIONS] });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/invitations/get/{token}',
      tags,
      summary:
        'What an invitation link is for (no sign-in): the business, the invited email and whether it is still pending',
      request: { params: tokenParam },
      responses: envelope(
        z.object({
          invitation: z.object({
            business: z.object({ _id: z.string(), name: z.string() }),
            email: z.string(),
            permissions: z.array(z.string()),
            status: z.enum(['pending', 'accepted', 'expired', 'revoked']),
            expires_at: z.string(),
          }),
        }),
      ),
    }),
    async (c) => ok(c, { invitation: await describeInvitation(c.var.deps, c.req.valid('param').token) }),
  );
