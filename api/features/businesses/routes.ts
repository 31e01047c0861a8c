import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { defaultTimezone } from '#contract/countries';
import { businessDeletedMessage } from '#contract/messages';
import { businesses as businessCalls } from '#contract/v1/businesses';
import { businesses, businessUsers } from '#api/db/schema';
import { newId } from '#api/lib/crypto';
import { ApiError, notFound } from '#api/lib/errors';
import { loadMembership } from '#api/lib/membership';
import { businessChanged } from '#api/lib/events';
import { serializeBusiness } from '#api/lib/serialize';
import { serveCalls } from '#api/lib/v1-call';

/** The business calls declared in contract/v1/businesses.ts; permissions are checked from there. */
export const businessesRouter = serveCalls(businessCalls, {
  create: async (c, { body: input }) => {
    const { db, clock, version } = c.var.deps;
    const { user } = c.var.auth;
    const now = clock.now();
    const id = newId();
    const business = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(businesses)
        .values({
          id,
          name: input.name,
          email: input.email,
          country: input.country,
          telephones: input.telephones,
          address: input.address ?? null,
          timezone: input.timezone ?? defaultTimezone(input.country),
          createdBy: user.id,
          ownerId: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(businessUsers).values({
        id: newId(),
        businessId: id,
        userId: user.id,
        permissions: ['admin'],
        createdAt: now,
        updatedAt: now,
      });
      return row;
    });
    await businessChanged(c.var.deps, 'Created', business, user);
    return {
      data: { business: serializeBusiness(business, user, version) },
      messages: [`${business.name} has been created.`],
    };
  },
  update: async (c, { params, body }) => {
    const { db, clock, version } = c.var.deps;
    const { user } = c.var.auth;
    const [business] = await db
      .update(businesses)
      .set({ ...body, updatedAt: clock.now() })
      .where(eq(businesses.id, params.business_id))
      .returning();
    await businessChanged(c.var.deps, 'Updated', business, user);
    return {
      data: { business: serializeBusiness(business, user, version) },
      messages: ['The business has been updated.'],
    };
  },
  onboard: async (c, { params, body }) => {
    const { db, clock, version } = c.var.deps;
    const { user } = c.var.auth;
    let { business } = await loadMembership(db, params.business_id, user.id);
    if (body.step) {
      const onboarding = {
        ...business.onboarding,
        [body.step === 'data-loader' ? 'data_loaded' : 'training_done']: true,
      };
      [business] = await db
        .update(businesses)
        .set({ onboarding, updatedAt: clock.now() })
        .where(eq(businesses.id, params.business_id))
        .returning();
      await businessChanged(c.var.deps, 'Updated', business, user);
    }
    return { data: { business: serializeBusiness(business, user, version) } };
  },
  completedTest: async (c, { params }) => {
    const { db, clock, version } = c.var.deps;
    const { user } = c.var.auth;
    let { business } = await loadMembership(db, params.business_id, user.id);
    if (!business.completedTestAt) {
      const now = clock.now();
      [business] = await db
        .update(businesses)
        .set({ completedTestAt: now, updatedAt: now })
        .where(eq(businesses.id, params.business_id))
        .returning();
      await businessChanged(c.var.deps, 'Updated', business, user);
    }
    return { data: { business: serializeBusiness(business, user, version) }, messages: ['Your assistant is ready.'] };
  },
  delete: async (c, { params }) => {
    const { db, clock, version } = c.var.deps;
    const { user } = c.var.auth;
    const now = clock.now();
    const [business] = await db
      .update(businesses)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(businesses.id, params.business_id))
      .returning();
    await businessChanged(c.var.deps, 'Deleted', business, user);
    // Its members' live connections end once they have heard of the deletion: they come
    // back without its channel, which broadcasting/auth refuses for a deleted business.
    const members = await db
      .select({ userId: businessUsers.userId })
      .from(businessUsers)
      .where(and(eq(businessUsers.businessId, params.business_id), isNull(businessUsers.removedAt)));
    for (const member of members) await c.var.deps.broadcaster.endUserConnections(member.userId);
    return {
      data: { business: serializeBusiness(business, user, version) },
      messages: [businessDeletedMessage(business.name)],
    };
  },
  restore: async (c, { params }) => {
    const { db, clock, version } = c.var.deps;
    const { user } = c.var.auth;
    const [row] = await db
      .select({ business: businesses, membership: businessUsers })
      .from(businessUsers)
      .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
      .where(
        and(
          eq(businessUsers.businessId, params.business_id),
          eq(businessUsers.userId, user.id),
          isNull(businessUsers.removedAt),
          isNotNull(businesses.deletedAt),
        ),
      )
      .limit(1);
    if (!row) throw notFound('The deleted business');
    if (!row.membership.permissions.includes('admin'))
      throw new ApiError(403, ['Only an admin can restore this business.']);
    const [business] = await db
      .update(businesses)
      .set({ deletedAt: null, updatedAt: clock.now() })
      .where(eq(businesses.id, params.business_id))
      .returning();
    await businessChanged(c.var.deps, 'Updated', business, user);
    return {
      data: { business: serializeBusiness(business, user, version) },
      messages: [`${business.name} has been restored.`],
    };
  },
});
