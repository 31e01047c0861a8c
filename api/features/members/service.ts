import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '#contract/messages';
import { memberMessages } from '#contract/schemas/member';
import type { ApiDeps } from '#api/deps';
import type { Db } from '#api/db/client';
import { businesses, businessUsers, users } from '#api/db/schema';
import { ApiError, forbidden, notFound } from '#api/lib/errors';
import { entityChanged, userUpdated } from '#api/lib/events';

/**
 * Members (business users): a user's membership of a business with its permissions.
 * Removal is soft (removed_at) and can be restored; a business always keeps an admin.
 * Its owner (businesses.owner_id: the creator, or whoever they handed it to) is always an
 * admin, and no other admin may remove or demote them. When the owner steps down, removes
 * themself or leaves, ownership passes to the longest-standing other admin.
 */
export type MemberRow = typeof businessUsers.$inferSelect;
type MemberUser = { id: string; name: string; email: string; mobile: string | null };

export type ApiMember = {
  _id: string;
  user: MemberUser;
  permissions: string[];
  role: 'admin' | 'member';
  /** The business's owner (see above). */
  is_owner: boolean;
  created_at: string;
  removed_at: string | null;
};

export const isAdmin = (permissions: readonly string[]) => permissions.includes('admin');

/** Who owns a business: owner_id, or its creator on a row written without one (scripts, fixtures). */
export const ownerOf = (business: { ownerId: string | null; createdBy: string }) =>
  business.ownerId ?? business.createdBy;

export function serializeMember(row: MemberRow, user: MemberUser, ownerId?: string | null): ApiMember {
  return {
    _id: row.id,
    user: { id: user.id, name: user.name, email: user.email, mobile: user.mobile },
    permissions: row.permissions,
    role: isAdmin(row.permissions) ? 'admin' : 'member',
    is_owner: row.userId === ownerId,
    created_at: row.createdAt.toISOString(),
    removed_at: row.removedAt?.toISOString() ?? null,
  };
}

const memberUser = { id: users.id, name: users.name, email: users.email, mobile: users.mobile };
const businessOwner = { ownerId: businesses.ownerId, createdBy: businesses.createdBy };

export async function listMembers(db: Db, businessId: string, options: { includeRemoved?: boolean } = {}) {
  const rows = await db
    .select({ member: businessUsers, user: memberUser, business: businessOwner })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(
      and(
        eq(businessUsers.businessId, businessId),
        options.includeRemoved ? undefined : isNull(businessUsers.removedAt),
      ),
    )
    .orderBy(asc(businessUsers.createdAt), asc(businessUsers.id));
  return rows.map((row) => serializeMember(row.member, row.user, ownerOf(row.business)));
}

/** One membership of this business (a removed one too: it can be restored); another business's is not found. */
export async function findMember(db: Db, businessId: string, memberId: string) {
  const [row] = await db
    .select({ member: businessUsers, user: memberUser, business: businessOwner })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(and(eq(businessUsers.id, memberId), eq(businessUsers.businessId, businessId)))
    .limit(1);
  if (!row) throw notFound('The member');
  return { ...row, ownerId: ownerOf(row.business) };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The business's owner, its row locked so two ownership changes cannot cross. */
async function lockOwner(tx: Tx, businessId: string) {
  const [business] = await tx.select(businessOwner).from(businesses).where(eq(businesses.id, businessId)).for('update');
  if (!business) throw notFound('The business');
  return ownerOf(business);
}

/**
 * The owner is stepping down, removing themself or leaving: ownership passes to the
 * longest-standing other admin (assertAnotherAdmin has made sure there is one).
 */
export async function passOwnership(tx: Tx, businessId: string, leavingUserId: string, now: Date) {
  const others = await tx
    .select({ userId: businessUsers.userId, permissions: businessUsers.permissions })
    .from(businessUsers)
    .where(
      and(
        eq(businessUsers.businessId, businessId),
        isNull(businessUsers.removedAt),
        ne(businessUsers.userId, leavingUserId),
      ),
    )
    .orderBy(asc(businessUsers.createdAt), asc(businessUsers.id));
  const heir = others.find((member) => isAdmin(member.permissions));
  if (!heir) throw new ApiError(422, [memberMessages.lastAdmin]);
  await tx.update(businesses).set({ ownerId: heir.userId, updatedAt: now }).where(eq(businesses.id, businessId));
  return heir.userId;
}

/**
 * Taking admin away from (or removing) `row`: nobody but the owner themself may do it to the
 * owner, and then ownership passes on. Call inside the transaction that changes `row`.
 */
async function guardOwner(tx: Tx, businessId: string, row: MemberRow, actorUserId: string, refusal: string, now: Date) {
  const owner = await lockOwner(tx, businessId);
  if (row.userId !== owner) return;
  if (actorUserId !== owner) throw forbidden(refusal);
  await assertAnotherAdmin(tx, businessId, row.id);
  await passOwnership(tx, businessId, row.userId, now);
}

/** Throws 422 unless someone other than `memberId` is still an admin (call inside the transaction that changes it). */
async function assertAnotherAdmin(tx: Pick<Db, 'select'>, businessId: string, memberId: string) {
  const others = await tx
    .select({ permissions: businessUsers.permissions })
    .from(businessUsers)
    .where(
      and(eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt), ne(businessUsers.id, memberId)),
    );
  if (!others.some((other) => isAdmin(other.permissions))) throw new ApiError(422, [memberMessages.lastAdmin]);
}

/** BusinessUser<Kind> on the business channel (the members list reloads) and UserUpdated to the member. */
export async function memberChanged(
  deps: ApiDeps,
  businessId: string,
  kind: 'Created' | 'Updated' | 'Deleted',
  member: ApiMember,
) {
  await entityChanged(deps, businessId, 'BusinessUser', kind, member);
  await userUpdated(deps, member.user.id);
}

/**
 * Set a member's permissions (the whole list). Granting or taking away admin is for admins
 * only, and the last admin keeps it. Nobody but an admin changes their own membership: with
 * business_users/edit alone a member could otherwise grant themselves everything.
 */
export async function editMember(
  deps: ApiDeps,
  businessId: string,
  memberId: string,
  permissions: string[],
  actor: { userId: string; permissions: readonly string[] },
) {
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(businessUsers)
      .where(
        and(eq(businessUsers.id, memberId), eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt)),
      )
      .for('update');
    if (!row) throw notFound('The member');
    if (row.userId === actor.userId && !isAdmin(actor.permissions)) throw forbidden(memberMessages.selfEdit);
    const wasAdmin = isAdmin(row.permissions);
    const willBeAdmin = isAdmin(permissions);
    if (wasAdmin !== willBeAdmin) {
      if (!isAdmin(actor.permissions)) throw forbidden(memberMessages.adminOnly);
      if (wasAdmin) {
        await assertAnotherAdmin(tx, businessId, memberId);
        await guardOwner(tx, businessId, row, actor.userId, messages.team.ownerStaysAdmin, now);
      }
    }
    const [saved] = await tx
      .update(businessUsers)
      .set({ permissions, updatedAt: now })
      .where(eq(businessUsers.id, memberId))
      .returning();
    return saved;
  });
  return publishMember(deps, businessId, updated.id);
}

/** The member as the API answers it now, published to the team and to them. */
async function publishMember(
  deps: ApiDeps,
  businessId: string,
  memberId: string,
  kind: 'Created' | 'Updated' | 'Deleted' = 'Updated',
) {
  const row = await findMember(deps.db, businessId, memberId);
  const member = serializeMember(row.member, row.user, row.ownerId);
  await memberChanged(deps, businessId, kind, member);
  return member;
}

export async function removeMember(deps: ApiDeps, businessId: string, memberId: string, actorUserId: string) {
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(businessUsers)
      .where(
        and(eq(businessUsers.id, memberId), eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt)),
      )
      .for('update');
    if (!row) throw notFound('The member');
    if (isAdmin(row.permissions)) await assertAnotherAdmin(tx, businessId, memberId);
    await guardOwner(tx, businessId, row, actorUserId, messages.team.ownerCannotBeRemoved, now);
    const [saved] = await tx
      .update(businessUsers)
      .set({ removedAt: now, updatedAt: now })
      .where(eq(businessUsers.id, memberId))
      .returning();
    return saved;
  });
  // At once, before anything else is published: a removed member's connections come back
  // without the business channel (broadcasting/auth refuses it now).
  await deps.broadcaster.endUserConnections(removed.userId);
  return publishMember(deps, businessId, removed.id, 'Deleted');
}

export async function restoreMember(deps: ApiDeps, businessId: string, memberId: string) {
  const { member: row, user, ownerId } = await findMember(deps.db, businessId, memberId);
  if (!row.removedAt) throw new ApiError(422, ['This member has not been removed.']);
  const [active] = await deps.db
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .where(
      and(
        eq(businessUsers.businessId, businessId),
        eq(businessUsers.userId, row.userId),
        isNull(businessUsers.removedAt),
      ),
    )
    .limit(1);
  if (active) throw new ApiError(422, [memberMessages.alreadyMember]);
  const [restored] = await deps.db
    .update(businessUsers)
    .set({ removedAt: null, updatedAt: deps.clock.now() })
    .where(eq(businessUsers.id, memberId))
    .returning();
  const member = serializeMember(restored, user, ownerId);
  await memberChanged(deps, businessId, 'Created', member);
  return member;
}

/** The active membership of `userId` in the business (make-admin, remove-admin and transfer-ownership name the user). */
async function activeMemberOf(tx: Pick<Db, 'select'>, businessId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(businessUsers)
    .where(
      and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), isNull(businessUsers.removedAt)),
    )
    .limit(1);
  if (!row) throw notFound('The member');
  return row;
}

/** make-admin {user_id}: the user must be an active member; admin joins their permissions. */
export async function makeAdmin(deps: ApiDeps, businessId: string, userId: string) {
  const row = await activeMemberOf(deps.db, businessId, userId);
  if (isAdmin(row.permissions)) return publishMember(deps, businessId, row.id);
  await deps.db
    .update(businessUsers)
    .set({ permissions: ['admin', ...row.permissions], updatedAt: deps.clock.now() })
    .where(eq(businessUsers.id, row.id));
  return publishMember(deps, businessId, row.id);
}

/**
 * remove-admin {user_id} (admins only): the member keeps the permissions they had besides
 * admin. Never the last admin; the owner only by themself (ownership then passes on).
 */
export async function removeAdmin(deps: ApiDeps, businessId: string, userId: string, actorUserId: string) {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await activeMemberOf(tx, businessId, userId);
    if (!isAdmin(row.permissions)) return row.id;
    await assertAnotherAdmin(tx, businessId, row.id);
    await guardOwner(tx, businessId, row, actorUserId, messages.team.ownerStaysAdmin, now);
    await tx
      .update(businessUsers)
      .set({ permissions: row.permissions.filter((permission) => permission !== 'admin'), updatedAt: now })
      .where(eq(businessUsers.id, row.id));
    return row.id;
  });
  return publishMember(deps, businessId, id);
}

/**
 * transfer-ownership {user_id}: only the owner hands the business to another active member,
 * who becomes an admin if they were not one. The former owner stays an admin.
 */
export async function transferOwnership(deps: ApiDeps, businessId: string, userId: string, actorUserId: string) {
  const now = deps.clock.now();
  const { heirId, formerId } = await deps.db.transaction(async (tx) => {
    const owner = await lockOwner(tx, businessId);
    if (actorUserId !== owner) throw forbidden(messages.team.ownerOnly);
    const heir = await activeMemberOf(tx, businessId, userId);
    if (heir.userId === owner) throw new ApiError(422, [messages.team.alreadyOwner]);
    if (!isAdmin(heir.permissions)) {
      await tx
        .update(businessUsers)
        .set({ permissions: ['admin', ...heir.permissions], updatedAt: now })
        .where(eq(businessUsers.id, heir.id));
    }
    await tx.update(businesses).set({ ownerId: heir.userId, updatedAt: now }).where(eq(businesses.id, businessId));
    const former = await activeMemberOf(tx, businessId, owner);
    return { heirId: heir.id, formerId: former.id };
  });
  await publishMember(deps, businessId, formerId);
  return publishMember(deps, businessId, heirId);
}
