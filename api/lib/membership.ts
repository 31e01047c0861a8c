import { and, eq, isNull } from 'drizzle-orm';
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
  const row = await findMembershipOnce(db, businessId, userId);
  if (!row) throw notFound('The business');
  return row;
}

/** The membership or null; once per page request for the calls its loaders make in process (request-memo.ts). */
export function findMembershipOnce(db: Db, businessId: string, userId: string) {
  return memoized(`member:${businessId}:${userId}`, () => findMembership(db, businessId, userId));
}

async function findMembership(db: Db, businessId: string, userId: string) {
  const [row] = await db
    .select({ business: businesses, membership: businessUsers })
    .from(businessUsers)
    .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(
      and(
        eq(businessUsers.businessId, businessId),
        eq(businessUsers.userId, userId),
        isNull(businessUsers.removedAt),
        isNull(businesses.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function requireBusinessPermission(
  db: Db,
  businessId: string,
  userId: string,
  permission: Permission,
  refusal?: string,
) {
  const row = await loadMembership(db, businessId, userId);
  if (!hasPermission(row.membership.permissions, permission)) throw forbidden(refusal);
  return row;
}
