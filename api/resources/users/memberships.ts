import { createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { businesses, businessUsers } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { ApiError } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, envelope } from '#api/lib/openapi';
import { businessListEntryOut } from '#contract/v1/businesses';
import { businessChanged } from '#api/lib/events';
import { ownerOf, passOwnership } from '#api/services/members';
import { ok } from '#api/lib/respond';
import { serializeBusiness } from '#api/lib/serialize';

const tags = ['Account'];

export const membershipsRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/list-businesses',
      tags,
      summary: "The caller's businesses, each with the caller's permissions",
      security: bearer,
      middleware: [requireAuth] as const,
      responses: envelope(z.object({ businesses: z.array(businessListEntryOut) })),
    }),
    async (c) => {
      const { db, version } = c.var.deps;
      const { user } = c.var.auth;
      const rows = await db
        .select({ business: businesses, membership: businessUsers })
        .from(businessUsers)
        .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
        .where(and(eq(businessUsers.userId, user.id), isNull(businessUsers.removedAt), isNull(businesses.deletedAt)))
        .orderBy(asc(businessUsers.createdAt), asc(businesses.id));
      return ok(c, {
        businesses: rows.map(({ business, membership }) => ({
          ...serializeBusiness(business, user, version),
          permissions: membership.permissions,
          role: membership.permissions.includes('admin') ? ('admin' as const) : ('member' as const),
        })),
      });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/users/unlink-business/{business_id}',
      tags,
      summary:
        'Leave a business (the last admin must hand over first; an owner leaving hands ownership to the longest-standing other admin)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam },
      responses: envelope(z.object({})),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { business_id } = c.req.valid('param');
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
      return ok(c, {}, [`You have left ${business.name}.`]);
    },
  );
