import { and, asc, eq, isNull } from 'drizzle-orm';
import { productFromMemory } from '#contract/products';
import { resolveBusinessSettings } from '#contract/schemas/business-settings';
import type { Db } from '../../db/client';
import { businesses, customers, memories, services } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { displayName } from '../customer-records';
import type { BusinessContext, CustomerFact } from './types';

/** A shop's catalogue the assistant can take orders from; beyond it, products are still found by the knowledge search. */
const PRODUCTS_MAX = 200;

/**
 * What the assistant knows about the business before it searches anything: read afresh for
 * every message, so a settings or service change applies to the next one.
 */
export async function loadBusinessContext(db: Db, businessId: string): Promise<BusinessContext> {
  // Three independent reads, side by side (they overlap on a pool of connections).
  const [[business], rows, products] = await Promise.all([
    db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1),
    db
      .select()
      .from(services)
      .where(and(eq(services.businessId, businessId), eq(services.status, 'active'), isNull(services.deletedAt)))
      .orderBy(asc(services.name), asc(services.id)),
    db
      .select({ id: memories.id, title: memories.title, content: memories.content, meta: memories.meta })
      .from(memories)
      .where(and(eq(memories.businessId, businessId), eq(memories.type, 'product'), eq(memories.status, 'active'), isNull(memories.deletedAt)))
      .orderBy(asc(memories.title), asc(memories.id))
      .limit(PRODUCTS_MAX),
  ]);
  if (!business) throw notFound('The business');
  return {
    id: business.id,
    name: business.name,
    email: business.email,
    telephones: business.telephones,
    address: business.address,
    country: business.country,
    settings: resolveBusinessSettings(business.settings, business.timezone),
    services: rows.map((row) => ({ _id: row.id, name: row.name, description: row.description, price: row.price, frequency: row.frequency })),
    products: products.map((row) => productFromMemory({ _id: row.id, title: row.title, content: row.content, meta: row.meta })),
  };
}

/** A live contact of this business, as the assistant sees it. */
export async function loadCustomerFact(db: Db, businessId: string, customerId: string | null): Promise<CustomerFact | null> {
  if (!customerId) return null;
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.businessId, businessId), isNull(customers.deletedAt)))
    .limit(1);
  if (!row) return null;
  return { _id: row.id, name: displayName(row), phones: row.phones, emails: row.emails, status: row.status };
}
