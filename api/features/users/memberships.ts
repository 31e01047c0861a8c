import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { memberships } from '#contract/v1/users';
import { businesses, businessUsers } from '#api/db/schema';
import { ApiError } from '#api/lib/errors';
import { businessChanged } from '#api/lib/events';
import { loadMembership, membershipKey } from '#api/lib/membership';
import { remember } from '#api/lib/request-memo';
import { serializeBusiness } from '#api/lib/serialize';
import { serveCalls } from '#api/lib/v1-call';
import { ownerOf, passOwnership } from '#api/features/members/service';

export const membershipsRouter = serveCalls(memberships, {
  listBusinesses: async (c) => {
    const { db, version } = c.var.deps;
    const { user } = c.var.auth;
    const rows = await db
      .select({ business: businesses, membership: businessUsers })
      .from(businessUsers)
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(and(eq(businessUsers.userId, user.id), isNull(businessUsers.removedAt), isNull(businesses.deletedAt)))
      .orderBy(asc(businessUsers.createdAt), asc(businesses.id));
    // Each row is a live membership (not removed, business not deleted), the very row the
    // bearer check of a business's call reads: a page's later calls take it from here.
    for (const row of rows) remember(membershipKey(row.business.id, user.id), row);
    return {
      data: {
        businesses: rows.map(({ business, membership }) => ({
          ...serializeBusiness(business, user, version),
          permissions: membership.permissions,
          role: membership.permissions.includes('admin') ? ('admin' as const) : ('member' as const),
        })),
      },
    };
  },
  unlinkBusiness: async (c, { params: { business_id } }) => {
    const { db, clock } = c.var.deps;
    // The declaration let only members through; the membership row is the one that ends.
    const { membership, business } = await loadMembership(db, business_id, c.var.auth.user.id);
    await db.transaction(async (tx) => {
      if (membership.permissions.includes('admin')) {
        const others = await tx
          .select({ permissions: businessUsers.permissions })
          .from(businessUsers)
          .where(
            and(
              eq(businessUsers.businessId, business_id),
              isNull(businessUsers.removedAt),
              ne(businessUsers.id, membership.id),
            ),
          );
        if (!others.some((other) => other.permissions.includes('admin'))) {
          throw new ApiError(422, [
            'You are the last admin of this business. Make another member an admin before you leave.',
          ]);
        }
      }
      // The owner leaving hands the business to the longest-standing other admin.
      if (ownerOf(business) === c.var.auth.user.id)
        await passOwnership(tx, business_id, c.var.auth.user.id, clock.now());
      await tx.update(businessUsers).set({ removedAt: clock.now() }).where(eq(businessUsers.id, membership.id));
    });
    // The business channel is no longer theirs: their connections re-authorise without it.
    await c.var.deps.broadcaster.endUserConnections(c.var.auth.user.id);
    await businessChanged(c.var.deps, 'Updated', business, c.var.auth.user, [c.var.auth.user.id]);
    return { data: {}, messages: [`You have left ${business.name}.`] };
  },
});
