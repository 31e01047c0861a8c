import { and, eq, isNull, type AnyColumn, type Placeholder } from 'drizzle-orm';
import { hasPermission, type Permission } from '#contract/permissions';
import type { Db } from '../db/client';
import { businesses, businessUsers } from '../db/schema';
import { forbidden, notFound } from './errors';
import { memoized } from './request-memo';

/**
 * The caller's membership of a business, or 404 when the business does not exist, is
 * deleted, or the caller is not a member: another business's data is never revealed,
 * not even its existence.
 */
export async function loadMembership(db: Db, businessId: string, userId: string) {
  return requireMember(await findMembershipOnce(db, businessId, userId));
}

/** A membership already read (or null), checked like loadMembership and requireBusinessPermission. */
export function requireMember(row: Membership | null, permission?: Permission, refusal?: string): Membership {
  if (!row) throw notFound('The business');
  if (permission && !hasPermission(row.membership.permissions, permission)) throw forbidden(refusal);
  return row;
}

export type Membership = { business: typeof businesses.$inferSelect; membership: typeof businessUsers.$inferSelect };

/** The memo key of a membership, so the bearer check can hand over the one it read with the token (auth.ts). */
export const membershipKey = (businessId: string, userId: string) => `member:${businessId}:${userId}`;

/** The membership or null; once per page request for the calls its loaders make in process (request-memo.ts). */
export function findMembershipOnce(db: Db, businessId: string, userId: string) {
  return memoized(membershipKey(businessId, userId), () => findMembership(db, businessId, userId));
}

async function findMembership(db: Db, businessId: string, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ business: businesses, membership: businessUsers })
    .from(businessUsers)
    .innerJoin(businesses, liveBusinessOfMembership)
    .where(liveMembershipOf(businessId, userId))
    .limit(1);
  return row ?? null;
}

/** What makes a business_users row a live membership: this business's, this user's, not removed. */
export const liveMembershipOf = (businessId: string | Placeholder, userId: string | AnyColumn) =>
  and(eq(businessUsers.businessId, businessId), eq(businessUsers.userId, userId), isNull(businessUsers.removedAt));

/** A membership counts only while its business is not deleted. */
export const liveBusinessOfMembership = and(eq(businesses.id, businessUsers.businessId), isNull(businesses.deletedAt));

export async function requireBusinessPermission(
  db: Db,
  businessId: string,
  userId: string,
  permission: Permission,
  refusal?: string,
) {
  return requireMember(await findMembershipOnce(db, businessId, userId), permission, refusal);
}
