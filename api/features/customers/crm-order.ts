import { eq } from 'drizzle-orm';
import { CUSTOMER_STATUSES } from '#contract/schemas/customer';
import { crmOrder } from '#contract/v1/customers';
import { businesses } from '#api/db/schema';
import type { ApiEnv } from '#api/lib/context';
import { businessChanged } from '#api/lib/events';
import { loadMembership } from '#api/lib/membership';
import { serveCalls } from '#api/lib/v1-call';
import type { Context } from 'hono';

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

async function store(c: Context<ApiEnv>, businessId: string, order: string[] | null) {
  const { db, clock } = c.var.deps;
  const [business] = await db
    .update(businesses)
    .set({ crmOrder: order, updatedAt: clock.now() })
    .where(eq(businesses.id, businessId))
    .returning();
  await businessChanged(c.var.deps, 'Updated', business, c.var.auth.user);
  return { crm_order: effectiveOrder(business.crmOrder) };
}

export const crmOrderRouter = serveCalls(crmOrder, {
  get: async (c, { params }) => {
    const { business } = await loadMembership(c.var.deps.db, params.business_id, c.var.auth.user.id);
    return { data: { crm_order: effectiveOrder(business.crmOrder) } };
  },
  set: async (c, { params, body }) => ({
    data: await store(c, params.business_id, body.crm_order),
    messages: ['CRM order saved.'],
  }),
  clear: async (c, { params }) => ({
    data: await store(c, params.business_id, null),
    messages: ['CRM order reset to the default.'],
  }),
});
