import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { INVITATION_TTL_MS } from '#contract/constants';
import { messages } from '#contract/messages';
import { memberMessages } from '#contract/schemas/member';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { businesses, businessInvitations, businessUsers, users } from '#api/db/schema';
import type { UserRow } from '#api/lib/context';
import { newId, newToken, sha256 } from '#api/lib/crypto';
import { ApiError, forbidden, notFound } from '#api/lib/errors';
import { entityChanged, userUpdated } from '#api/lib/events';
import { serializeMember } from './service';

/**
 * Invitations to join a business by email. The accept link carries a random token of which
 * only the SHA-256 is stored; it works for 14 days. Inviting an address that already has a
 * pending invitation is refused (422) and the invitation keeps its permissions: "Resend"
 * (resendInvitation) mails it again with a new link and 14 more days, the old link dead.
 */
export type InvitationRow = typeof businessInvitations.$inferSelect;
export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

export type ApiInvitation = {
  _id: string;
  email: string;
  permissions: string[];
  status: InvitationStatus;
  created_at: string;
  expires_at: string;
};

export function invitationStatus(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

export function serializeInvitation(row: InvitationRow, now: Date): ApiInvitation {
  return {
    _id: row.id,
    email: row.email,
    permissions: row.permissions,
    status: invitationStatus(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

const pending = (now: Date) =>
  and(
    isNull(businessInvitations.acceptedAt),
    isNull(businessInvitations.revokedAt),
    sql`${businessInvitations.expiresAt} > ${now.toISOString()}`,
  );

/** The business's pending invitations, newest first. */
export async function listPendingInvitations(db: Db, businessId: string, now: Date) {
  const rows = await db
    .select()
    .from(businessInvitations)
    .where(and(eq(businessInvitations.businessId, businessId), pending(now)))
    .orderBy(desc(businessInvitations.createdAt), desc(businessInvitations.id));
  return rows.map((row) => serializeInvitation(row, now));
}

export const acceptLink = (deps: Pick<ApiDeps, 'publicUrl'>, token: string) =>
  `${(deps.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '')}/invitations/${token}`;

export async function inviteMember(
  deps: ApiDeps,
  businessId: string,
  input: { email: string; permissions: string[] },
  actor: UserRow,
) {
  const { db, clock } = deps;
  const now = clock.now();
  const email = input.email.toLowerCase();
  const [member] = await db
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(
      and(
        eq(businessUsers.businessId, businessId),
        isNull(businessUsers.removedAt),
        isNull(users.deletedAt),
        sql`lower(${users.email}) = ${email}`,
      ),
    )
    .limit(1);
  if (member) throw new ApiError(422, [memberMessages.alreadyMember], { email: [memberMessages.alreadyMember] });

  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { row, business } = await db.transaction(async (tx) => {
    // The business row is locked so two invitations of one address cannot cross.
    const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).limit(1).for('update');
    const [existing] = await tx
      .select({ id: businessInvitations.id })
      .from(businessInvitations)
      .where(and(eq(businessInvitations.businessId, businessId), eq(businessInvitations.email, email), pending(now)))
      .limit(1);
    // Never silently replace what the pending invitation grants: say so, and offer Resend.
    if (existing) throw new ApiError(422, [messages.team.alreadyInvited], { email: [messages.team.alreadyInvited] });
    const [row] = await tx
      .insert(businessInvitations)
      .values({
        id: newId(),
        businessId,
        email,
        createdAt: now,
        permissions: input.permissions,
        tokenHash: sha256(token),
        invitedBy: actor.id,
        expiresAt,
        updatedAt: now,
      })
      .returning();
    return { row, business };
  });
  await mailInvitation(deps, { email, token, business, actor });
  const invitation = serializeInvitation(row, now);
  await entityChanged(deps, businessId, 'BusinessUser', 'Updated', invitation);
  return invitation;
}

/**
 * Resend a pending (or lapsed, never accepted or revoked) invitation: the same permissions,
 * a new link that works for 14 days from now; the old link stops working.
 */
export async function resendInvitation(
  deps: ApiDeps,
  businessId: string,
  invitationId: string,
  actor: UserRow,
  actorPermissions: readonly string[],
) {
  const now = deps.clock.now();
  const token = newToken();
  const open = and(
    eq(businessInvitations.id, invitationId),
    eq(businessInvitations.businessId, businessId),
    isNull(businessInvitations.acceptedAt),
    isNull(businessInvitations.revokedAt),
  );
  const [found] = await deps.db
    .select({ permissions: businessInvitations.permissions })
    .from(businessInvitations)
    .where(open)
    .limit(1);
  if (!found) throw notFound('The invitation');
  // As when inviting: an invitation that makes someone admin is an admin's to send.
  if (found.permissions.includes('admin') && !actorPermissions.includes('admin'))
    throw forbidden(memberMessages.adminOnly);
  const [row] = await deps.db
    .update(businessInvitations)
    .set({
      tokenHash: sha256(token),
      invitedBy: actor.id,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      updatedAt: now,
    })
    .where(open)
    .returning();
  if (!row) throw notFound('The invitation');
  const [business] = await deps.db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  await mailInvitation(deps, { email: row.email, token, business, actor });
  const invitation = serializeInvitation(row, now);
  await entityChanged(deps, businessId, 'BusinessUser', 'Updated', invitation);
  return invitation;
}

async function mailInvitation(
  deps: ApiDeps,
  { email, token, business, actor }: { email: string; token: string; business: { name: string }; actor: UserRow },
) {
  await deps.mailer.send({
    to: email,
    subject: `${actor.name} invited you to join ${business.name}`,
    text: [
      `Hello,`,
      ``,
      `${actor.name} (${actor.email}) invited you to join ${business.name} on Business Assistant.`,
      ``,
      `Accept the invitation: ${acceptLink(deps, token)}`,
      ``,
      `If you have no account yet, register with this email address (${email}) and the link takes you into the business.`,
      `The invitation works for 14 days. If you were not expecting it, you can ignore this email.`,
    ].join('\n'),
  });
}

export async function revokeInvitation(deps: ApiDeps, businessId: string, invitationId: string) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(businessInvitations)
    .set({ revokedAt: now, updatedAt: now })
    .where(
      and(
        eq(businessInvitations.id, invitationId),
        eq(businessInvitations.businessId, businessId),
        isNull(businessInvitations.acceptedAt),
        isNull(businessInvitations.revokedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('The invitation');
  const invitation = serializeInvitation(row, now);
  await entityChanged(deps, businessId, 'BusinessUser', 'Updated', invitation);
  return invitation;
}

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: businessInvitations, business: businesses })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(eq(businessInvitations.tokenHash, sha256(token)))
    .limit(1);
  return row;
}

/** invitations/get/{token}: what the accept page shows, without signing in. */
export async function describeInvitation(deps: ApiDeps, token: string) {
  const row = await findByToken(deps.db, token);
  if (!row || row.business.deletedAt) throw new ApiError(404, [memberMessages.invitationNotFound]);
  const { invitation, business } = row;
  return {
    business: { _id: business.id, name: business.name },
    email: invitation.email,
    permissions: invitation.permissions,
    status: invitationStatus(invitation, deps.clock.now()),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accept: the signed-in user's email must be the invited one. That binding holds because an
 * account's email is either the one it registered with or one proven by a code mailed to it
 * (services/email-change.ts), and the token itself only ever went to that mailbox. They
 * become a member with the invited permissions (someone already a member keeps theirs). Works once.
 */
export async function acceptInvitation(deps: ApiDeps, businessId: string, token: string, user: UserRow) {
  const { db, clock } = deps;
  const now = clock.now();
  const found = await findByToken(db, token);
  if (!found || found.invitation.businessId !== businessId || found.business.deletedAt)
    throw new ApiError(404, [memberMessages.invitationNotFound]);
  const { invitation } = found;
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden(memberMessages.wrongEmail);
  const status = invitationStatus(invitation, now);
  if (status === 'revoked') throw new ApiError(410, [memberMessages.invitationRevoked]);
  if (status === 'expired') throw new ApiError(410, [memberMessages.invitationExpired]);
  if (status === 'accepted') throw new ApiError(410, [memberMessages.invitationUsed]);

  const membership = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(businessInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id, updatedAt: now })
      .where(
        and(
          eq(businessInvitations.id, invitation.id),
          isNull(businessInvitations.acceptedAt),
          isNull(businessInvitations.revokedAt),
        ),
      )
      .returning({ id: businessInvitations.id });
    if (claimed.length === 0) throw new ApiError(410, [memberMessages.invitationUsed]);
    const [current] = await tx
      .select()
      .from(businessUsers)
      .where(
        and(
          eq(businessUsers.businessId, businessId),
          eq(businessUsers.userId, user.id),
          isNull(businessUsers.removedAt),
        ),
      )
      .limit(1);
    if (current) return { row: current, created: false };
    const [row] = await tx
      .insert(businessUsers)
      .values({
        id: newId(),
        businessId,
        userId: user.id,
        permissions: invitation.permissions,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { row, created: true };
  });
  if (membership.created) {
    await entityChanged(deps, businessId, 'BusinessUser', 'Created', serializeMember(membership.row, user));
    await userUpdated(deps, user);
  }
  return { business: found.business, membership: membership.row };
}
