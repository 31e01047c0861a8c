import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { defaultTimezone } from '#contract/countries';
import { businessDeletedMessage } from '#contract/messages';
import { businessSchema, businessUpdateSchema } from '#contract/schemas/business';
import type { Db } from '#api/db/client';
import { businesses, businessUsers } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { newId } from '#api/lib/crypto';
import { ApiError, forbidden, notFound } from '#api/lib/errors';
import { loadMembership, requireBusinessPermission } from '#api/lib/membership';
import { bearer, businessIdParam, businessSchemaOut, envelope, jsonBody } from '#api/lib/openapi';
import { businessChanged } from '#api/lib/events';
import { ok } from '#api/lib/respond';
import { serializeBusiness } from '#api/lib/serialize';

const tags = ['Businesses'];
const businessOut = z.object({ business: businessSchemaOut });
const onboardBody = z.object({ step: z.enum(['data-loader', 'training-questions']).optional() });
const EDIT_REFUSAL = 'You do not have permission to edit this business';
/** Changing the business or its onboarding state needs businesses/edit (admin grants it). */
const requireBusinessEdit = (db: Db, businessId: string, userId: string) =>
  requireBusinessPermission(db, businessId, userId, 'businesses/edit', EDIT_REFUSAL);

export const businessesRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/create',
      tags,
      summary: 'Create a business; the creator becomes its admin',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { body: jsonBody(businessSchema) },
      responses: envelope(businessOut),
    }),
    async (c) => {
      const { db, clock, version } = c.var.deps;
      const { user } = c.var.auth;
      const input = c.req.valid('json');
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
      return ok(c, { business: serializeBusiness(business, user, version) }, [`${business.name} has been created.`]);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/update/{business_id}',
      tags,
      summary: 'Update a business (admin or businesses/edit)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: jsonBody(businessUpdateSchema) },
      responses: envelope(businessOut),
    }),
    async (c) => {
      const { db, clock, version } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      const input = c.req.valid('json');
      await requireBusinessEdit(db, business_id, user.id);
      const [business] = await db
        .update(businesses)
        .set({ ...input, updatedAt: clock.now() })
        .where(eq(businesses.id, business_id))
        .returning();
      await businessChanged(c.var.deps, 'Updated', business, user);
      return ok(c, { business: serializeBusiness(business, user, version) }, ['The business has been updated.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/onboard/{business_id}',
      tags,
      summary: "The business's onboarding state; records step 4 or 5 when given (admin or businesses/edit)",
      security: bearer,
      middleware: [requireAuth] as const,
      request: {
        params: businessIdParam,
        body: { required: false, content: { 'application/json': { schema: onboardBody } } },
      },
      responses: envelope(businessOut),
    }),
    async (c) => {
      const { db, clock, version } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      const { step } = c.req.valid('json') ?? {};
      let { business } = await requireBusinessEdit(db, business_id, user.id);
      if (step) {
        const onboarding = { ...business.onboarding, [step === 'data-loader' ? 'data_loaded' : 'training_done']: true };
        [business] = await db
          .update(businesses)
          .set({ onboarding, updatedAt: clock.now() })
          .where(eq(businesses.id, business_id))
          .returning();
        await businessChanged(c.var.deps, 'Updated', business, user);
      }
      return ok(c, { business: serializeBusiness(business, user, version) });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/completed-test/{business_id}',
      tags,
      summary: 'Mark the assistant test done: the onboarding wizard is finished (admin or businesses/edit)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam },
      responses: envelope(businessOut),
    }),
    async (c) => {
      const { db, clock, version } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      let { business } = await requireBusinessEdit(db, business_id, user.id);
      if (!business.completedTestAt) {
        const now = clock.now();
        [business] = await db
          .update(businesses)
          .set({ completedTestAt: now, updatedAt: now })
          .where(eq(businesses.id, business_id))
          .returning();
        await businessChanged(c.var.deps, 'Updated', business, user);
      }
      return ok(c, { business: serializeBusiness(business, user, version) }, ['Your assistant is ready.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/delete/{business_id}',
      tags,
      summary: 'Delete a business (admin only; soft, can be restored)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam },
      responses: envelope(businessOut),
    }),
    async (c) => {
      const { db, clock, version } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      const { membership } = await loadMembership(db, business_id, user.id);
      if (!membership.permissions.includes('admin')) throw forbidden('Only an admin can delete this business.');
      const now = clock.now();
      const [business] = await db
        .update(businesses)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(businesses.id, business_id))
        .returning();
      await businessChanged(c.var.deps, 'Deleted', business, user);
      // Its members' live connections end once they have heard of the deletion: they come
      // back without its channel, which broadcasting/auth refuses for a deleted business.
      const members = await db
        .select({ userId: businessUsers.userId })
        .from(businessUsers)
        .where(and(eq(businessUsers.businessId, business_id), isNull(businessUsers.removedAt)));
      for (const member of members) await c.var.deps.broadcaster.endUserConnections(member.userId);
      return ok(c, { business: serializeBusiness(business, user, version) }, [businessDeletedMessage(business.name)]);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/restore/{business_id}',
      tags,
      summary: 'Restore a deleted business (admin only)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam },
      responses: envelope(businessOut),
    }),
    async (c) => {
      const { db, clock, version } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      const [row] = await db
        .select({ business: businesses, membership: businessUsers })
        .from(businessUsers)
        .innerJoin(businesses, eq(businesses.id, businessUsers.businessId))
        .where(
          and(
            eq(businessUsers.businessId, business_id),
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
        .where(eq(businesses.id, business_id))
        .returning();
      await businessChanged(c.var.deps, 'Updated', business, user);
      return ok(c, { business: serializeBusiness(business, user, version) }, [`${business.name} has been restored.`]);
    },
  );
