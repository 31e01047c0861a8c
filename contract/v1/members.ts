import { z } from 'zod';
import { messages } from '../messages';
import {
  acceptInvitationSchema,
  makeAdminSchema,
  memberEditSchema,
  memberInviteSchema,
  memberListSchema,
  memberMessages,
} from '../schemas/member';
import { businessListEntryOut } from './businesses';
import { businessParams, defineCall, idParams } from './define';

/**
 * Members (business users, docs/product.md#v1-calls, under businesses/users/{business_id}/),
 * their invitations, and the invitation link's own lookup. Admin grants business_users/view
 * and /edit; what only an admin or the owner may do beyond that is checked with the data.
 */
const tags = ['Members'];
const memberParams = idParams('member_id');
const invitationParams = idParams('invitation_id');
const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;

export const memberOut = z
  .object({
    _id: z.string().meta({ description: 'The membership id' }),
    user: z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable() }),
    permissions: z.array(z.string()),
    role: z.enum(['admin', 'member']),
    is_owner: z.boolean().meta({
      description:
        "The business's owner: its creator or whoever they handed it to; always an admin, and no other admin may remove or demote them",
    }),
    created_at: z.string(),
    removed_at: z.string().nullable(),
  })
  .meta({ id: 'BusinessUser' });

export const invitationOut = z
  .object({
    _id: z.string(),
    email: z.string(),
    permissions: z.array(z.string()),
    status: z.enum(INVITATION_STATUSES),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'BusinessInvitation' });

/** What an invitation link shows before sign-in: whose business, for which email, still pending or not. */
export const publicInvitationOut = z.object({
  business: z.object({ _id: z.string(), name: z.string() }),
  email: z.string(),
  permissions: z.array(z.string()),
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
});

const memberData = z.object({ user: memberOut });
const invitationData = z.object({ invitation: invitationOut });

export const members = {
  list: defineCall({
    path: 'businesses/users/{business_id}/list',
    params: businessParams,
    body: memberListSchema,
    bodyRequired: false,
    response: z.object({
      business_users: z.array(memberOut),
      users: z.array(memberOut).meta({ description: 'The same list as business_users' }),
      invitations: z.array(invitationOut),
      total: z.number(),
    }),
    permission: 'business_users/view',
    summary: 'The members (admin or business_users/view); pending invitations too for those who may edit members',
    tags,
  }),
  get: defineCall({
    path: 'businesses/users/{business_id}/get/{member_id}',
    params: memberParams,
    response: memberData,
    permission: 'business_users/view',
    summary: 'One member (admin or business_users/view)',
    tags,
  }),
  invite: defineCall({
    path: 'businesses/users/{business_id}/invite',
    params: businessParams,
    body: memberInviteSchema,
    response: invitationData,
    permission: 'business_users/edit',
    summary:
      'Invite someone by email (business_users/edit or admin); emails an accept link that works for 14 days. An email with a pending invitation is refused (422) and that invitation keeps its permissions: resend-invitation mails it again',
    tags,
  }),
  /** Made before the membership exists: the handler checks the token belongs to this business and the caller's email. */
  accept: defineCall({
    path: 'businesses/users/{business_id}/accept',
    params: businessParams,
    body: acceptInvitationSchema,
    response: z.object({ business: businessListEntryOut }),
    permission: 'signed-in',
    summary:
      "Accept an invitation (token from the link): the signed-in user's email must be the invited one; answers the business list entry. 410 when the invitation expired, was withdrawn or was already used",
    tags,
  }),
  resendInvitation: defineCall({
    path: 'businesses/users/{business_id}/resend-invitation/{invitation_id}',
    params: invitationParams,
    response: invitationData,
    permission: 'business_users/edit',
    summary:
      'Email an invitation again (business_users/edit or admin): the same permissions, a new link for 14 more days; the old link stops working',
    tags,
  }),
  revokeInvitation: defineCall({
    path: 'businesses/users/{business_id}/revoke-invitation/{invitation_id}',
    params: invitationParams,
    response: invitationData,
    permission: 'business_users/edit',
    summary: 'Withdraw a pending invitation (business_users/edit or admin)',
    tags,
  }),
  edit: defineCall({
    path: 'businesses/users/{business_id}/edit/{member_id}',
    params: memberParams,
    body: memberEditSchema,
    response: memberData,
    permission: 'business_users/edit',
    summary:
      "Set a member's permissions (the whole list; business_users/edit or admin; granting or taking away admin is for admins, and the last admin keeps it; only an admin may change their own)",
    tags,
  }),
  remove: defineCall({
    path: 'businesses/users/{business_id}/remove/{member_id}',
    params: memberParams,
    response: memberData,
    permission: 'business_users/edit',
    summary:
      'Remove a member (soft; restore brings them back; the last admin cannot be removed, nor the owner by anyone else: an owner who removes themself hands ownership to the longest-standing other admin)',
    tags,
  }),
  restore: defineCall({
    path: 'businesses/users/{business_id}/restore/{member_id}',
    params: memberParams,
    response: memberData,
    permission: 'business_users/edit',
    summary: 'Restore a removed member with their permissions',
    tags,
  }),
  makeAdmin: defineCall({
    path: 'businesses/users/{business_id}/make-admin',
    params: businessParams,
    body: makeAdminSchema,
    response: memberData,
    permission: 'admin',
    refusal: memberMessages.adminOnly,
    summary: 'Make a member an admin (admin only); payload user_id',
    tags,
  }),
  removeAdmin: defineCall({
    path: 'businesses/users/{business_id}/remove-admin',
    params: businessParams,
    body: makeAdminSchema,
    response: memberData,
    permission: 'admin',
    refusal: messages.team.adminOnlyDemote,
    summary:
      'Take admin away from a member (admin only); payload user_id. They keep their other permissions. Never the last admin; the owner only by themself (ownership then passes to the longest-standing other admin)',
    tags,
  }),
  /** The owner is always an admin; that the caller is the owner is checked with the business. */
  transferOwnership: defineCall({
    path: 'businesses/users/{business_id}/transfer-ownership',
    params: businessParams,
    body: makeAdminSchema,
    response: memberData,
    permission: 'admin',
    refusal: messages.team.ownerOnly,
    summary:
      'Hand the business to another member (the owner only); payload user_id. They become an admin if they were not; the former owner stays an admin',
    tags,
  }),
  availablePermissions: defineCall({
    path: 'businesses/users/{business_id}/available-permissions',
    params: businessParams,
    response: z.object({ permissions: z.array(z.string()) }),
    permission: 'member',
    summary: 'The permission strings a member can be given (labels: contract/permissions.ts PERMISSION_LABELS)',
    tags,
  }),
  /** The link's page asks this before anyone signs in. */
  invitation: defineCall({
    path: 'invitations/get/{token}',
    params: z.object({ token: z.string().min(1) }),
    response: z.object({ invitation: publicInvitationOut }),
    permission: 'public',
    summary:
      'What an invitation link is for (no sign-in): the business, the invited email and whether it is still pending',
    tags,
  }),
};

export type ApiMember = z.output<typeof memberOut>;
export type ApiInvitation = z.output<typeof invitationOut>;
export type ApiPublicInvitation = z.output<typeof publicInvitationOut>;
