import { and, asc, eq, isNull } from 'drizzle-orm';
import { resolveBusinessSettings } from '#contract/schemas/business-settings';
import type { Db } from '../../db/client';
import { businesses, customers, services } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { displayName } from '../customer-records';
import type { BusinessContext, CustomerFact } from './types';

/**
 * What the assistant knows about the business before it searches anything: read afresh for
 * every message, so a settings or service change applies to the next one.
 */
export async function loadBusinessContext(db: Db, businessId: string): Promise<BusinessContext> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!business) throw notFound('The business');
  const rows = await db
    .select()
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.status, 'active'), isNull(services.deletedAt)))
    .orderBy(asc(services.name), asc(services.id));
  return {
    id: business.id,
    name: business.name,
    email: business.email,
    telephones: business.telephones,
    address: business.address,
    country: business.country,
    settings: resolveBusinessSettings(business.settings, business.timezone),
    services: rows.map((row) => ({ _id: row.id, name: row.name, description: row.description, price: row.price, frequency: row.frequency })),
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
