import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { CUSTOMER_STATUSES, crmOrderSchema } from '#contract/schemas/customer';
import { businesses } from '#api/db/schema';
import { requireAuth } from '#api/lib/auth';
import { createRouter } from '#api/lib/context';
import { businessChanged } from '#api/lib/events';
import { loadMembership } from '#api/lib/membership';
import { bearer, businessIdParam, envelope, jsonBody } from '#api/lib/openapi';
import { ok } from '#api/lib/respond';
import { canEditCustomers } from './access';

const tags = ['Customers'];
const crmOrderData = z.object({ crm_order: z.array(z.string()) });

/**
 * The order a business shows its customer statuses in (the board's columns). Stored only
 * when set; a stored order that no longer lists every current status (the status set grew)
 * is completed with the missing ones in their default place, so the board never loses a column.
 */
function effectiveOrder(stored: string[] | null): string[] {
  if (!stored) return [...CUSTOMER_STATUSES];
  const known = stored.filter((status) => (CUSTOMER_STATUSES as readonly string[]).includes(status));
  return [...known, ...CUSTOMER_STATUSES.filter((status) => !known.includes(status))];
}

export const crmOrderRouter = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/crm-order/{business_id}/get',
      tags,
      summary: 'The order of customer statuses (any member)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam },
      responses: envelope(crmOrderData),
    }),
    async (c) => {
      const { business } = await loadMembership(c.var.deps.db, c.req.valid('param').business_id, c.var.auth.user.id);
      return ok(c, { crm_order: effectiveOrder(business.crmOrder) });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/crm-order/{business_id}/set',
      tags,
      summary: 'Set the order of customer statuses (customers/edit)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam, body: jsonBody(crmOrderSchema) },
      responses: envelope(crmOrderData),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      await canEditCustomers(db, business_id, user.id);
      const [business] = await db
        .update(businesses)
        .set({ crmOrder: c.req.valid('json').crm_order, updatedAt: clock.now() })
        .where(eq(businesses.id, business_id))
        .returning();
      await businessChanged(c.var.deps, 'Updated', business, user);
      return ok(c, { crm_order: effectiveOrder(business.crmOrder) }, ['CRM order saved.']);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/businesses/crm-order/{business_id}/clear',
      tags,
      summary: 'Back to the default order of customer statuses (customers/edit)',
      security: bearer,
      middleware: [requireAuth] as const,
      request: { params: businessIdParam },
      responses: envelope(crmOrderData),
    }),
    async (c) => {
      const { db, clock } = c.var.deps;
      const { user } = c.var.auth;
      const { business_id } = c.req.valid('param');
      await canEditCustomers(db, business_id, user.id);
      const [business] = await db
        .update(businesses)
        .set({ crmOrder: null, updatedAt: clock.now() })
        .where(eq(businesses.id, business_id))
        .returning();
      await businessChanged(c.var.deps, 'Updated', business, user);
      return ok(c, { crm_order: effectiveOrder(business.crmOrder) }, ['CRM order reset to the default.']);
    },
  );
