import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { memberMessages } from '#contract/schemas/member';
import type { ApiDeps } from '../deps';
import type { Db } from '../db/client';
import { businessUsers, users } from '../db/schema';
import { ApiError, forbidden, notFound } from '../lib/errors';
import { entityChanged, userUpdated } from '../lib/events';
import { requireBusinessPermission } from '../lib/membership';

/**
 * Members (business users): a user's membership of a business with its permissions.
 * Removal is soft (removed_at) and can be restored; a business always keeps an admin.
 */
export type MemberRow = typeof businessUsers.$inferSelect;
type MemberUser = { id: string; name: string; email: string; mobile: string | null };

export type ApiMember = {
  _id: string;
  user: MemberUser;
  permissions: string[];
  role: 'admin' | 'member';
  created_at: string;
  removed_at: string | null;
};

export const isAdmin = (permissions: readonly string[]) => permissions.includes('admin');

export function serializeMember(row: MemberRow, user: MemberUser): ApiMember {
  return {
    _id: row.id,
    user: { id: user.id, name: user.name, email: user.email, mobile: user.mobile },
    permissions: row.permissions,
    role: isAdmin(row.permissions) ? 'admin' : 'member',
    created_at: row.createdAt.toISOString(),
    removed_at: row.removedAt?.toISOString() ?? null,
  };
}

const memberUser = { id: users.id, name: users.name, email: users.email, mobile: users.mobile };

/** Reading members needs business_users/view (the spec's refusal), writing business_users/edit; admin grants both. */
export const canViewMembers = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'business_users/view', memberMessages.viewRefusal);
export const canEditMembers = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'business_users/edit', memberMessages.editRefusal);

export async function listMembers(db: Db, businessId: string, options: { includeRemoved?: boolean } = {}) {
  const rows = await db
    .select({ member: businessUsers, user: memberUser })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, businessId), options.includeRemoved ? undefined : isNull(businessUsers.removedAt)))
    .orderBy(asc(businessUsers.createdAt), asc(businessUsers.id));
  return rows.map((row) => serializeMember(row.member, row.user));
}

/** One membership of this business (a removed one too: it can be restored); another business's is not found. */
export async function findMember(db: Db, businessId: string, memberId: string) {
  const [row] = await db
    .select({ member: businessUsers, user: memberUser })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.id, memberId), eq(businessUsers.businessId, businessId)))
    .limit(1);
  if (!row) throw notFound('The member');
  return row;
}

/** Throws 422 unless someone other than `memberId` is still an admin (call inside the transaction that changes it). */
async function assertAnotherAdmin(tx: Pick<Db, 'select'>, businessId: string, memberId: string) {
  const others = await tx
    .select({ permissions: businessUsers.permissions })
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt), ne(businessUsers.id, memberId)));
  if (!others.some((other) => isAdmin(other.permissions))) throw new ApiError(422, [memberMessages.lastAdmin]);
}

/** BusinessUser<Kind> on the business channel (the members list reloads) and UserUpdated to the member. */
export async function memberChanged(deps: ApiDeps, businessId: string, kind: 'Created' | 'Updated' | 'Deleted', member: ApiMember) {
  await entityChanged(deps, businessId, 'BusinessUser', kind, member);
  await userUpdated(deps, member.user.id);
}

/**
 * Set a member's permissions (the whole list). Granting or taking away admin is for admins
 * only, and the last admin keeps it. Nobody but an admin changes their own membership: with
 * business_users/edit alone a member could otherwise grant themselves everything.
 */
export async function editMember(deps: ApiDeps, businessId: string, memberId: string, permissions: string[], actor: { userId: string; permissions: readonly string[] }) {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(businessUsers)
      .where(and(eq(businessUsers.id, memberId), eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt)))
      .for('update');
    if (!row) throw notFound('The member');
    if (row.userId === actor.userId && !isAdmin(actor.permissions)) throw forbidden(memberMessages.selfEdit);
    const wasAdmin = isAdmin(row.permissions);
    const willBeAdmin = isAdmin(permissions);
    if (wasAdmin !== willBeAdmin) {
      if (!isAdmin(actor.permissions)) throw forbidden(memberMessages.adminOnly);
      if (wasAdmin) await assertAnotherAdmin(tx, businessId, memberId);
    }
    const [saved] = await tx.update(businessUsers).set({ permissions, updatedAt: deps.clock.now() }).where(eq(businessUsers.id, memberId)).returning();
    return saved;
  });
  const { user } = await findMember(deps.db, businessId, updated.id);
  const member = serializeMember(updated, user);
  await memberChanged(deps, businessId, 'Updated', member);
  return member;
}

export async function removeMember(deps: ApiDeps, businessId: string, memberId: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(businessUsers)
      .where(and(eq(businessUsers.id, memberId), eq(businessUsers.businessId, businessId), isNull(businessUsers.removedAt)))
      .for('update');
    if (!row) throw notFound('The member');
    if (isAdmin(row.permissions)) await assertAnotherAdmin(tx, businessId, memberId);
    const [saved] = await tx.update(businessUsers).set({ removedAt: deps.clock.now(), updatedAt: deps.clock.now() }).where(eq(businessUsers.id, memberId)).returning();
    return saved;
  });
  // At once, before anything else is published: a removed member's connections come back
  // without the business channel (broadcasting/auth refuses it now).
  await deps.broadcaster.endUserConnections(removed.userId);
  const { user } = await findMember(deps.db, businessId, removed.id);
  const member = serializeMember(removed, user);
  await memberChanged(deps, businessId, 'Deleted', member);
  return member;
}

export async function restoreMember(deps: ApiDeps, businessId: string, memberId: string) {
  const { member: row, user } = await findMember(deps.db, businessId, memberId);
  if (!row.removedAt) throw new ApiError(422, ['This member has not been removed.']);
  const [active] = await deps.db
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, row.userId), isNull(businessUsers.removedAt)))
    .limit(1);
  if (active) throw new ApiError(422, [memberMessages.alreadyMember]);
  const [restored] = await deps.db.update(businessUsers).set({ removedAt: null, updatedAt: deps.clock.now() }).where(eq(businessUsers.id, memberId)).returning();
  const member = serializeMember(restored, user);
  await memberChanged(deps, businessId, 'Created', member);
  return member;
}

/** make-admin {user_id}: the user must be an active member; admin joins their permissions. */
export async function makeAdmin(deps: ApiDeps, businessId: string, userId: string) {
  const [row] = await deps.db
    .select({ member: businessUsers, user: memberUser })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), isNull(businessUsers.removedAt)))
    .limit(1);
  if (!row) throw notFound('The member');
  if (isAdmin(row.member.permissions)) return serializeMember(row.member, row.user);
  const [saved] = await deps.db
    .update(businessUsers)
    .set({ permissions: ['admin', ...row.member.permissions], updatedAt: deps.clock.now() })
    .where(eq(businessUsers.id, row.member.id))
    .returning();
  const member = serializeMember(saved, row.user);
  await memberChanged(deps, businessId, 'Updated', member);
  return member;
}
